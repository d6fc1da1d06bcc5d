import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportColumn } from './report-columns';

export interface ReportPaging {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
}

export interface ReportTableProps<Row> {
  columns: readonly ReportColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  fetching?: boolean;
  paging?: ReportPaging;
  testId: string;
  /** Names the table's scroll region (it scrolls sideways on narrow screens, and takes keyboard focus). */
  label: string;
}

/** A report on screen: mantine-datatable from the report's columns, the totals row as its footer. */
export function ReportTable<Row>({ columns, rows, rowKey, fetching, paging, testId, label }: ReportTableProps<Row>) {
  const { t } = useTranslation('reports');
  const viewport = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    // The table scrolls sideways on narrow screens: name its region and let the keyboard scroll it.
    const el = viewport.current;
    if (!el) return;
    el.tabIndex = 0;
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', label);
  }, [label]);
  const withTotals = columns.some((c) => c.total);
  const dtColumns: DataTableColumn<Row>[] = columns.map((c) => ({
    accessor: c.id,
    title: c.header,
    textAlign: c.numeric ? 'right' : 'left',
    // Figures and times stay on one line; headings and names wrap, so the table fits beside the menu.
    noWrap: c.numeric || c.nowrap,
    titleStyle: { whiteSpace: 'normal' },
    render: (r: Row) => (c.cell ? c.cell(r) : c.text(r)),
    ...(withTotals && { footer: c.total?.text ?? '', footerStyle: { whiteSpace: 'nowrap' } }),
  }));
  const pagingProps = paging
    ? {
        page: paging.page,
        onPageChange: paging.onPage,
        totalRecords: paging.total,
        recordsPerPage: paging.perPage,
        paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) => t('pageInfo', { from, to, total: totalRecords }),
      }
    : {};
  return (
    <div data-testid={testId}>
      <DataTable<Row>
        withTableBorder
        borderRadius="sm"
        striped
        highlightOnHover
        fz="sm"
        verticalSpacing={6}
        minHeight={rows.length ? undefined : 160}
        records={rows}
        idAccessor={(r) => rowKey(r)}
        columns={dtColumns}
        fetching={fetching ?? false}
        noRecordsText={t('empty')}
        customRowAttributes={(r) => ({ 'data-row': rowKey(r) })}
        scrollViewportRef={viewport}
        {...pagingProps}
      />
    </div>
  );
}
