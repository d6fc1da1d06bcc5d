import type { ShiftLogReply, ShiftLogRow } from '@moneybox/contract';
import { moneyColumn, textColumn, type ReportColumn } from './report-columns';

type T = (key: string, options?: Record<string, unknown>) => string;
type Totals = ShiftLogReply['totals'];

/** The shift report's columns with their totals row (screen, CSV and print). */
export function shiftColumns(t: T, sign: string, totals: Totals | null): ReportColumn<ShiftLogRow>[] {
  // A total the server left out (some row does not show the figure) is shown as '-', like the cells it would sum.
  const m = (id: string, key: string, get: (r: ShiftLogRow) => number | null, total: number | undefined) => moneyColumn(id, t(`reports:col.${key}`), get, sign, totals ? (total ?? null) : undefined);
  return [
    textColumn('drawer', t('reports:col.drawer'), (r) => r.moneybox, totals ? t('reports:totalShifts', { count: totals.shifts }) : undefined),
    textColumn('staff', t('reports:col.staff'), (r) => r.account),
    textColumn('start', t('reports:col.start'), (r) => r.store_start, undefined, true),
    textColumn('end', t('reports:col.end'), (r) => (r.open ? t('reports:open') : r.store_end), undefined, true),
    m('initial', 'initial', (r) => r.initial_amount ?? null, totals?.initial_amount),
    m('fills', 'fills', (r) => r.fills ?? null, totals?.fills),
    m('bleeds', 'bleeds', (r) => r.bleeds ?? null, totals?.bleeds),
    m('purchases', 'purchases', (r) => r.purchases ?? null, totals?.purchases),
    m('redeems', 'redeems', (r) => r.redeems ?? null, totals?.redeems),
    m('comps', 'comps', (r) => r.comps ?? null, totals?.comps),
    m('specialComps', 'specialComps', (r) => r.special_comps ?? null, totals?.special_comps),
    m('balance', 'balance', (r) => r.balance ?? null, totals?.balance),
    m('counted', 'counted', (r) => r.counted, totals?.counted),
    m('overShort', 'overShort', (r) => r.over_short, totals?.over_short),
    textColumn('closedBy', t('reports:col.closedBy'), (r) => (r.open ? '' : (r.closedBy ?? r.account))),
  ];
}
