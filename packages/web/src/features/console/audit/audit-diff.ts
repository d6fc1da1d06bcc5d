/**
 * An audit row's before and after in words (the console's audit trail): one line per field that says
 * something, its label translated where known (else the field's own name), money as money, yes/no for
 * flags, a removed value as the "none" word. Unchanged fields and fields with no value on either side
 * are left out. Pure: the page gives the words.
 */

/** One field of a row: `from` → `to` when it changed; `to` alone when the row states the value (a creation, a record). */
export interface DiffLine {
  field: string;
  label: string;
  from?: string;
  to: string;
}

export interface DiffWords {
  /** The field's label in the user's language, or the field's own name. */
  label: (field: string) => string;
  /** Currency units as money (the layout's sign). */
  money: (units: number) => string;
  /** A value that is not there: removed, never set. */
  none: string;
  yes: string;
  no: string;
}

/** Fields that hold an amount of money, in currency units unless the row's kind writes cents. */
const MONEY_FIELDS = new Set([
  'amount', 'balance', 'parent_balance', 'counted', 'over_short', 'expected', 'net', 'drawers_over_short', 'kiosks_over_short',
  'special_comps', 'credit', 'compsBudget', 'limit_hourly', 'limit_daily', 'limit_weekly', 'limitHourly', 'limitDaily', 'limitWeekly',
  'min_amount', 'minAmount', 'large_difference', 'id_check', 'low_credit', 'cash_log_cents', 'cash_report_cents',
]);
/** Kinds whose rows keep amounts in cents (the operator's store steps and the thresholds, as stored). */
const CENTS_KINDS = new Set(['console.store_create', 'console.store_quota', 'console.thresholds_set']);

const asRecord = (v: unknown): Record<string, unknown> | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A value in words: money for a money field, yes/no, lists and nested records spelled out. */
export function formatValue(kind: string, field: string, v: unknown, w: DiffWords): string {
  if (isEmpty(v)) return w.none;
  if (typeof v === 'boolean') return v ? w.yes : w.no;
  if (typeof v === 'number') return MONEY_FIELDS.has(field) ? w.money(CENTS_KINDS.has(kind) ? v / 100 : v) : String(v);
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map((x) => formatValue(kind, field, x, w)).join(', ');
  const r = asRecord(v);
  if (r)
    return Object.entries(r)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => `${w.label(k)}: ${formatValue(kind, k, x, w)}`)
      .join(', ');
  return String(v);
}

/** The lines of a row: its fields in the order the row names them (before's first). */
export function auditDiff(kind: string, before: unknown, after: unknown, w: DiffWords): DiffLine[] {
  const b = asRecord(before);
  const a = asRecord(after);
  const fields = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  const lines: DiffLine[] = [];
  for (const field of fields) {
    const was = b?.[field];
    const now = a?.[field];
    const line = (to: unknown, from?: unknown) => ({ field, label: w.label(field), ...(from !== undefined && { from: formatValue(kind, field, from, w) }), to: formatValue(kind, field, to, w) });
    const hadIt = b !== null && was !== undefined;
    const hasIt = a !== null && now !== undefined;
    if (hadIt && hasIt) {
      if (!same(was, now) && !(isEmpty(was) && isEmpty(now))) lines.push(line(now, was));
    } else if (hadIt) {
      // Gone with the whole record (a removal: no after), or stated as what it was about (a shift's id).
      if (!isEmpty(was)) lines.push(a === null ? line(null, was) : line(was));
    } else if (hasIt && !isEmpty(now)) lines.push(line(now));
  }
  return lines;
}

/** How a line reads in the user's language (its punctuation): a value alone, or a change. */
export interface LineWords {
  value: (label: string, value: string) => string;
  change: (label: string, from: string, to: string) => string;
}
const PLAIN: LineWords = { value: (label, value) => `${label}: ${value}`, change: (label, from, to) => `${label}: ${from} → ${to}` };

/** A line as text: `Label: before → after`, or `Label: value`. */
export const diffText = (l: DiffLine, w: LineWords = PLAIN) => (l.from === undefined ? w.value(l.label, l.to) : w.change(l.label, l.from, l.to));
