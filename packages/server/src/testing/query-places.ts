import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A Kysely query or a raw SQL statement: where the server talks to its database. */
const QUERY = /\.(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(|\bsql(?:<[^>]*>)?`/;

/**
 * Where a query may be written (docs/ARCHITECTURE.md, "Where queries live"), each for its reason:
 * the repositories; the schema's migrations; the money core's guarded writes, its PostgreSQL
 * functions and its ledger check; the bus's NOTIFY (a message, no table); the test harness.
 */
export const QUERY_PLACES: readonly string[] = [
  'repositories/',
  'db/migrations/',
  'money/ledger.ts',
  'money/guarded-writes.ts',
  'money/apply-movement.ts',
  'money/verify.ts',
  'bus/server-bus.ts',
  'testing/',
];

/** A query that returns whole rows instead of naming its columns. */
const WHOLE_ROWS = /\.(?:selectAll|returningAll)\(|\bSELECT \*|\bSELECT [a-z_]+\.\*/;

/**
 * Where a query may take every column, each for its reason: the apply function's result columns
 * (declared by the function itself), the counter read's caller (the caller lookup's own columns,
 * repositories/customer-movement.repository.ts CallerLookup).
 */
export const WHOLE_ROWS_ALLOWED: ReadonlyArray<{ file: string; text: string }> = [
  { file: 'money/apply-movement.ts', text: 'SELECT * FROM mbx_apply_movement(' },
  { file: 'repositories/customer-movement.repository.ts', text: 'SELECT caller.*,' },
];

/** Every production source file under `root` (tests left out), as its path relative to root and its text. */
export function serverSources(root: string): Map<string, string> {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'fixtures' ? [] : walk(p);
      return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
    });
  return new Map(walk(root).map((f) => [path.relative(root, f).split(path.sep).join('/'), readFileSync(f, 'utf8')]));
}

/** `file:line: text` of each query written outside the places allowed. */
export function queriesOutside(sources: Map<string, string>, places: readonly string[] = QUERY_PLACES): string[] {
  const out: string[] = [];
  for (const [file, text] of sources) {
    if (places.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p))) continue;
    text.split('\n').forEach((line, i) => {
      if (QUERY.test(line)) out.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return out.sort();
}

/** `file:line: text` of each query that takes whole rows (`selectAll()`, `SELECT *`) outside the allowed ones. */
export function wholeRowQueries(sources: Map<string, string>, allowed = WHOLE_ROWS_ALLOWED): string[] {
  const out: string[] = [];
  for (const [file, text] of sources) {
    if (file.startsWith('testing/') || file.startsWith('db/migrations/')) continue;
    text.split('\n').forEach((line, i) => {
      if (WHOLE_ROWS.test(line) && !allowed.some((a) => a.file === file && line.includes(a.text))) out.push(`${file}:${i + 1}: ${line.trim()}`);
    });
  }
  return out.sort();
}
