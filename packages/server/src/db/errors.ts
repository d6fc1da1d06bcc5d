/** True for a unique-constraint violation on either database. */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown };
  if (e.code === '23505') return true; // PostgreSQL unique_violation
  return typeof e.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT_UNIQUE');
}
