/** A CSV text's cells as a spreadsheet reads them (RFC 4180: quoted fields, doubled quotes, CRLF or LF rows). */
export function csvCells(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') endCell();
    else if (ch === '\n' || (ch === '\r' && text[i + 1] === '\n')) {
      if (ch === '\r') i++;
      endCell();
      rows.push(row);
      row = [];
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** The cells a spreadsheet would run as a formula: starting with =, +, -, @, tab or CR and not a plain number. */
export const formulaCells = (text: string): string[] =>
  csvCells(text)
    .flat()
    .filter((c) => /^[=+\-@\t\r]/.test(c) && !/^[+-]?\d+(\.\d+)?$/.test(c));
