import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DATA_TABLE_LOOK, TableEdge } from '../../components/WideTable';
import { screenColumns, type ReportColumn } from './report-columns';

interface ReportPaging {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
  /** The pager's words when a page is not `perPage` rows (the console's report pages by stores). */
  text?: string;
}

interface ReportTableProps<Row> {
  columns: readonly ReportColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  fetching?: boolean;
  paging?: ReportPaging;
  testId: string;
  /** Names the table's scroll region (it scrolls sideways on narrow screens, and takes keyboard focus). */
  label: string;
  /**
   * The key columns (ids), shown on screen right after the first column so that a till (1366 px)
   * shows them without scrolling; the CSV and the print keep the report's own order.
   */
  lead?: readonly string[];
}

/**
 * A report on screen: mantine-datatable from the report's columns, the totals row as its footer.
 * The first column stays put while the rest scrolls sideways, inside the wide-table edge
 * (`components/WideTable.tsx`: faded edge, 'More columns' button).
 */
export function ReportTable<Row>({ columns, rows, rowKey, fetching, paging, testId, label, lead = [] }: ReportTableProps<Row>) {
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
  const shown = screenColumns(columns, lead);
  // An empty period shows its empty state alone: a row of zero totals would sit over it.
  const withTotals = rows.length > 0 && shown.some((c) => c.total);
  const dtColumns: DataTableColumn<Row>[] = shown.map((c) => ({
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
        paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) => paging.text ?? t('pageInfo', { from, to, total: totalRecords }),
      }
    : {};
  return (
    <TableEdge scroller={viewport} watch={[rows, columns.length]} testId={testId} rootTestId={testId} className="mbx-report-table">
      <DataTable<Row>
        {...DATA_TABLE_LOOK}
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
    </TableEdge>
  );
}
