import type { LargePayoutRow } from '@moneybox/contract';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/hooks';
import { PageFrame } from '../../components/PageFrame';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { buildCsv } from './csv';
import { PeriodForm } from './PeriodForm';
import { periodPayload } from './period';
import { PrintReport } from './PrintReport';
import { moneyColumn, textColumn, type ReportColumn } from './report-columns';
import { ReportActions } from './ReportActions';
import { ReportTable } from './ReportTable';
import { usePeriod } from './usePeriod';

type T = (key: string, options?: Record<string, unknown>) => string;

/** The large-payouts report's columns with its totals row (screen, CSV and print). */
export function largePayoutColumns(t: T, sign: string, totals: { total: number; count: number } | null): ReportColumn<LargePayoutRow>[] {
  return [
    textColumn('time', t('reports:col.time'), (r) => r.store_time, totals ? t('reports:totalPayouts', { count: totals.count }) : undefined, true),
    textColumn('id', t('reports:col.id'), (r) => r.movement_id),
    textColumn('drawer', t('reports:col.drawer'), (r) => r.drawer),
    textColumn('staff', t('reports:col.staff'), (r) => r.account),
    textColumn('customerId', t('reports:col.customerId'), (r) => r.customer_id),
    textColumn('mobileId', t('reports:col.mobileId'), (r) => r.mobile_id),
    textColumn('name', t('reports:col.name'), (r) => r.customer_name),
    textColumn('idType', t('reports:col.idType'), (r) => t(`customer:idCheck.types.${r.id_type}`)),
    textColumn('idNumber', t('reports:col.idNumber'), (r) => r.id_number),
    moneyColumn('amount', t('reports:col.amount'), (r) => r.amount, sign, totals ? totals.total : undefined),
    // The thresholds apply to the customer's payouts of the store day: the total that made this one large.
    moneyColumn('dayTotal', t('reports:col.dayTotal'), (r) => r.day_total, sign),
  ];
}

/** On screen the amount and the customer come first after the time; the rest a scroll away on a till. */
const LEAD = ['amount', 'dayTotal', 'name', 'idType', 'idNumber'];

/**
 * /Reports/LargePayouts (bosses only; issue 24): every redeem that took the customer's payouts of its
 * store day above the store's large-payout threshold (and each after it that day), paid in the period, with the customer's ID as checked at the counter, for tax reporting; CSV and print.
 */
export default function LargePayoutsPage() {
  const { t } = useTranslation(['reports', 'home', 'customer']);
  const { coinSign } = useLayoutInfo();
  const { period, today, ready, apply } = usePeriod();
  const q = useApiQuery('/drawer/largePayouts', periodPayload(period), { enabled: ready, call: { handle: 'inline' } });
  const columns = largePayoutColumns(t, coinSign, q.data ? { total: q.data.total, count: q.data.count } : null);
  const rows = q.data?.list ?? [];
  return (
    <PageFrame title={t('reports:largePayoutsTitle')} crumbs={[{ label: t('home:groups.report') }]}>
      <PeriodForm
        period={period}
        today={today}
        onApply={apply}
        error={q.isError ? q.error.message : null}
        actions={<ReportActions csv={async () => buildCsv(columns, rows)} fileName={`large-payouts-${period.from}-${period.to}.csv`} disabled={!q.data} />}
      />
      <ReportTable columns={columns} rows={rows} rowKey={(r) => r.movement_id} fetching={q.isFetching} testId="large-payouts-table" label={t('reports:largePayoutsTitle')} lead={LEAD} />
      <PrintReport title={t('reports:largePayoutsTitle')} period={period} filters={[]} columns={columns} rows={rows} rowKey={(r) => r.movement_id} />
    </PageFrame>
  );
}
