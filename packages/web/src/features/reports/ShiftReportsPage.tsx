import { Button } from '@mantine/core';
import type { ShiftLogRow, ShiftReport } from '@moneybox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { useApiQuery } from '../../api/hooks';
import { PageFrame } from '../../components/PageFrame';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { DrawerReportDialog } from '../drawer-report/DrawerReportDialog';
import { buildCsv } from './csv';
import { PeriodForm } from './PeriodForm';
import { periodPayload } from './period';
import { PrintReport } from './PrintReport';
import type { ReportColumn } from './report-columns';
import { ReportActions } from './ReportActions';
import { ReportTable } from './ReportTable';
import { shiftColumns } from './shift-columns';
import { usePeriod } from './usePeriod';

/**
 * On screen, after the drawer: who, when, and what the count found, then the reprint; the movements
 * (initial amount to special comps) follow, a scroll away on a till. Fifteen figures cannot all fit.
 */
const SHIFT_LEAD = ['staff', 'start', 'end', 'balance', 'counted', 'overShort', 'reprint'];

/**
 * /Reports/ShiftReports: every shift that started in the period with its drawer numbers and a
 * totals row (a cashier gets their own shifts only: the server decides). A closed shift's drawer
 * report reprints as the 300px receipt of the logout flow.
 */
export default function ShiftReportsPage() {
  const { t } = useTranslation(['reports', 'home']);
  const { coinSign } = useLayoutInfo();
  const { period, today, ready, apply } = usePeriod();
  const q = useApiQuery('/drawer/shiftLog', periodPayload(period), { enabled: ready, call: { handle: 'inline' } });
  const [report, setReport] = useState<ShiftReport | null>(null);
  const [loading, setLoading] = useState<number | null>(null);

  const reprint = async (shiftId: number) => {
    setLoading(shiftId);
    try {
      setReport(await call('/drawer/shiftReport', { shift_id: shiftId }));
    } catch {
      // Shown by the call's handler.
    } finally {
      setLoading(null);
    }
  };

  const reprintColumn: ReportColumn<ShiftLogRow> = {
    id: 'reprint',
    header: '',
    screenOnly: true,
    text: () => '',
    cell: (r) =>
      r.open ? null : (
        <Button size="compact-xs" variant="light" loading={loading === r.shift_id} onClick={() => void reprint(r.shift_id)} data-testid={`reprint-${r.shift_id}`}>
          {t('reports:reprint')}
        </Button>
      ),
  };
  const columns = [...shiftColumns(t, coinSign, q.data?.totals ?? null), reprintColumn];
  const rows = q.data?.list ?? [];

  return (
    <PageFrame title={t('reports:shiftTitle')} crumbs={[{ label: t('home:groups.report') }]}>
      <PeriodForm
        period={period}
        error={q.isError ? q.error.message : null}
        today={today}
        onApply={apply}
        actions={<ReportActions csv={async () => buildCsv(columns, rows)} fileName={`shifts-${period.from}-${period.to}.csv`} disabled={!q.data} />}
      />
      <ReportTable columns={columns} rows={rows} rowKey={(r) => r.shift_id} fetching={q.isFetching} testId="shift-table" label={t('reports:shiftTitle')} lead={SHIFT_LEAD} />
      <PrintReport title={t('reports:shiftTitle')} period={period} filters={[]} columns={columns} rows={rows} rowKey={(r) => r.shift_id} enabled={report === null} />
      {/* A reprint is the shift's own report: the account that closed it stays on it. */}
      <DrawerReportDialog opened={report !== null} report={report} onClose={() => setReport(null)} cashierAccount={report ? (report.closedBy ?? report.account) : undefined} />
    </PageFrame>
  );
}
