import { Anchor, NativeSelect, TextInput } from '@mantine/core';
import type { ReportKind, TransactionReportReply, TransactionRow } from '@moneybox/contract';
import { REPORT_KINDS, REPORT_LIMIT_MAX } from '@moneybox/contract/report-fields';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { buildCsv } from './csv';
import { PeriodForm } from './PeriodForm';
import { periodPayload, type Period } from './period';
import { PrintReport, type PrintStore } from './PrintReport';
import { ReportActions } from './ReportActions';
import { ReportTable } from './ReportTable';
import { kindLabel, revertText, transactionColumns } from './transaction-columns';

const PAGE_SIZE = 20;

interface Filters {
  pinId: string;
  fun_name: ReportKind | '';
  drawer: string;
  account: string;
}
const NO_FILTERS: Filters = { pinId: '', fun_name: '', drawer: '', account: '' };

/** The filters as the call takes them: empty ones left out. */
function filterPayload(f: Filters) {
  return {
    ...(f.pinId.trim() && { pinId: f.pinId.trim() }),
    ...(f.fun_name && { fun_name: f.fun_name }),
    ...(f.drawer.trim() && { drawer: f.drawer.trim() }),
    ...(f.account.trim() && { account: f.account.trim() }),
  };
}

/** What the transaction report asks for a page: the applied period and filters, the page, its cursor. */
export type TransactionPageInput = ReturnType<typeof periodPayload> & ReturnType<typeof filterPayload> & { page: number; limit: number; cursor?: string };

/** Scrolls to a row of the page shown (the other end of a revert link) and focuses it. */
function showRow(id: number) {
  const row = document.querySelector<HTMLElement>(`[data-testid="transaction-table"] [data-row="${id}"]`);
  if (!row) return;
  row.scrollIntoView({ block: 'center', behavior: 'smooth' });
  row.setAttribute('tabindex', '-1');
  row.focus();
}

/**
 * The transaction report's state (the store's screen and the console's store page alike): the draft and
 * applied filters, the page and the cursor of each page (the reply of the page before gave it), and the
 * input of the page shown.
 */
export function useTransactionReport(period: Period, applyPeriod: (p: Period) => void) {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [cursors, setCursors] = useState<Record<number, string>>({});
  const base = { ...periodPayload(period), ...filterPayload(filters) };
  const cursor = cursors[page];
  const input: TransactionPageInput = { ...base, page, limit: PAGE_SIZE, ...(cursor && { cursor }) };
  const onApply = (p: Period) => {
    applyPeriod(p);
    setFilters(draft);
    setPage(1);
    setCursors({});
  };
  return { input, base, page, setPage, setCursors, draft, setDraft, filters, onApply };
}

export type TransactionReportState = ReturnType<typeof useTransactionReport>;

interface TransactionReportProps {
  state: TransactionReportState;
  q: { data?: TransactionReportReply | undefined; error: Error | null; isFetching: boolean };
  /** Asks one page (the CSV walks every page of the applied period with it). */
  fetchPage: (input: TransactionPageInput) => Promise<TransactionReportReply>;
  period: Period;
  today: string;
  /** The CSV file's name before `-<from>-<to>.csv`. */
  file: string;
  limitDay?: number | undefined;
  /** The print heading's store when it is not the one this browser signed in to (the console). */
  store?: PrintStore | undefined;
}

/**
 * Every money movement of the period, newest first, with filters and paging. The next page is asked
 * with the previous reply's `cursor`, so deep pages stay fast; the CSV walks every page of the applied
 * period the same way.
 */
export function TransactionReport({ state, q, fetchPage, period, today, file, limitDay, store }: TransactionReportProps) {
  const { t } = useTranslation('reports');
  const { coinSign } = useLayoutInfo();
  const { draft, setDraft, filters, page, setCursors } = state;
  const reply = q.data;
  // The next page's cursor, from the reply of the page shown.
  useEffect(() => {
    if (reply?.cursor && reply.page === page) setCursors((c) => (c[page + 1] === reply.cursor ? c : { ...c, [page + 1]: reply.cursor! }));
  }, [reply, page, setCursors]);

  const columns = transactionColumns(t, coinSign).map((c) =>
    c.id === 'revert'
      ? {
          ...c,
          cell: (r: TransactionRow) => {
            const target = r.reverted_by ?? r.reverts_id;
            return target === null ? '' : (
              <Anchor component="button" type="button" size="sm" onClick={() => showRow(target)} data-testid={`revert-link-${r.id}`}>
                {revertText(r, t)}
              </Anchor>
            );
          },
        }
      : c,
  );

  const csv = async () => {
    const rows: TransactionRow[] = [];
    let next: string | null = null;
    for (let p = 1; ; p++) {
      const r: TransactionReportReply = await fetchPage({ ...state.base, page: p, limit: REPORT_LIMIT_MAX, ...(next && { cursor: next }) });
      rows.push(...r.list);
      next = r.cursor;
      if (!next || r.list.length === 0) break;
    }
    return buildCsv(columns, rows);
  };

  const filterText = [
    filters.pinId && `${t('customer')}: ${filters.pinId}`,
    filters.fun_name && `${t('type')}: ${kindLabel(filters.fun_name, t)}`,
    filters.drawer && `${t('drawer')}: ${filters.drawer}`,
    filters.account && `${t('account')}: ${filters.account}`,
  ].filter((s): s is string => Boolean(s));
  const total = reply?.total ?? 0;
  const rows = reply?.list ?? [];
  const first = total ? (page - 1) * PAGE_SIZE + 1 : 0;

  return (
    <>
      <PeriodForm
        period={period}
        error={q.error?.message ?? null}
        today={today}
        onApply={state.onApply}
        limitDay={limitDay}
        actions={<ReportActions csv={csv} fileName={`${file}-${period.from}-${period.to}.csv`} disabled={!reply} />}
      >
        <TextInput label={t('customer')} placeholder={t('customerHint')} value={draft.pinId} onChange={(e) => setDraft({ ...draft, pinId: e.currentTarget.value })} w={170} data-testid="filter-customer" />
        <NativeSelect
          label={t('type')}
          value={draft.fun_name}
          onChange={(e) => setDraft({ ...draft, fun_name: e.currentTarget.value as ReportKind | '' })}
          data={[{ value: '', label: t('all') }, ...REPORT_KINDS.map((k) => ({ value: k, label: kindLabel(k, t) }))]}
          data-testid="filter-type"
        />
        <TextInput label={t('drawer')} inputMode="numeric" value={draft.drawer} onChange={(e) => setDraft({ ...draft, drawer: e.currentTarget.value.replace(/\D/g, '') })} w={90} data-testid="filter-drawer" />
        <TextInput label={t('account')} value={draft.account} onChange={(e) => setDraft({ ...draft, account: e.currentTarget.value })} w={150} data-testid="filter-account" />
      </PeriodForm>
      <ReportTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        fetching={q.isFetching}
        paging={{ page, perPage: PAGE_SIZE, total, onPage: state.setPage }}
        testId="transaction-table"
        label={t('transactionTitle')}
      />
      <PrintReport
        title={t('transactionTitle')}
        period={period}
        filters={filterText}
        note={t('printPage', { from: first, to: first ? first + rows.length - 1 : 0, total })}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        store={store}
      />
    </>
  );
}
