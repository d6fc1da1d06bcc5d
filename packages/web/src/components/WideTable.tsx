import { Button, Group } from '@mantine/core';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/** Which sides of a scroll box hide columns. */
interface HiddenEdges {
  left: boolean;
  right: boolean;
}

/** The sides of a scroll box with content hidden past them (a pixel of rounding is not content). */
export function hiddenEdges(box: { scrollLeft: number; clientWidth: number; scrollWidth: number }): HiddenEdges {
  return { left: box.scrollLeft > 1, right: box.scrollLeft + box.clientWidth < box.scrollWidth - 1 };
}

/** Follows a scroll box's hidden edges: on scroll, on a resize of the box, of its content or of the window, and when `watch` changes. */
function useHiddenEdges(scroller: RefObject<HTMLElement | null>, watch: readonly unknown[]): HiddenEdges {
  const [edges, setEdges] = useState<HiddenEdges>({ left: false, right: false });
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const update = () => {
      const next = hiddenEdges(el);
      setEdges((e) => (e.left === next.left && e.right === next.right ? e : next));
    };
    update();
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(el);
    if (el.firstElementChild) observer?.observe(el.firstElementChild);
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
    // `watch`: what changes the content's width (rows, columns).
  }, [scroller, ...watch]);
  return edges;
}

interface EdgeProps {
  /** The element that scrolls sideways (a table's own box, or mantine-datatable's viewport). */
  scroller: RefObject<HTMLElement | null>;
  /** What changes the content's width, so the edges are measured again. */
  watch?: readonly unknown[];
  /** The bar above the table is `${testId}-more`. */
  testId: string;
  /** The root's own test id. */
  rootTestId?: string;
  className?: string;
  /** The table, or a function of the edges for a scroll box that shows them itself. */
  children: React.ReactNode | ((edges: HiddenEdges) => React.ReactNode);
}

/**
 * THE edge of a table wider than its place (the page itself never scrolls sideways): while columns are
 * hidden to the right (or left) the right edge fades and a 'More columns →' ('← First columns') button
 * above the table says so in words and scrolls there. Used by `WideTable` and the reports' `ReportTable`.
 */
export function TableEdge({ scroller, watch = [], testId, rootTestId, className, children }: EdgeProps) {
  const { t } = useTranslation('common');
  const edges = useHiddenEdges(scroller, watch);
  const scrollBy = (dir: 1 | -1) => {
    const el = scroller.current;
    if (el) el.scrollBy({ left: dir * Math.max(120, el.clientWidth * 0.6), behavior: 'smooth' });
  };
  return (
    <div className={`mbx-wide-table ${className ?? ''}`} data-testid={rootTestId} data-more-right={edges.right || undefined} data-more-left={edges.left || undefined}>
      {/* Always there, so the table does not jump when a resize hides or shows columns. */}
      <Group justify="flex-end" gap="xs" mih={26} mb={4} aria-live="polite" data-testid={`${testId}-more`}>
        {edges.left ? (
          <Button variant="subtle" size="compact-sm" onClick={() => scrollBy(-1)} data-testid="columns-left">
            ← {t('table.columnsLeft')}
          </Button>
        ) : null}
        {edges.right ? (
          <Button variant="light" size="compact-sm" onClick={() => scrollBy(1)} data-testid="columns-right">
            {t('table.columnsRight')} →
          </Button>
        ) : null}
      </Group>
      <div className="mbx-wide-fade">{typeof children === 'function' ? children(edges) : children}</div>
    </div>
  );
}

/**
 * A plain table's own sideways scroll area with its `TableEdge`; a sticky first column (`STICKY_CELL`)
 * keeps the row's name in view while scrolling.
 */
export function WideTable({ label, children, testId }: { label: string; children: React.ReactNode; testId: string }) {
  const box = useRef<HTMLDivElement>(null);
  return (
    <TableEdge scroller={box} testId={testId}>
      {(edges) => (
        // Focusable so the keyboard can scroll it too; `data-more` says what the edge shows, where tests measure the box.
        <div ref={box} role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }} data-testid={`${testId}-scroll`} data-more={edges.right}>
          {children}
        </div>
      )}
    </TableEdge>
  );
}

/** The first column of a `WideTable`: stays in view while the rest scrolls under it. */
export const STICKY_CELL: React.CSSProperties = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  background: 'var(--mantine-color-body)',
  boxShadow: 'inset -1px 0 0 var(--mantine-color-default-border)',
};

/** The look every mantine-datatable of the app shares (reports, the console's stores), spread on `<DataTable>`. */
export const DATA_TABLE_LOOK = {
  withTableBorder: true,
  borderRadius: 'sm',
  striped: true,
  highlightOnHover: true,
  pinFirstColumn: true,
  fz: 'sm',
  verticalSpacing: 6,
} as const;
