import type { TransactionRow } from '@moneybox/contract';
import { moneyColumn, textColumn, type ReportColumn } from './report-columns';

type T = (key: string, options?: Record<string, unknown>) => string;

/** Where a movement happened, in words: "Drawer 2", "Reload kiosk", "Machine 101". */
function stationLabel(r: Pick<TransactionRow, 'station' | 'drawer' | 'machine'>, t: T): string {
  if (r.station === 'pos') return t('reports:stations.pos', { n: r.drawer ?? '-' });
  if (r.station === 'machine') return r.machine === null ? t('reports:stations.anyMachine') : t('reports:stations.machine', { n: r.machine });
  return t(`reports:stations.${r.station}`, { defaultValue: r.station });
}

/** A movement type in words (a REPORT_KINDS value). */
export function kindLabel(kind: string, t: T): string {
  return t(`reports:kinds.${kind}`, { defaultValue: kind });
}

/** The revert link as text: on a reverted purchase its revert, on a revert the purchase it takes back. */
export function revertText(r: Pick<TransactionRow, 'reverted_by' | 'reverts_id'>, t: T): string {
  if (r.reverted_by !== null) return t('reports:revertedBy', { id: r.reverted_by });
  if (r.reverts_id !== null) return t('reports:revertOf', { id: r.reverts_id });
  return '';
}

/** The transaction report's columns (screen, CSV and print), newest first as the server sends them. */
export function transactionColumns(t: T, sign: string): ReportColumn<TransactionRow>[] {
  return [
    textColumn('id', t('reports:col.id'), (r) => r.id),
    textColumn('time', t('reports:col.time'), (r) => r.store_time, undefined, true),
    textColumn('type', t('reports:col.type'), (r) => kindLabel(r.fun_name, t)),
    textColumn('station', t('reports:col.station'), (r) => stationLabel(r, t)),
    textColumn('staff', t('reports:col.staff'), (r) => r.account),
    textColumn('customerId', t('reports:col.customerId'), (r) => r.customer_id),
    textColumn('mobileId', t('reports:col.mobileId'), (r) => r.mobile_id),
    textColumn('name', t('reports:col.name'), (r) => r.customer_name),
    moneyColumn('amount', t('reports:col.amount'), (r) => r.amount ?? null, sign),
    textColumn('revert', t('reports:col.revert'), (r) => revertText(r, t)),
  ];
}
