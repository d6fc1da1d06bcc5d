/**
 * THE guard of every CSV cell the product writes (the server's activity export and `admin audit --format csv`,
 * the web's reports): a cell a spreadsheet would run as a formula (one starting with `=`, `+`, `-`, `@`, a tab
 * or a carriage return; OWASP's CSV injection) gets a leading apostrophe, so it is shown as the text it is.
 * A plain number (`-12.50`, `+3`, `1e3` is not one) is left as it is: negative amounts stay numbers for the
 * spreadsheet, and a plain number runs nothing.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (PLAIN_NUMBER.test(text)) return text;
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;
