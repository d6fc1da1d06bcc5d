import { CALL_AUDIENCES, CALL_KINDS, CONSOLE_WHO, WHO, audienceOfPath, type CallAudience } from '@moneybox/contract';

/** The columns of each audience's rows of the permission matrix. */
const COLUMNS: Record<CallAudience, readonly string[]> = { store: WHO, console: CONSOLE_WHO };

const isSchema = (v: unknown) => typeof v === 'object' && v !== null && typeof (v as { safeParse?: unknown }).safeParse === 'function';

/**
 * What is wrong with a call registry and the calls the server registers for it, one sentence each
 * (none: all is well). Every registered call has an entry; every entry has a handler, an input and
 * a reply schema, an audience its path agrees with (the web tells it by path), a row of that
 * audience's permission matrix with every column, a kind (read or write) and, when it names one, a
 * whole positive body limit. The compiler catches most of these in the registry itself
 * (contract registry.ts); this holds for what it cannot see (a handler list, a cast, a spread), and
 * the server refuses to start on any (http/app.ts).
 */
export function registryProblems(calls: Readonly<Record<string, unknown>>, registered: readonly string[]): string[] {
  const problems: string[] = [];
  const has = (path: string) => Object.prototype.hasOwnProperty.call(calls, path);
  const seen = new Set<string>();
  for (const path of registered) {
    if (seen.has(path)) problems.push(`${path} is registered twice`);
    seen.add(path);
    if (!has(path)) problems.push(`${path} is registered but has no entry in the call registry`);
  }
  for (const [path, raw] of Object.entries(calls)) {
    const entry = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    if (!seen.has(path)) problems.push(`${path} has no handler registered`);
    if (!isSchema(entry.input)) problems.push(`${path} has no input schema`);
    if (!isSchema(entry.reply)) problems.push(`${path} has no reply schema`);
    const audience = entry.audience as CallAudience;
    if (!CALL_AUDIENCES.includes(audience)) {
      problems.push(`${path} has no audience (one of ${CALL_AUDIENCES.join(', ')})`);
    } else {
      if (audience !== audienceOfPath(path)) problems.push(`${path} is a ${audience} call at a ${audienceOfPath(path)} path`);
      const who = entry.who as Record<string, unknown> | undefined;
      const missing = COLUMNS[audience].filter((c) => typeof who?.[c] !== 'boolean');
      if (!who) problems.push(`${path} has no row in the permission matrix (who)`);
      else if (missing.length) problems.push(`${path}'s row of the permission matrix has no ${missing.join(', ')}`);
    }
    if (!CALL_KINDS.includes(entry.kind as never)) problems.push(`${path} has no kind (read or write)`);
    if (entry.bodyLimit !== undefined && !(Number.isInteger(entry.bodyLimit) && (entry.bodyLimit as number) > 0)) problems.push(`${path}'s body limit is not a whole number of bytes`);
  }
  return problems;
}
