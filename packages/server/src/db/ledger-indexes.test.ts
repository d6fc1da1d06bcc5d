import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode, type QueryId } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { customerMovementRepository } from '../repositories/customer-movement.repository.js';
import { recentPayoutsColumn, windowSums } from '../repositories/money-read.js';
import { describeOnDatabases } from '../testing/server.js';
import type { Db } from './database.js';

/**
 * The ledger keeps one index for a customer's rows (migration 025): every read of a customer's
 * ledger rows, whether it also filters by store or shift, must run on `ledger_customer_at`, never
 * on a store-wide index that reads every row of the store's week (what migration 002 fixed once); a
 * shift's rows may also come through the shift's index.
 */
describeOnDatabases('ledger reads by customer', (s, dialect) => {
  const STORE = 1001;
  const week = { hour: '2026-03-02T11:00:00.000Z', day: '2026-03-02T00:00:00.000Z', week: '2026-02-24T00:00:00.000Z' };
  let customerId = 0;

  beforeAll(async () => {
    const db = s.handle.db;
    const at = '2026-03-01T00:00:00.000Z';
    const customers = await db
      .insertInto('customer')
      .values(Array.from({ length: 200 }, (_, i) => ({ store_id: STORE, mobile_id: String(700_000_000 + i), pin_hash: 'x', first_name: `c${i}`, last_name: 't', name_search: `c${i} t`, phone: String(3_100_000_000 + i), created_at: at, updated_at: at })))
      .returning('id')
      .execute();
    customerId = customers[7]!.id;
    // A busy store: many customers' purchases over the week, so a store-wide index would read far more than the customer's few.
    for (let day = 0; day < 7; day++) {
      const rows = customers.flatMap((c, i) =>
        Array.from({ length: 3 }, (_, k) => ({ store_id: STORE, at: `2026-02-2${5 + (day % 4)}T1${k}:${String(i % 60).padStart(2, '0')}:00.000Z`, kind: k === 2 ? 'redeem' : 'purchase', customer_id: c.id, account_id: null, drawer_id: null, shift_id: 1000 + day, machine_id: null, amount_cents: 100, key: null, reverts_id: null })),
      );
      await db.insertInto('ledger').values(rows).execute();
    }
    await db.executeQuery(CompiledQuery.raw('ANALYZE'));
  });

  /** The statement a repository call runs (captured on its way to the database), and its plan. */
  async function planOf(run: (db: Db) => Promise<unknown>): Promise<string> {
    const db = s.handle.db;
    let captured: { node: RootOperationNode; queryId: QueryId } | undefined;
    const capture: KyselyPlugin = {
      transformQuery: (a) => ((captured ??= { node: a.node, queryId: a.queryId }), a.node),
      transformResult: async (a) => a.result,
    };
    await run(db.withPlugin(capture));
    return explain(db.getExecutor().compileQuery(captured!.node, captured!.queryId));
  }

  async function explain(c: CompiledQuery): Promise<string> {
    const db = s.handle.db;
    if (dialect === 'sqlite') {
      const r = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${c.sql}`, [...c.parameters]));
      return r.rows.map((x) => x.detail).join('\n');
    }
    // Scans forbidden: among the indexes, which one the planner takes.
    return db.transaction().execute(async (tx) => {
      await tx.executeQuery(CompiledQuery.raw('SET LOCAL enable_seqscan = off'));
      const r = await tx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${c.sql}`, [...c.parameters]));
      return r.rows.map((x) => x['QUERY PLAN']).join('\n');
    });
  }

  /** On the customer's index (or, for a shift's rows, the shift's), never on a store-wide one. */
  const onCustomerIndex = (plan: string, also?: RegExp) => {
    expect(plan).toMatch(also ? new RegExp(`ledger_customer_at|${also.source}`) : /ledger_customer_at/);
    expect(plan).not.toMatch(/ledger_store_at_id|ledger_store_customer_kind_at/);
  };

  it('has one index led by the customer', async () => {
    const q =
      dialect === 'sqlite'
        ? sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'ledger'`
        : sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'ledger'`;
    const names = (await q.execute(s.handle.db)).rows.map((r) => r.name);
    expect(names).toContain('ledger_customer_at');
    expect(names).not.toContain('ledger_store_customer_kind_at');
  });

  it("a purchase's limit windows (the counter read's and the customer screen's) read the customer's rows only", async () => {
    onCustomerIndex(await explain(sql`SELECT * FROM ${windowSums(customerId, week)} w`.compile(s.handle.db)));
    onCustomerIndex(await planOf((db) => customerMovementRepository.purchaseWindows(db, STORE, customerId, week)));
  });

  it("a redeem's payouts of the last day (the money reads' and the customer screen's) read the customer's rows only", async () => {
    onCustomerIndex(await explain(sql`SELECT ${recentPayoutsColumn(customerId, week.day, dialect)}`.compile(s.handle.db)));
    onCustomerIndex(await planOf((db) => customerMovementRepository.recentPayouts(db, STORE, customerId, week.day)));
  });

  it("a revert's net purchases in the shift read the customer's rows only", async () => {
    onCustomerIndex(await planOf((db) => customerMovementRepository.shiftNetPurchases(db, STORE, 1003, '2026-02-25T00:00:00.000Z', customerId)), /ledger_shift/);
  });
});
