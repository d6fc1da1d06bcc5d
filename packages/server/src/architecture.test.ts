import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, importLoops, layerBreaches, type ImportGraph, type Layer } from './testing/import-graph.js';
import { queriesOutside, serverSources, wholeRowQueries } from './testing/query-places.js';
import { NOT_YET_IN_SHAPE, seedNamedOutside, servicesOutOfShape } from './testing/service-shapes.js';
import { changesOutsideRunner, HAND_NOTES_NOT_YET_IN_RUNNER, NOTES, OPENS, OWN_TRANSACTIONS_NOT_YET_IN_RUNNER } from './testing/change-places.js';

const PACKAGES = path.resolve(import.meta.dirname, '../..');
const rel = (f: string) => path.relative(PACKAGES, f);

describe('imports', () => {
  it('form no loop anywhere in the contract, the server or the web app (type-only imports count)', () => {
    const graph = importGraph(...['contract', 'server', 'web'].map((p) => path.join(PACKAGES, p, 'src')));
    expect(graph.size).toBeGreaterThan(300);
    expect(importLoops(graph).map((loop) => loop.map(rel).join(' → '))).toEqual([]);
  });

  it('finds a loop when there is one (the check fed a bad case)', () => {
    const bad: ImportGraph = new Map([
      ['money/ledger.ts', ['money/refusal.ts', 'db/database.ts']],
      ['money/refusal.ts', ['money/ledger.ts']],
      ['db/database.ts', []],
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['self.ts', ['self.ts']],
    ]);
    expect(importLoops(bad)).toEqual(expect.arrayContaining([['money/ledger.ts', 'money/refusal.ts'], ['a.ts', 'b.ts', 'c.ts'], ['self.ts']]));
    expect(importLoops(bad)).toHaveLength(3);
  });
});

/**
 * The server's layers, highest first (docs/ARCHITECTURE.md): a file imports its own layer or the
 * ones below. The transports are thin and apart: each reaches the services, never another transport.
 */
const SERVER_LAYERS: Layer[] = [
  { name: 'test harness', holds: ['testing/'] },
  { name: 'programs', holds: ['main.ts', 'app.ts', 'simulator/'] },
  { name: 'transports', holds: ['http/', 'terminal/', 'cli/'], apart: true },
  { name: 'services', holds: ['services/', 'jobs/'] },
  { name: 'operations', holds: ['ops/'] },
  { name: 'money core and repositories', holds: ['money/', 'repositories/'] },
  { name: 'notifications', holds: ['live/', 'bus/'] },
  { name: 'credentials', holds: ['auth/'] },
  { name: 'domain', holds: ['domain/'] },
  { name: 'database', holds: ['db/', 'clock.ts', 'settings.ts'] },
];

describe("the server's layers", () => {
  it('are imported downward only, every source file in one of them (type-only imports count)', () => {
    const root = path.join(PACKAGES, 'server', 'src');
    const graph = importGraph(root);
    expect(graph.size).toBeGreaterThan(150);
    expect(layerBreaches(graph, root, SERVER_LAYERS)).toEqual([]);
  });

  it('finds an upward import, one transport importing another and a file in no layer (the check fed bad cases)', () => {
    const root = path.join(path.sep, 'src');
    const at = (f: string) => path.join(root, f);
    const bad: ImportGraph = new Map([
      [at('money/ledger.ts'), [at('services/customer/customer.service.ts'), at('db/database.ts')]],
      [at('services/customer/customer.service.ts'), [at('money/ledger.ts'), at('repositories/customer.repository.ts')]],
      [at('repositories/customer.repository.ts'), [at('money/customer-rules.ts')]],
      [at('money/customer-rules.ts'), []],
      [at('terminal/connection.ts'), [at('http/json-text.ts'), at('services/customer/customer.service.ts')]],
      [at('http/json-text.ts'), []],
      [at('db/migrate.ts'), [at('money/ledger.ts')]],
      [at('db/database.ts'), []],
      [at('platform/console.ts'), [at('db/database.ts')]],
    ]);
    expect(layerBreaches(bad, root, SERVER_LAYERS)).toEqual([
      'db/migrate.ts → money/ledger.ts: database imports money core and repositories above it',
      'money/ledger.ts → services/customer/customer.service.ts: money core and repositories imports services above it',
      'platform/console.ts: in no layer',
      'terminal/connection.ts → http/json-text.ts: terminal/ imports http/, another of the transports',
    ]);
  });
});

describe('queries', () => {
  it('are written in repositories/ only (the money core, migrations, the bus and the test harness apart, each for its reason)', () => {
    const sources = serverSources(path.join(PACKAGES, 'server', 'src'));
    expect(sources.size).toBeGreaterThan(150);
    expect(queriesOutside(sources)).toEqual([]);
  });

  it('name their columns: no selectAll(), returningAll() or SELECT * (two reasoned exceptions)', () => {
    expect(wholeRowQueries(serverSources(path.join(PACKAGES, 'server', 'src')))).toEqual([]);
  });

  it('finds a query taking whole rows (the check fed bad cases)', () => {
    const bad = new Map([
      ['repositories/store.repository.ts', "return db.selectFrom('store').selectAll().where('id', '=', id).executeTakeFirst();"],
      ['repositories/shift.repository.ts', "q.selectAll('shift')\nawait db.insertInto('x').values(v).returningAll().execute();"],
      ['repositories/session.repository.ts', 'sql`SELECT * FROM session WHERE id = ${id}`'],
      ['repositories/report.repository.ts', 'sql`SELECT s.* FROM shift s`'],
      ['repositories/customer-movement.repository.ts', 'const query = sql`SELECT caller.*, store.closed'],
      ['cli/bulletin.ts', 'const m = /^([A-Za-z_]{2,10})=(.*)$/s.exec(raw);'],
    ]);
    expect(wholeRowQueries(bad)).toEqual([
      "repositories/report.repository.ts:1: sql`SELECT s.* FROM shift s`",
      'repositories/session.repository.ts:1: sql`SELECT * FROM session WHERE id = ${id}`',
      "repositories/shift.repository.ts:1: q.selectAll('shift')",
      "repositories/shift.repository.ts:2: await db.insertInto('x').values(v).returningAll().execute();",
      "repositories/store.repository.ts:1: return db.selectFrom('store').selectAll().where('id', '=', id).executeTakeFirst();",
    ]);
  });

  it('finds a query outside repositories/ (the check fed bad cases)', () => {
    const bad = new Map([
      ['terminal/connection.ts', "const seat = await db.selectFrom('customer').select(['id']).executeTakeFirst();"],
      ['ops/health.ts', 'const r = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);'],
      ['cli/main.ts', "await tx\n  .updateTable('account')\n  .set({ locked: 0 })"],
      ['services/operator/publish.service.ts', "await db.deleteFrom('bulletin').execute();\nawait db.insertInto('bulletin').values(row).execute();"],
      ['repositories/store.repository.ts', "return db.selectFrom('store').select('id').execute();"],
      ['money/ledger.ts', "await tx.updateTable('store').set(patch).execute();"],
      ['money/customer-rules.ts', 'export const rule = (n: number) => n > 0; // selectFrom is only a word here'],
    ]);
    expect(queriesOutside(bad)).toEqual([
      "cli/main.ts:2: .updateTable('account')",
      "ops/health.ts:1: const r = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);",
      "services/operator/publish.service.ts:1: await db.deleteFrom('bulletin').execute();",
      "services/operator/publish.service.ts:2: await db.insertInto('bulletin').values(row).execute();",
      "terminal/connection.ts:1: const seat = await db.selectFrom('customer').select(['id']).executeTakeFirst();",
    ]);
  });
});

describe('services', () => {
  it('export (deps, actor, input) functions; those not yet in shape are listed, each for its reason', () => {
    const out = servicesOutOfShape(serverSources(path.join(PACKAGES, 'server', 'src')));
    expect(out.map((o) => o.slice(0, o.indexOf(':')))).toEqual(NOT_YET_IN_SHAPE.map((n) => n.fn).sort());
  });

  it('finds a service function out of shape (the check fed bad cases)', () => {
    const bad = new Map([
      ['services/terminal/play.service.ts', 'export async function round(handle: DatabaseHandle, t: TerminalRef, cmd: RoundCommand) {}\nexport async function gift({ handle }: Deps, t: TerminalRef, cmd: GiftCommand) {}'],
      ['services/operator/publish.service.ts', 'export async function withdraw(deps: DbDeps, actor: AuditActor, id: number, at = isoNow()) {}'],
      ['services/customer/customer.service.ts', 'export async function info(deps: Deps, input: { id: number }) {}\nfunction helper(db: Db) {}'],
      ['services/customer/present.ts', 'export function present(row: CustomerRow) {}'],
      ['services/operator/operator.service.ts', 'export const addFunds = (db: Db, storeId: number) => 0;\nexport const ok = (deps: DbDeps, actor: AuditActor) => 0;\nexport const LIMIT = 5;'],
    ]);
    expect(servicesOutOfShape(bad)).toEqual([
      'customer/customer.service.ts info: (Deps, { id: number })',
      'operator/operator.service.ts addFunds: (Db, number)',
      'operator/publish.service.ts withdraw: (DbDeps, AuditActor, number, ?)',
      'terminal/play.service.ts round: (DatabaseHandle, TerminalRef, RoundCommand)',
    ]);
  });

  it('run a change through the one runner (services/change.ts): no transaction opened or live note placed by hand, but in the files listed for their reason', () => {
    const sources = serverSources(path.join(PACKAGES, 'server', 'src'));
    expect(changesOutsideRunner(sources)).toEqual([]);
    // The lists hold only files that still need their place (a file moved onto the runner leaves them).
    const still = (re: RegExp, list: ReadonlyArray<{ file: string }>) => list.filter((l) => !re.test(sources.get(`services/${l.file}`) ?? '')).map((l) => l.file);
    expect(still(OPENS, OWN_TRANSACTIONS_NOT_YET_IN_RUNNER)).toEqual([]);
    expect(still(NOTES, HAND_NOTES_NOT_YET_IN_RUNNER)).toEqual([]);
  });

  it('finds a service that opens its own transaction or notes the live screens by hand (the check fed bad cases)', () => {
    const bad = new Map([
      ['services/drawer/new.service.ts', 'export async function x(deps: Deps) {\n  await deps.handle.db.transaction().execute(async (tx) => {});\n}'],
      ['services/store/other.service.ts', "import { inTransaction } from '../../db/database.js';\n// inTransaction( in a comment is fine\nawait inTransaction(db, fn);\ndeps.live?.note(1, {});"],
      ['services/change.ts', 'await deps.handle.db.transaction().execute(fn);\ndeps.live?.note(1, {});'],
      ['money/money-transaction.ts', 'await db.transaction().execute(fn);'],
      ['services/user/login.service.ts', 'await db.transaction().execute(fn);'],
    ]);
    expect(changesOutsideRunner(bad)).toEqual(['services/drawer/new.service.ts:2', 'services/store/other.service.ts:3', 'services/store/other.service.ts:4']);
  });

  it('take the operator\'s steps unaudited (SEED) only in the demo seed and the test harness', () => {
    expect(seedNamedOutside(serverSources(path.join(PACKAGES, 'server', 'src')))).toEqual([]);
    const bad = new Map([
      ['cli/main.ts', "import { SEED } from '../services/audit/audit.js';\nawait freezeStore(deps, SEED, input);"],
      ['http/api/console/console.calls.ts', 'const FAST_SEEDS = 1;'],
      ['cli/seed/seed.ts', 'await createStore(deps, SEED, demo);'],
      ['testing/drawer-kit.ts', 'await createAccount(deps, SEED, who);'],
    ]);
    expect(seedNamedOutside(bad)).toEqual(['cli/main.ts:1', 'cli/main.ts:2']);
  });
});

/** Test files under a folder. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'fixtures' ? [] : testFiles(p);
    return /\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('tests', () => {
  it('name the statuses they expect by their constants (Status.INPUT_ERROR), not by bare catalogue numbers', () => {
    // Two digits at most: HTTP statuses (200, 511) are not the catalogue's.
    const bare = /status\)(\.not)?\.toBe\(\d{1,2}\)|\bstatus: \d{1,2}[,} ]|toHaveProperty\('status', \d{1,2}\)/;
    const found = ['packages/server/src', 'packages/contract/src', 'proof', 'e2e']
      .flatMap((d) => testFiles(path.join(PACKAGES, '..', d)))
      .flatMap((f) => readFileSync(f, 'utf8').split('\n').map((line, i) => ({ f, line, i })))
      .filter(({ line }) => bare.test(line))
      .map(({ f, line, i }) => `${path.relative(path.join(PACKAGES, '..'), f)}:${i + 1}: ${line.trim()}`);
    expect(found).toEqual([]);
  });
});
