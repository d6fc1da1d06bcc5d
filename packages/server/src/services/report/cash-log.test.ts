import { RefusalReason, SaType, Status } from '@moneybox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KIOSK } from '../../cli/seed/seed.js';
import { consoleAccount } from '../../testing/console-kit.js';
import { anotherStore, balances, giveWinnings, newCustomer, openCounter } from '../../testing/customer-kit.js';
import type { Session } from '../../testing/server.js';
import { describeOnDatabases, withTestServer } from '../../testing/server.js';
import { moneyWorkerOf } from '../../money/money-worker.js';
import { bossSession, enrolTerminal } from '../../testing/terminal-kit.js';

/**
 * The cash transaction log and the report-threshold stop (issue 40; docs/COMPLIANCE.md "Cash transaction log").
 * The demo store here, as the operator sets it in the console: a log entry once a customer's cash in (or
 * out) of the store day reaches 300.00, a report above 1,000.00; no purchase limits in the way.
 */
const FULL = { drivers_license: 'D-1000', address: '1 Main Street, Springfield' };

describeOnDatabases('cash transaction log', (s) => {
  const desks = {} as { counter: Session & { drawer: number }; boss: Session; kiosk: Awaited<ReturnType<typeof enrolTerminal>> };
  let seq = 0;
  let limits: { limit_hourly_cents: number; limit_daily_cents: number; limit_weekly_cents: number };
  const setThresholds = async (log: number, report: number) => {
    const admin = await consoleAccount(s, 'admin');
    expect(await s.call('/operator/cashThresholdsSet', { ...admin, kids: [DEMO_KIOSK], cash_log_cents: log, cash_report_cents: report })).toMatchObject({ status: Status.OK });
  };
  beforeAll(async () => {
    limits = await s.handle.db.selectFrom('store').select(['limit_hourly_cents', 'limit_daily_cents', 'limit_weekly_cents']).where('id', '=', DEMO_KIOSK).executeTakeFirstOrThrow();
    await s.handle.db.updateTable('store').set({ limit_hourly_cents: 0, limit_daily_cents: 0, limit_weekly_cents: 0 }).where('id', '=', DEMO_KIOSK).execute();
    desks.counter = await openCounter(s, 20_000);
    desks.boss = await openCounter(s, 1000, { saType: SaType.BOSS });
    desks.kiosk = await enrolTerminal(s, await bossSession(s), 'reload_kiosk');
    await setThresholds(300_00, 1000_00);
  });
  afterAll(async () => {
    await desks.kiosk?.socket.close();
    await s.handle.db.updateTable('store').set({ ...limits, cash_log_cents: 0, cash_report_cents: 0 }).where('id', '=', DEMO_KIOSK).execute();
  });
  const purchase = async (id: number, amount: number) => s.call('/customer/purchase', { ...desks.counter, id, amount, key: await s.key() });
  const redeem = async (id: number, amount: number) => s.call('/customer/redeem', { ...desks.counter, id, amount, key: await s.key() });
  const kiosk = (body: { type: string } & Record<string, unknown>) => desks.kiosk.socket.command({ ...body, seq: ++seq });
  const logOf = async (customerId: number, level: 'log' | 'report', who: Session = desks.boss) => {
    const r = await s.call('/drawer/cashLog', { ...who, level });
    expect(r.status).toBe(Status.OK);
    return (r.list as Array<Record<string, unknown>>).filter((e) => e.customer_id === customerId);
  };

  it('several small purchases reach the log threshold: exactly one entry, with the identity, the cashier and the time; later ones bring its sum up to date', async () => {
    const c = await newCustomer(s, desks.counter, FULL);
    for (let i = 0; i < 2; i++) expect((await purchase(c.id, 100)).status).toBe(Status.OK);
    expect(await logOf(c.id, 'log')).toEqual([]);
    const third = await purchase(c.id, 100);
    expect(third.status).toBe(Status.OK);
    for (let i = 0; i < 2; i++) expect((await purchase(c.id, 50)).status).toBe(Status.OK);
    const log = await logOf(c.id, 'log');
    expect(log).toEqual([
      expect.objectContaining({ direction: 'in', level: 'log', threshold: 300, movement_id: third.movement_id, channel: 'pos', amount: 100, day_total: 400, movements: 3, account: expect.any(String) }),
    ]);
    expect(log[0]!.identity).toEqual({ first_name: 'Test', last_name: expect.stringMatching(/^Person/), birthday: '1970-01-01', ...FULL });
    expect(await logOf(c.id, 'report')).toEqual([]);
    const row = await s.handle.db.selectFrom('cash_log').select(['account_id', 'at']).where('customer_id', '=', c.id).executeTakeFirstOrThrow();
    expect(Number(row.account_id)).toBe(desks.counter.UID);
  });

  it('redeems are cash out, summed apart from the cash in; a reload kiosk counts with the counter, online top-ups do not', async () => {
    const c = await newCustomer(s, desks.counter, FULL);
    expect((await purchase(c.id, 250)).status).toBe(Status.OK);
    await giveWinnings(s, c.id, 600_00);
    expect((await redeem(c.id, 200)).status).toBe(Status.OK);
    expect(await logOf(c.id, 'log')).toEqual([]);
    expect(await kiosk({ type: 'purchase', mobile_id: c.mobile_id, amount_cents: 50_00 })).toMatchObject({ ok: true });
    expect(await kiosk({ type: 'redeem', mobile_id: c.mobile_id, pin: c.pin, amount_cents: 100_00 })).toMatchObject({ ok: true });
    const online = await enrolTerminal(s, await bossSession(s), 'online');
    try {
      expect(await online.socket.command({ type: 'purchase', mobile_id: c.mobile_id, amount_cents: 500_00, seq: 1 })).toMatchObject({ ok: true });
    } finally {
      await online.socket.close();
    }
    const log = await logOf(c.id, 'log');
    expect(log.map((e) => [e.direction, e.channel, e.day_total, e.machine !== null])).toEqual([
      ['in', 'reload_kiosk', 300, true],
      ['out', 'reload_kiosk', 300, true],
    ]);
  });

  it('the report threshold stops the next cash movement, naming what is missing; the identity filled in releases it and the report is recorded', async () => {
    const c = await newCustomer(s, desks.counter);
    expect((await purchase(c.id, 900)).status).toBe(Status.OK);
    const stopped = await purchase(c.id, 200);
    expect(stopped).toMatchObject({ status: Status.CUSTOMER_ERROR, reason: RefusalReason.CASH_REPORT, missing: ['drivers_license', 'address'], direction: 'in', threshold: 1000, day_total: 1100 });
    expect(await balances(s, c.id)).toMatchObject({ entries: 900_00 });
    // The reload kiosk is stopped too, and says so.
    expect(await kiosk({ type: 'purchase', mobile_id: c.mobile_id, amount_cents: 200_00 })).toMatchObject({ ok: false, reason: 'cash_report', missing: ['drivers_license', 'address'] });
    // Below the threshold nothing is asked.
    expect((await purchase(c.id, 100)).status).toBe(Status.OK);

    expect((await s.call('/customer/update', { ...desks.counter, id: c.id, ...FULL })).status).toBe(Status.OK);
    const through = await purchase(c.id, 200);
    expect(through.status).toBe(Status.OK);
    const report = await logOf(c.id, 'report');
    expect(report).toEqual([expect.objectContaining({ direction: 'in', level: 'report', threshold: 1000, movement_id: through.movement_id, amount: 200, day_total: 1200 })]);
    expect(report[0]!.identity).toMatchObject(FULL);
    expect((await logOf(c.id, 'log')).map((e) => e.day_total)).toEqual([1200]);

    // Erased from the record later the same day: the next cash movement, either way, is stopped again.
    await s.handle.db.updateTable('customer').set({ address: '' }).where('id', '=', c.id).execute();
    await giveWinnings(s, c.id, 10_00);
    expect(await redeem(c.id, 10)).toMatchObject({ status: Status.CUSTOMER_ERROR, reason: RefusalReason.CASH_REPORT, missing: ['address'], direction: 'out' });
  });

  it('two purchases at once around the report threshold: one goes through, the other is stopped', async () => {
    const c = await newCustomer(s, desks.counter);
    expect((await purchase(c.id, 800)).status).toBe(Status.OK);
    const [a, b] = await Promise.all([purchase(c.id, 150), purchase(c.id, 150)]);
    expect([a.status, b.status].sort()).toEqual([Status.OK, Status.CUSTOMER_ERROR].sort());
    expect([a, b].find((r) => r.status !== Status.OK)).toMatchObject({ reason: RefusalReason.CASH_REPORT, day_total: 1100 });
    expect(await balances(s, c.id)).toMatchObject({ entries: 950_00 });
    expect((await logOf(c.id, 'log')).map((e) => [e.day_total, e.movements])).toEqual([[950, 2]]);
  });

  it('a cashier cannot read the log; another store never sees the rows', async () => {
    expect((await s.call('/drawer/cashLog', { ...desks.counter, level: 'log' })).status).toBe(Status.PERMISSION_ERROR);
    const c = await newCustomer(s, desks.counter, FULL);
    expect((await purchase(c.id, 400)).status).toBe(Status.OK);
    expect(await logOf(c.id, 'log')).toHaveLength(1);
    await anotherStore(s, 4141, 'Other arcade');
    const otherBoss = await openCounter(s, 1000, { saType: SaType.BOSS, storeId: 4141 });
    const theirs = await s.call('/drawer/cashLog', { ...otherBoss, level: 'log' });
    expect(theirs).toMatchObject({ status: Status.OK, list: [] });
    // The console: the store's log for an account whose scope holds it, 21 for a distributor's that does not.
    const admin = await consoleAccount(s, 'admin');
    const inConsole = await s.call('/operator/storeCashLog', { ...admin, kid: DEMO_KIOSK, level: 'log' });
    expect((inConsole.list as Array<Record<string, unknown>>).some((e) => e.customer_id === c.id)).toBe(true);
    const distributor = await consoleAccount(s, 'distributor', { stores: [4141] });
    expect(await s.call('/operator/storeCashLog', { ...distributor, kid: DEMO_KIOSK, level: 'log' })).toMatchObject({ status: Status.PERMISSION_ERROR, kids: [DEMO_KIOSK] });
    expect(await s.call('/operator/cashThresholds', { ...admin, kid: DEMO_KIOSK })).toMatchObject({ status: Status.OK, cash_log_cents: 300_00, cash_report_cents: 1000_00 });
    // A log threshold above the report one is refused, naming the field; a distributor may not set them at all.
    expect(await s.call('/operator/cashThresholdsSet', { ...admin, kids: [DEMO_KIOSK], cash_log_cents: 500_00, cash_report_cents: 100_00 })).toMatchObject({ status: Status.INPUT_ERROR, field: 'cash_log_cents' });
    expect((await s.call('/operator/cashThresholdsSet', { ...distributor, kids: [4141], cash_log_cents: 0, cash_report_cents: 0 })).status).toBe(Status.PERMISSION_ERROR);
  });

  it('thresholds off: nothing is logged and nothing stopped', async () => {
    await setThresholds(0, 0);
    try {
      const c = await newCustomer(s, desks.counter);
      expect((await purchase(c.id, 2000)).status).toBe(Status.OK);
      expect(await logOf(c.id, 'log')).toEqual([]);
      expect(await logOf(c.id, 'report')).toEqual([]);
      const audit = await s.handle.db.selectFrom('audit').select(['after_json']).where('kind', '=', 'console.thresholds_set').where('store_id', '=', DEMO_KIOSK).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(JSON.parse(audit.after_json!)).toEqual({ cash_log_cents: 0, cash_report_cents: 0 });
    } finally {
      await setThresholds(300_00, 1000_00);
    }
  });
});

describe('the cash log through the money worker (SQLite, SQLITE_MONEY_WORKER=1)', () => {
  it("the worker's fast path stops and logs by the same rule, its rows written beside the movement", async () => {
    await withTestServer('sqlite', { sqliteMoneyWorker: true }, async (s) => {
      expect(moneyWorkerOf(s.handle)?.running).toBe(true);
      await s.handle.db.updateTable('store').set({ limit_hourly_cents: 0, limit_daily_cents: 0, limit_weekly_cents: 0, cash_log_cents: 300_00, cash_report_cents: 500_00 }).where('id', '=', DEMO_KIOSK).execute();
      const counter = await openCounter(s, 5000);
      const c = await newCustomer(s, counter);
      const buy = async (amount: number) => s.call('/customer/purchase', { ...counter, id: c.id, amount, key: await s.key() });
      expect((await buy(350)).status).toBe(Status.OK);
      expect(await buy(200)).toMatchObject({ status: Status.CUSTOMER_ERROR, reason: RefusalReason.CASH_REPORT, missing: ['drivers_license', 'address'] });
      const rows = await s.handle.db.selectFrom('cash_log').select(['level', 'total_cents', 'account_id']).where('customer_id', '=', c.id).execute();
      expect(rows.map((r) => [r.level, Number(r.total_cents), Number(r.account_id)])).toEqual([['log', 350_00, counter.UID]]);
    });
  });
});
