import { Button, Group } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { screenColumns, type ReportColumn } from './report-columns';

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
  /**
   * The key columns (ids), shown on screen right after the first column so that a till (1366 px)
   * shows them without scrolling; the CSV and the print keep the report's own order.
   */
  lead?: readonly string[];
}

interface Edges {
  left: boolean;
  right: boolean;
}

/** Whether the scroll area hides columns on either side. */
function edgesOf(el: HTMLElement): Edges {
  return { left: el.scrollLeft > 1, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 };
}

/**
 * A report on screen: mantine-datatable from the report's columns, the totals row as its footer.
 * The first column stays put while the rest scrolls sideways; when columns are hidden to the right
 * (or left), the edge fades and a 'More columns' button above the table says so and scrolls there.
 */
export function ReportTable<Row>({ columns, rows, rowKey, fetching, paging, testId, label, lead = [] }: ReportTableProps<Row>) {
  const { t } = useTranslation('reports');
  const viewport = useRef<HTMLDivElement | null>(null);
  const [edges, setEdges] = useState<Edges>({ left: false, right: false });
  useEffect(() => {
    // The table scrolls sideways on narrow screens: name its region and let the keyboard scroll it.
    const el = viewport.current;
    if (!el) return;
    el.tabIndex = 0;
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', label);
  }, [label]);
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const update = () => {
      const next = edgesOf(el);
      setEdges((e) => (e.left === next.left && e.right === next.right ? e : next));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(el);
    if (el.firstElementChild) resize.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, [rows, columns.length]);

  const shown = screenColumns(columns, lead);
  const withTotals = shown.some((c) => c.total);
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
        paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) => t('pageInfo', { from, to, total: totalRecords }),
      }
    : {};
  const scrollBy = (dir: 1 | -1) => {
    const el = viewport.current;
    if (el) el.scrollBy({ left: dir * Math.max(120, el.clientWidth * 0.6), behavior: 'smooth' });
  };
  return (
    <div data-testid={testId} className="mbx-report-table" data-more-right={edges.right || undefined} data-more-left={edges.left || undefined}>
      {edges.left || edges.right ? (
        <Group justify="flex-end" gap="xs" mb={4} data-testid="more-columns">
          {edges.left ? (
            <Button variant="subtle" size="compact-sm" onClick={() => scrollBy(-1)} data-testid="columns-left">
              ← {t('columnsLeft')}
            </Button>
          ) : null}
          {edges.right ? (
            <Button variant="light" size="compact-sm" onClick={() => scrollBy(1)} data-testid="columns-right">
              {t('columnsRight')} →
            </Button>
          ) : null}
        </Group>
      ) : null}
      <DataTable<Row>
        withTableBorder
        borderRadius="sm"
        striped
        highlightOnHover
        pinFirstColumn
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
