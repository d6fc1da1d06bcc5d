import type { ReactNode } from 'react';
import { formatUnits, plainUnits } from '../../money/units';

/**
 * One column of a report, the single description the screen table, the CSV and the A4 print all
 * read, so the three always show the same columns in the same order.
 */
export interface ReportColumn<Row> {
  id: string;
  /** Column heading, in the user's language (also the CSV header). */
  header: string;
  /** The cell as text: on screen (unless `cell`), on paper. */
  text: (row: Row) => string;
  /** The cell in the CSV; default `text`. Amounts are plain numbers with two decimals. */
  csv?: (row: Row) => string;
  /** Screen-only rendering (a link, a button); the print and the CSV keep `text`. */
  cell?: (row: Row) => ReactNode;
  /** Right-aligned figures; also not guarded against spreadsheet formulas in the CSV. */
  numeric?: boolean;
  /** Kept on one line on screen (times, dates); figures always are. */
  nowrap?: boolean;
  /** The totals row's cell. */
  total?: { text: string; csv: string };
  /** An action (a reprint button): on screen only, never in the CSV or the print. */
  screenOnly?: boolean;
}

/** The columns the CSV and the print carry: all but the screen's actions. */
export function dataColumns<Row>(columns: readonly ReportColumn<Row>[]): ReportColumn<Row>[] {
  return columns.filter((c) => !c.screenOnly);
}

/**
 * The columns as the screen shows them: the first column, then the `lead` ones (the key columns, in
 * the given order), then the rest in the report's order. Every column stays; only the order moves.
 */
export function screenColumns<Row>(columns: readonly ReportColumn<Row>[], lead: readonly string[]): ReportColumn<Row>[] {
  if (!lead.length || !columns.length) return [...columns];
  const [first, ...rest] = columns;
  const leading = lead.map((id) => rest.find((c) => c.id === id)).filter((c): c is ReportColumn<Row> => c !== undefined);
  return [first!, ...leading, ...rest.filter((c) => !leading.includes(c))];
}

/** A money column: shown with the currency sign, plain `1234.50` in the CSV. */
export function moneyColumn<Row>(id: string, header: string, get: (row: Row) => number | null, sign: string, total?: number | null): ReportColumn<Row> {
  return {
    id,
    header,
    numeric: true,
    text: (r) => formatUnits(get(r), sign),
    csv: (r) => {
      const v = get(r);
      return v === null ? '' : plainUnits(v);
    },
    ...(total !== undefined && { total: { text: formatUnits(total, sign), csv: total === null ? '' : plainUnits(total) } }),
  };
}

/** A count column. */
export function countColumn<Row>(id: string, header: string, get: (row: Row) => number, total?: number): ReportColumn<Row> {
  return {
    id,
    header,
    numeric: true,
    text: (r) => String(get(r)),
    ...(total !== undefined && { total: { text: String(total), csv: String(total) } }),
  };
}

/** A text column; `totalLabel` puts the totals row's label in it. */
export function textColumn<Row>(id: string, header: string, get: (row: Row) => string | number | null, totalLabel?: string, nowrap?: boolean): ReportColumn<Row> {
  return {
    id,
    header,
    ...(nowrap && { nowrap }),
    text: (r) => {
      const v = get(r);
      return v === null ? '' : String(v);
    },
    ...(totalLabel !== undefined && { total: { text: totalLabel, csv: totalLabel } }),
  };
}

/** Whether any column has a totals cell (then the table, CSV and print end with a totals row). */
export function hasTotals<Row>(columns: readonly ReportColumn<Row>[]): boolean {
  return columns.some((c) => c.total !== undefined);
}
