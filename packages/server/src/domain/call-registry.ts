import { CALL_AUDIENCES, CALL_KINDS, CONSOLE_WHO, WHO, audienceOfPath, type CallAudience } from '@moneybox/contract';

/** The columns of each audience's rows of the permission matrix. */
const COLUMNS: Record<CallAudience, readonly string[]> = { store: WHO, console: CONSOLE_WHO };

const isSchema = (v: unknown) => typeof v === 'object' && v !== null && typeof (v as { safeParse?: unknown }).safeParse === 'function';

/**
 * Console input fields named like a store that the scope check leaves alone, each for its reason: the
 * new store's own id (not a store yet), and the cross-store report's filter, which narrows the scope
 * (ids beyond it select nothing, as the report's tests hold).
 */
const UNCHECKED_STORE_FIELDS: Readonly<Record<string, readonly string[]>> = { '/operator/storeCreate': ['kid'], '/operator/report': ['kids'] };

/** A zod schema's definition, as far as the walk below reads it. */
interface SchemaDef {
  type?: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  element?: unknown;
  options?: unknown[];
  in?: unknown;
}
const defOf = (schema: unknown): SchemaDef => ((schema as { _zod?: { def?: SchemaDef } } | undefined)?._zod?.def ?? {});

/** The paths of an input schema's fields called `kid` or `kids` (contract store-scope.ts's field paths), through objects, arrays, unions and wrappers. */
export function storeFieldsOf(schema: unknown, prefix = ''): string[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([key, field]) => {
        const at = prefix ? `${prefix}.${key}` : key;
        return key === 'kid' || key === 'kids' ? [at] : storeFieldsOf(field, at);
      });
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return storeFieldsOf(def.innerType, prefix);
    case 'array':
      return storeFieldsOf(def.element, prefix);
    case 'union':
      return [...new Set((def.options ?? []).flatMap((o) => storeFieldsOf(o, prefix)))];
    case 'pipe':
      return storeFieldsOf(def.in, prefix);
    default:
      return [];
  }
}

/**
 * What is wrong with a call registry and the calls the server registers for it, one sentence each
 * (none: all is well). Every registered call has an entry; every entry has a handler, an input and
 * a reply schema, an audience its path agrees with (the web tells it by path), a row of that
 * audience's permission matrix with every column, a kind (read or write) and, when it names one, a
 * whole positive body limit; a console entry declares every input field that names a store (`kid`,
 * `kids`) as `stores`, so the envelope checks it against the caller's scope. The compiler catches most of these in the registry itself
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
    if (audience === 'console' && isSchema(entry.input)) {
      // The envelope checks the stores an input names against the caller's scope only where the entry declares them.
      const declared = (entry.stores ?? []) as readonly string[];
      const named = storeFieldsOf(entry.input);
      const undeclared = named.filter((f) => !declared.includes(f) && !UNCHECKED_STORE_FIELDS[path]?.includes(f));
      if (undeclared.length) problems.push(`${path} names stores in ${undeclared.join(', ')} without declaring them (stores)`);
      const absent = declared.filter((f) => !named.includes(f));
      if (absent.length) problems.push(`${path} declares stores in ${absent.join(', ')}, which its input does not have`);
    }
    if (entry.bodyLimit !== undefined && !(Number.isInteger(entry.bodyLimit) && (entry.bodyLimit as number) > 0)) problems.push(`${path}'s body limit is not a whole number of bytes`);
  }
  return problems;
}
