import { csvCell } from '@moneybox/contract/csv';
import { dataColumns, hasTotals, type ReportColumn } from './report-columns';

/** UTF-8 byte order mark: spreadsheet programs then read Chinese and Spanish names correctly. */
export const BOM = '\ufeff';

/** RFC 4180 quoting: a field with a comma, quote or line break is quoted, quotes doubled. */
function field(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Every cell, header and totals included, through the contract's formula guard (plain amounts stay numbers). */
function line(cells: string[]): string {
  return cells.map((c) => field(csvCell(c))).join(',');
}

/**
 * A report as CSV text: the BOM, the columns' headers, one line per row, then the totals row when
 * the columns have one; CRLF line ends (RFC 4180). Amounts come from the columns (`csv`), plain.
 */
export function buildCsv<Row>(all: readonly ReportColumn<Row>[], rows: Iterable<Row>): string {
  const columns = dataColumns(all);
  const lines = [line(columns.map((c) => c.header))];
  for (const r of rows) {
    lines.push(line(columns.map((c) => (c.csv ? c.csv(r) : c.text(r)))));
  }
  if (hasTotals(columns)) lines.push(line(columns.map((c) => c.total?.csv ?? '')));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** Hands a CSV text to the browser as a download. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
