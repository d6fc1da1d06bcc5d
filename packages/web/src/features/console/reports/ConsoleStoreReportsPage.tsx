import { Badge, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import type { CashLogRow, ConsoleStore } from '@moneybox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { call } from '../../../api/call';
import { useApiQuery } from '../../../api/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useDocumentTitle } from '../../../layouts/page-title';
import { LayoutOf, useLayoutInfo } from '../../../theme/LayoutProvider';
import { storeToday } from '../../../time/store-time';
import { useZReport } from '../../day-close/ZReportPrint';
import { CASH_LEAD, cashLogColumns } from '../../reports/CashLogPage';
import { buildCsv } from '../../reports/csv';
import { dailyColumns } from '../../reports/daily-columns';
import { withDayCloseLinks } from '../../reports/day-close-links';
import { PeriodForm } from '../../reports/PeriodForm';
import { periodPayload, todayPeriod, type Period } from '../../reports/period';
import { PrintReport, type PrintStore } from '../../reports/PrintReport';
import type { ReportColumn } from '../../reports/report-columns';
import { ReportActions } from '../../reports/ReportActions';
import { ReportTable } from '../../reports/ReportTable';
import { shiftColumns } from '../../reports/shift-columns';
import { TransactionReport, useTransactionReport, type TransactionPageInput } from '../../reports/TransactionReport';
import { zoneDiff } from '../shell/console-time';
import { ReportLinks, STORE_REPORTS, StoreBack, type StoreReport } from '../store/StoreNav';
import { ActionAlert } from '../shell/ActionAlert';

/** The same lead columns as the store's Shift Reports screen shows first. */
const SHIFT_LEAD = ['staff', 'start', 'end', 'balance', 'counted', 'overShort'];

/**
 * /operator/stores/:kid/reports/:report: a store's daily, shift or transaction report or day close (Z report),
 * read-only, with the store's report tables and Z report, in the store's time zone and currency sign
 * (its host's layout). What a store's boss may do there (close a day, reprint, annotate) stays in the store.
 */
export default function ConsoleStoreReportsPage() {
  const { t } = useTranslation(['console', 'reports', 'day-close']);
  const params = useParams();
  const kid = Number(params.kid);
  const report: StoreReport = STORE_REPORTS.find((r) => r === params.report) ?? 'daily';
  const detail = useApiQuery('/operator/store', { kid });
  const store = detail.data?.store;
  const title = t(`console:reports.${report}`);
  useDocumentTitle(store ? `${title} · ${store.name} (${store.kid})` : title);
  return (
    <Stack gap="md" maw={1400} mx="auto">
      <StoreBack to={`/operator/stores/${kid}`} label={store ? store.name : t('console:backToStores')} testId="console-store-back" error={detail.error} />
      {store && (
        <>
          <Title order={1} fz="h3" data-testid="console-report-title">
            {`${title} · ${store.name} (${store.kid})`}
          </Title>
          <ReportLinks kid={kid} current={report} />
          <Text fz="sm" c="dimmed">
            {t('console:reports.readOnly', { zone: store.timezone })}
          </Text>
          {/* The store's currency sign: the layout of its (first) host, the colon of layout 2. */}
          <LayoutOf layout={detail.data!.hosts[0]?.layout ?? 0}>
            {report === 'daily' && <Daily store={store} />}
            {report === 'shift' && <Shifts store={store} />}
            {report === 'transactions' && <Transactions store={store} />}
            {report === 'day-close' && <DayClose store={store} />}
            {report === 'cash' && <CashLog store={store} />}
          </LayoutOf>
        </>
      )}
    </Stack>
  );
}

/** The applied period of a store's report: its today (in its zone) until another is applied. */
function useStorePeriod(store: ConsoleStore) {
  const today = storeToday(zoneDiff(store.timezone));
  const [applied, setApplied] = useState<Period | null>(null);
  return { period: applied ?? todayPeriod(today), today, apply: setApplied };
}

/** The print heading's store: the console's store data (never the store's cookies, which name whatever store this browser signed in to). */
function printStore(store: ConsoleStore): PrintStore {
  return { name: store.name, kid: store.kid, zone: store.timezone };
}

function Daily({ store }: { store: ConsoleStore }) {
  const { t } = useTranslation(['reports', 'console']);
  const { coinSign } = useLayoutInfo();
  const state = useStorePeriod(store);
  const q = useApiQuery('/operator/storeDailyReport', { kid: store.kid, ...periodPayload(state.period) });
  // Each day opens its close (the Z report) in the console, as on the store's own screen.
  const columns = withDayCloseLinks(dailyColumns(t, coinSign, q.data?.totals ?? null), (day) => `/operator/stores/${store.kid}/reports/day-close?day=${day}`);
  return <StoreReport store={store} state={state} q={q} columns={columns} rows={q.data?.list ?? []} rowKey={(r) => `${r.day}-${r.channel}`} file="daily" title={t('reports:dailyTitle')} testId="daily-table" />;
}

function Shifts({ store }: { store: ConsoleStore }) {
  const { t } = useTranslation(['reports', 'console']);
  const { coinSign } = useLayoutInfo();
  const state = useStorePeriod(store);
  const q = useApiQuery('/operator/storeShiftReport', { kid: store.kid, ...periodPayload(state.period) });
  const columns = shiftColumns(t, coinSign, q.data?.totals ?? null);
  return <StoreReport store={store} state={state} q={q} columns={columns} rows={q.data?.list ?? []} rowKey={(r) => r.shift_id} file="shifts" title={t('reports:shiftTitle')} testId="shift-table" lead={SHIFT_LEAD} />;
}

/** The store's cash transaction log (issue 40): its day log or its reports of the period, as the store's boss reads them. */
function CashLog({ store }: { store: ConsoleStore }) {
  const { t } = useTranslation(['reports', 'console']);
  const { coinSign } = useLayoutInfo();
  const state = useStorePeriod(store);
  const [level, setLevel] = useState<CashLogRow['level']>('log');
  const q = useApiQuery('/operator/storeCashLog', { kid: store.kid, level, ...periodPayload(state.period) });
  const rows = q.data?.list ?? [];
  const columns = cashLogColumns(t, coinSign, q.data ? rows.length : null);
  return (
    <>
      <SegmentedControl
        value={level}
        onChange={(v) => setLevel(v as CashLogRow['level'])}
        data={(['log', 'report'] as const).map((l) => ({ value: l, label: t(`reports:cashLevel.${l}`) }))}
        data-testid="cash-log-level"
        style={{ alignSelf: 'flex-start' }}
      />
      <StoreReport store={store} state={state} q={q} columns={columns} rows={rows} rowKey={(r) => r.id} file={`cash-${level}`} title={`${t('reports:cashLogTitle')}: ${t(`reports:cashLevel.${level}`)}`} testId="cash-log-table" lead={CASH_LEAD} />
    </>
  );
}

/** The store's transaction report (the boss's whole-store records), paged by the store's own cursor. */
function Transactions({ store }: { store: ConsoleStore }) {
  const { period, today, apply } = useStorePeriod(store);
  const state = useTransactionReport(period, apply);
  const q = useApiQuery('/operator/storeTransactionReport', { kid: store.kid, ...state.input }, { placeholderData: keepPreviousData });
  const fetchPage = (input: TransactionPageInput) => call('/operator/storeTransactionReport', { kid: store.kid, ...input });
  return <TransactionReport state={state} q={q} fetchPage={fetchPage} period={period} today={today} file={`transactions-${store.kid}`} limitDay={store.limit_day} store={printStore(store)} />;
}

interface StoreReportProps<Row> {
  store: ConsoleStore;
  state: ReturnType<typeof useStorePeriod>;
  q: { data?: unknown; error: Error | null; isFetching: boolean };
  columns: ReportColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** The CSV file's name before `-<kid>-<from>-<to>.csv`. */
  file: string;
  title: string;
  testId: string;
  lead?: string[];
}

/** A store's period report in the console: the period form with CSV and print, the store's table, and the A4 copy headed by the console's store. */
function StoreReport<Row>({ store, state: { period, today, apply }, q, columns, rows, rowKey, file, title, testId, lead }: StoreReportProps<Row>) {
  return (
    <>
      <PeriodForm
        period={period}
        today={today}
        onApply={apply}
        limitDay={store.limit_day}
        error={q.error?.message ?? null}
        actions={<ReportActions csv={async () => buildCsv(columns, rows)} fileName={`${file}-${store.kid}-${period.from}-${period.to}.csv`} disabled={!q.data} />}
      />
      <ReportTable columns={columns} rows={rows} rowKey={rowKey} fetching={q.isFetching} testId={testId} label={title} lead={lead} />
      <PrintReport title={title} period={period} filters={[]} columns={columns} rows={rows} rowKey={rowKey} store={printStore(store)} />
    </>
  );
}

function DayClose({ store }: { store: ConsoleStore }) {
  const { t } = useTranslation(['day-close', 'console']);
  const [params, setParams] = useSearchParams();
  const diff = zoneDiff(store.timezone);
  const day = params.get('day') ?? undefined;
  const q = useApiQuery('/operator/storeDayClose', { kid: store.kid, ...(day ? { day } : {}) });
  const v = q.data;
  const print = useZReport(v, diff);
  return (
    <>
      <Group align="end" wrap="wrap">
        <TextInput type="date" label={t('day-close:day')} value={v?.report.day ?? day ?? ''} max={storeToday(diff)} onChange={(e) => e.currentTarget.value && setParams({ day: e.currentTarget.value })} data-testid="day-close-day" />
        {v && (
          <Badge color={v.closed ? 'green' : 'gray'} size="lg" data-testid="day-close-state">
            {v.closed ? t('day-close:closed') : t('day-close:open')}
          </Badge>
        )}
        {print.buttons}
      </Group>
      <ActionAlert error={q.error?.message} testId="report-error" />
      {print.body && (
        <Card withBorder padding="md" maw={520} data-testid="day-close-report">
          {print.body}
        </Card>
      )}
      {print.element}
    </>
  );
}
