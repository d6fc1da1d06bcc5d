/** The printed Z report's sizes, as the shift report's: a small centred title, section headings the size of the lines. */
export const TITLE = { fontSize: 18, textAlign: 'center', margin: '0 0 4px' } as const;
export const HEADING = { fontSize: 14, margin: '10px 0 2px', borderBottom: '1px dashed currentColor' } as const;
export const TABLE = { width: '100%', fontSize: 13, borderCollapse: 'collapse' } as const;
