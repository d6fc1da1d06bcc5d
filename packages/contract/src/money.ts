/**
 * Money is an integer number of cents inside the program and the database.
 * Conversion happens only at the wire boundary: amounts arrive as currency units with at most two decimals.
 */
declare const centsBrand: unique symbol;
export type Cents = number & { readonly [centsBrand]: true };

/** The largest amount any single call accepts: 10,000,000.00 (well inside 2^53 cents). */
export const MAX_AMOUNT_CENTS = 1_000_000_000;

export function cents(n: number): Cents {
  if (!Number.isSafeInteger(n)) throw new RangeError(`not an integer number of cents: ${n}`);
  return n as Cents;
}

/**
 * Parses a wire amount (number or numeric string, currency units) to cents.
 * Returns null for anything that is not a finite, non-negative amount with at most two decimals
 * and at most MAX_AMOUNT_CENTS.
 */
export function parseAmount(value: unknown): Cents | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  // Exponent forms (1e-7, 1e21) are refused rather than guessed at.
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const whole = Number(m[1]);
  const frac = Number((m[2] ?? '').padEnd(2, '0'));
  const c = whole * 100 + frac;
  if (!Number.isSafeInteger(c) || c > MAX_AMOUNT_CENTS) return null;
  return c as Cents;
}

/** Cents to wire units (a JSON number with at most two decimals). */
export function toUnits(c: number): number {
  return Math.round(c) / 100;
}

/** Cents to a display string with two decimals and thousands separators, e.g. 123456 -> "1,234.56". */
export function formatCents(c: number, sign = ''): string {
  const neg = c < 0;
  const abs = Math.abs(Math.round(c));
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  const frac = String(abs % 100).padStart(2, '0');
  return `${neg ? '-' : ''}${sign}${whole}.${frac}`;
}
