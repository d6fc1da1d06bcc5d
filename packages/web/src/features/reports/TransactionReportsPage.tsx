import { Anchor, NativeSelect, TextInput } from '@mantine/core';
import type { ReportKind, TransactionReportReply, TransactionRow } from '@moneybox/contract';
import { REPORT_KINDS, REPORT_LIMIT_MAX } from '@moneybox/contract/report-fields';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { useApiQuery } from '../../api/hooks';
import { PageFrame } from '../../components/PageFrame';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { buildCsv } from './csv';
import { PeriodForm } from './PeriodForm';
import { periodPayload, type Period } from './period';
import { PrintReport } from './PrintReport';
import { ReportActions } from './ReportActions';
import { ReportTable } from './ReportTable';
import { kindLabel, revertText, transactionColumns } from './transaction-columns';
import { usePeriod } from './usePeriod';

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

/** Scrolls to a row of the page shown (the other end of a revert link) and focuses it. */
function showRow(id: number) {
  const row = document.querySelector<HTMLElement>(`[data-testid="transaction-table"] [data-row="${id}"]`);
  if (!row) return;
  row.scrollIntoView({ block: 'center', behavior: 'smooth' });
  row.setAttribute('tabindex', '-1');
  row.focus();
}

/**
 * /Reports/TransactionReports: every money movement of the period, newest first, with filters and
 * paging. The next page is asked with the previous reply's `cursor`, so deep pages stay fast; the
 * CSV walks every page of the applied period the same way.
 */
export default function TransactionReportsPage() {
  const { t } = useTranslation(['reports', 'home']);
  const { coinSign } = useLayoutInfo();
  const { period, today, ready, apply } = usePeriod();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  /** The cursor to send for a page: the reply of the page before it gave it. */
  const [cursors, setCursors] = useState<Record<number, string>>({});

  const base = { ...periodPayload(period), ...filterPayload(filters) };
  const cursor = cursors[page];
  const q = useApiQuery('/drawer/transaction', { ...base, page, limit: PAGE_SIZE, ...(cursor && { cursor }) }, { enabled: ready, placeholderData: keepPreviousData, call: { handle: 'inline' } });

  const reply = q.data;
  useEffect(() => {
    if (reply?.cursor && reply.page === page) setCursors((c) => (c[page + 1] === reply.cursor ? c : { ...c, [page + 1]: reply.cursor! }));
  }, [reply, page]);

  const onApply = (p: Period) => {
    apply(p);
    setFilters(draft);
    setPage(1);
    setCursors({});
  };

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
      const r: TransactionReportReply = await call('/drawer/transaction', { ...base, page: p, limit: REPORT_LIMIT_MAX, ...(next && { cursor: next }) });
      rows.push(...r.list);
      next = r.cursor;
      if (!next || r.list.length === 0) break;
    }
    return buildCsv(columns, rows);
  };

  const filterText = [
    filters.pinId && `${t('reports:customer')}: ${filters.pinId}`,
    filters.fun_name && `${t('reports:type')}: ${kindLabel(filters.fun_name, t)}`,
    filters.drawer && `${t('reports:drawer')}: ${filters.drawer}`,
    filters.account && `${t('reports:account')}: ${filters.account}`,
  ].filter((s): s is string => Boolean(s));
  const total = reply?.total ?? 0;
  const rows = reply?.list ?? [];
  const first = total ? (page - 1) * PAGE_SIZE + 1 : 0;

  return (
    <PageFrame title={t('reports:transactionTitle')} crumbs={[{ label: t('home:groups.report') }]}>
      <PeriodForm
        period={period}
        error={q.isError ? q.error.message : null}
        today={today}
        onApply={onApply}
        actions={<ReportActions csv={csv} fileName={`transactions-${period.from}-${period.to}.csv`} disabled={!reply} />}
      >
        <TextInput label={t('reports:customer')} placeholder={t('reports:customerHint')} value={draft.pinId} onChange={(e) => setDraft({ ...draft, pinId: e.currentTarget.value })} w={170} data-testid="filter-customer" />
        <NativeSelect
          label={t('reports:type')}
          value={draft.fun_name}
          onChange={(e) => setDraft({ ...draft, fun_name: e.currentTarget.value as ReportKind | '' })}
          data={[{ value: '', label: t('reports:all') }, ...REPORT_KINDS.map((k) => ({ value: k, label: kindLabel(k, t) }))]}
          data-testid="filter-type"
        />
        <TextInput label={t('reports:drawer')} inputMode="numeric" value={draft.drawer} onChange={(e) => setDraft({ ...draft, drawer: e.currentTarget.value.replace(/\D/g, '') })} w={90} data-testid="filter-drawer" />
        <TextInput label={t('reports:account')} value={draft.account} onChange={(e) => setDraft({ ...draft, account: e.currentTarget.value })} w={150} data-testid="filter-account" />
      </PeriodForm>
      <ReportTable
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        fetching={q.isFetching}
        paging={{ page, perPage: PAGE_SIZE, total, onPage: setPage }}
        testId="transaction-table"
        label={t('reports:transactionTitle')}
      />
      <PrintReport
        title={t('reports:transactionTitle')}
        period={period}
        filters={filterText}
        note={t('reports:printPage', { from: first, to: first ? first + rows.length - 1 : 0, total })}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
      />
    </PageFrame>
  );
}
