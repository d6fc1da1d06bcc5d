import { SegmentedControl, Text } from '@mantine/core';
import type { CashLogRow } from '@moneybox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/hooks';
import { PageFrame } from '../../components/PageFrame';
import { formatUnits } from '../../money/units';
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
type Level = CashLogRow['level'];

/** The cash log's columns with its count (screen, CSV and print): the identity as recorded, the movement that reached the threshold, the day's sum. */
export function cashLogColumns(t: T, sign: string, count: number | null): ReportColumn<CashLogRow>[] {
  return [
    textColumn('day', t('reports:col.day'), (r) => r.day, count === null ? undefined : t('reports:totalCashEntries', { count }), true),
    textColumn('time', t('reports:col.time'), (r) => r.store_time, undefined, true),
    textColumn('direction', t('reports:col.direction'), (r) => t(`reports:cashDirection.${r.direction}`)),
    moneyColumn('threshold', t('reports:col.threshold'), (r) => r.threshold, sign),
    moneyColumn('dayTotal', t('reports:col.dayTotal'), (r) => r.day_total, sign),
    moneyColumn('amount', t('reports:col.amount'), (r) => r.amount, sign),
    textColumn('channel', t('reports:col.channel'), (r) => t(`reports:channels.${r.channel}`, { defaultValue: r.channel })),
    textColumn('staff', t('reports:col.staff'), (r) => r.account ?? (r.machine === null ? '' : t('reports:cashKiosk', { n: r.machine }))),
    textColumn('id', t('reports:col.id'), (r) => r.movement_id),
    textColumn('customerId', t('reports:col.customerId'), (r) => r.customer_id),
    textColumn('mobileId', t('reports:col.mobileId'), (r) => r.mobile_id),
    textColumn('name', t('reports:col.name'), (r) => `${r.identity.first_name} ${r.identity.last_name}`.trim()),
    textColumn('birthday', t('reports:col.birthday'), (r) => r.identity.birthday),
    textColumn('idNumber', t('reports:col.idNumber'), (r) => r.identity.drivers_license),
    textColumn('address', t('reports:col.address'), (r) => r.identity.address),
    textColumn('movements', t('reports:col.movements'), (r) => r.movements),
  ];
}

/** On screen the customer and the sums come first after the day; the rest a scroll away on a till. */
export const CASH_LEAD = ['time', 'direction', 'dayTotal', 'name', 'idNumber'];

/**
 * /Reports/CashLog (bosses only; issue 40, docs/COMPLIANCE.md "Cash transaction log"): the store's cash
 * transaction log of the period, by store day: the day log (a customer's cash in or out of a store day reaching
 * the log threshold) or the reports (above the report threshold), each with the customer's identity as recorded,
 * the cashier or reload kiosk and the time; CSV (the contract's formula guard) and print.
 */
export default function CashLogPage() {
  const { t } = useTranslation(['reports', 'home']);
  const { coinSign } = useLayoutInfo();
  const { period, today, ready, apply } = usePeriod();
  const [level, setLevel] = useState<Level>('log');
  const q = useApiQuery('/drawer/cashLog', { ...periodPayload(period), level }, { enabled: ready, call: { handle: 'inline' } });
  const rows = q.data?.list ?? [];
  const columns = cashLogColumns(t, coinSign, q.data ? rows.length : null);
  const th = q.data?.thresholds;
  const title = `${t('reports:cashLogTitle')}: ${t(`reports:cashLevel.${level}`)}`;
  return (
    <PageFrame title={t('reports:cashLogTitle')} crumbs={[{ label: t('home:groups.report') }]}>
      <SegmentedControl
        value={level}
        onChange={(v) => setLevel(v as Level)}
        data={(['log', 'report'] as const).map((l) => ({ value: l, label: t(`reports:cashLevel.${l}`) }))}
        data-testid="cash-log-level"
        mb="sm"
      />
      {th && (
        <Text size="sm" c="dimmed" mb="sm" data-testid="cash-log-thresholds">
          {th.log > 0 || th.report > 0 ? t('reports:cashThresholds', { log: formatUnits(th.log, coinSign), report: formatUnits(th.report, coinSign) }) : t('reports:cashOff')}
        </Text>
      )}
      <PeriodForm
        period={period}
        today={today}
        onApply={apply}
        error={q.isError ? q.error.message : null}
        actions={<ReportActions csv={async () => buildCsv(columns, rows)} fileName={`cash-${level}-${period.from}-${period.to}.csv`} disabled={!q.data} />}
      />
      <ReportTable columns={columns} rows={rows} rowKey={(r) => r.id} fetching={q.isFetching} testId="cash-log-table" label={title} lead={CASH_LEAD} />
      <PrintReport title={title} period={period} filters={[]} columns={columns} rows={rows} rowKey={(r) => r.id} />
    </PageFrame>
  );
}
