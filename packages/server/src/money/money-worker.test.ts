import { Status } from '@moneybox/contract';
import { describe, expect, it, vi } from 'vitest';
import { balances, newCustomer, openCounter } from '../testing/customer-kit.js';
import { useTestServer, withTestServer, type Reply } from '../testing/server.js';
import { groupCommitStats } from './money-transaction.js';
import { moneyWorkerOf } from './money-worker.js';

describe('the money worker (SQLite on a file, SQLITE_MONEY_WORKER=1: money/money-worker.ts)', () => {
  const s = useTestServer('sqlite', { verifyEach: true, settings: { sqliteMoneyWorker: true } });

  it("runs the fast path's customer money calls on its own connection, counted on the main thread", async () => {
    const worker = moneyWorkerOf(s.handle)!;
    expect(worker.running).toBe(true);
    const counter = await openCounter(s, 5000);
    const customers = await Promise.all(Array.from({ length: 8 }, () => newCustomer(s, counter)));
    const answered = worker.answered;
    const commits = groupCommitStats(s.handle.db);
    const keys = await Promise.all(Array.from({ length: 40 }, () => s.key()));
    const replies = await Promise.all(keys.map((key, i) => s.call('/customer/purchase', { ...counter, id: customers[i % 8]!.id, amount: 5, key })));
    expect(replies.map((r) => r.status)).toEqual(keys.map(() => Status.OK));
    expect(worker.answered - answered).toBe(40);
    const after = groupCommitStats(s.handle.db);
    expect(after.calls - commits.calls).toBeGreaterThanOrEqual(40);
    // Calls that arrive together share a commit.
    expect(after.batches - commits.batches).toBeLessThan(40);
    for (const c of customers) expect(await balances(s, c.id)).toEqual({ entries: 25_00, winnings: 0 });
    // A resent key is the worker's to refuse, as the core would on the main thread.
    expect(await s.call('/customer/purchase', { ...counter, id: customers[0]!.id, amount: 5, key: keys[0] })).toMatchObject({ status: Status.KEY_ERROR });
  });

  it("shares the file's writer with the main thread: its writes and the worker's purchases interleave, none lost", async () => {
    const counter = await openCounter(s, 5000);
    const other = await openCounter(s, 5000);
    const c = await newCustomer(s, counter);
    const shift = await s.handle.db.selectFrom('shift').select('id').where('account_id', '=', Number(other.UID)).where('ended_at', 'is', null).executeTakeFirstOrThrow();
    const purchases = Array.from({ length: 30 }, async () => s.call('/customer/purchase', { ...counter, id: c.id, amount: 1, key: await s.key() }));
    // Main-thread writes meanwhile: customer changes (audited transactions) and a drawer's fills (its group commit).
    const updates = Array.from({ length: 10 }, (_, i) => s.call('/customer/update', { ...other, id: c.id, first_name: `Name${"abcdefghij"[i]}` }));
    const fills = Array.from({ length: 10 }, async () => s.call('/drawer/fills', { ...other, shift_id: shift.id, amount: 2, reason: 'change', key: await s.key() }));
    const replies: Reply[] = await Promise.all([...purchases, ...updates, ...fills]);
    expect(replies.filter((r) => r.status !== Status.OK)).toEqual([]);
    expect(await balances(s, c.id)).toEqual({ entries: 30_00, winnings: 0 });
  });

  it("follows the main thread's clock when it is a test's fake one: the movement is dated by it", async () => {
    const later = Date.now() + 3 * 86_400_000;
    vi.useFakeTimers({ toFake: ['Date'], now: later });
    try {
      const counter = await openCounter(s, 100); // a session fresh on the fake clock
      const c = await newCustomer(s, counter);
      const r = await s.call('/customer/purchase', { ...counter, id: c.id, amount: 5, key: await s.key() });
      expect(r.status).toBe(Status.OK);
      const row = await s.handle.db.selectFrom('ledger').select('at').where('id', '=', r.movement_id as number).executeTakeFirstOrThrow();
      expect(Math.abs(Date.parse(row.at) - later)).toBeLessThan(60_000);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a money worker that fails', () => {
  it('answers its calls in flight with 14 (none half done), and later calls run on the main thread', async () => {
    await withTestServer('sqlite', { sqliteMoneyWorker: true }, async (s) => {
      const worker = moneyWorkerOf(s.handle)!;
      expect(worker.running).toBe(true);
      const counter = await openCounter(s, 5000);
      const c = await newCustomer(s, counter);
      const keys = await Promise.all(Array.from({ length: 20 }, () => s.key()));
      const inFlight = Promise.all(keys.map((key) => s.call('/customer/purchase', { ...counter, id: c.id, amount: 1, key })));
      await worker.terminateForTest();
      const first = await inFlight;
      expect(first.every((r) => r.status === Status.OK || r.status === Status.EXECUTE_ERROR)).toBe(true);
      expect(worker.running).toBe(false);
      // Resent with their keys on the main thread: each purchase once, whatever the worker had committed.
      const again = await Promise.all(keys.map((key) => s.call('/customer/purchase', { ...counter, id: c.id, amount: 1, key })));
      expect(again.every((r) => r.status === Status.OK || r.status === Status.KEY_ERROR)).toBe(true);
      expect(await balances(s, c.id)).toEqual({ entries: 20_00, winnings: 0 });
      const later = await Promise.all(Array.from({ length: 10 }, async () => s.call('/customer/purchase', { ...counter, id: c.id, amount: 1, key: await s.key() })));
      expect(later.map((r) => r.status)).toEqual(later.map(() => Status.OK));
      await s.verify();
    });
  });
});

describe('without the setting, and on PostgreSQL', () => {
  it('has no money worker on SQLite unless asked', async () => {
    await withTestServer('sqlite', {}, async (s) => {
      expect(moneyWorkerOf(s.handle)).toBeUndefined();
      const counter = await openCounter(s, 100);
      const c = await newCustomer(s, counter);
      expect(await s.call('/customer/purchase', { ...counter, id: c.id, amount: 5, key: await s.key() })).toMatchObject({ status: Status.OK, entries: 5 });
    });
  });

  it('has none on PostgreSQL, asked or not: its server runs the calls in parallel already', async () => {
    await withTestServer('postgres', { sqliteMoneyWorker: true }, async (s) => {
      expect(moneyWorkerOf(s.handle)).toBeUndefined();
    });
  });
});
