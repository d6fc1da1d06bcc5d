/** True for a unique-constraint violation on either database. */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown };
  if (e.code === '23505') return true; // PostgreSQL unique_violation
  return typeof e.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT_UNIQUE');
}

/**
 * A lost race inside a transaction: a unique violation, or on PostgreSQL the statement after one
 * (the transaction is then aborted, 25P02). The whole transaction may be retried.
 */
function isConflict(err: unknown): boolean {
  return isUniqueViolation(err) || (!!err && typeof err === 'object' && (err as { code?: unknown }).code === '25P02');
}

/** Runs a whole transaction again when it lost a race (see isConflict), up to `attempts` times. */
export async function retryOnConflict<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= attempts || !isConflict(err)) throw err;
    }
  }
}
