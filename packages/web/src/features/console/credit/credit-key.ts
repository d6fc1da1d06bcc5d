/** One idempotency key per intended move: kept across a retry of the same move, new after one is done (getRandomValues: also outside a secure context). */
export function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
