import { createHmac } from 'node:crypto';
import { Status, type Cents } from '@moneybox/contract';
import { createStore } from '../operator/operator.service.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import { outboxRepository } from '../../repositories/alert.repository.js';
import { consoleAccount, type ConsoleSession } from '../../testing/console-kit.js';
import { describeOnDatabases } from '../../testing/server.js';
import { webhookReceiver, type Received } from '../../testing/webhook-receiver.js';
import { sweepAlerts } from './alert-sweep.js';
import { deliverWebhooks } from './webhook-delivery.js';
import { SEED } from '../audit/audit.js';

const HOUR = 3_600_000;
const KID = 1001;

/** The receivers of these tests listen on loopback over http: the operator's allow-list lets webhooks reach them. */
const LOCAL_RECEIVERS = { allowNetworks: ['127.0.0.1/32'], allowHttp: true };

/** The receiver's check (README "Webhooks"): the delivery id, the timestamp and the body signed together. */
const validSignature = (secret: string, r: Received) => {
  const ts = String(r.headers['x-moneybox-timestamp']);
  const id = String(r.headers['x-moneybox-delivery']);
  return r.headers['x-moneybox-signature'] === `sha256=${createHmac('sha256', secret).update(`${id}.${ts}.${r.body}`).digest('hex')}`;
};

/**
 * Alerts by exception on both databases: each rule raised once and cleared when its cause goes (the
 * sweep's clock is passed in where time matters), a resolved event alert never raised again, webhooks
 * delivered signed from the outbox and retried after a 500, and on PostgreSQL two servers' sweeps and
 * deliverers sending each alert once.
 */
describeOnDatabases(
  'alerts by exception',
  (s, dialect) => {
    let admin: ConsoleSession;
    let hook: Awaited<ReturnType<typeof webhookReceiver>>;
    let secret = '';
    const as = (c: ConsoleSession) => ({ UID: c.UID, TOKEN: c.TOKEN });
    const deps = () => ({ handle: s.handle, settings: s.settings });
    const open = async (kind: string) => ((await s.call('/operator/alerts', { ...as(admin), filter: 'open' })).list as { kind: string; id: number; subject: string; state: string }[]).filter((a) => a.kind === kind);

    beforeAll(async () => {
      admin = await consoleAccount(s, 'admin');
      hook = await webhookReceiver();
      const added = await s.call('/operator/webhookAdd', { ...as(admin), url: hook.url });
      expect(added.status).toBe(Status.OK);
      secret = added.secret as string;
    });
    afterAll(() => hook.close());

    it('low credit: raised once against the platform default, cleared by the store override; delivered signed, a 500 retried with back-off', async () => {
      expect((await s.call('/operator/thresholdsSet', { ...as(admin), values: { low_credit: 1e11 } })).status).toBe(Status.OK);
      const first = await sweepAlerts(deps());
      expect((await sweepAlerts(deps())).raised).toEqual([]);
      const [alert] = await open('low_credit');
      expect(first.raised).toEqual([alert!.id]);
      expect(alert!.subject).toBe(`store:${KID}`);
      expect((await s.call('/operator/alertCount', as(admin))).open).toBe(1);

      hook.answers.push(500);
      const now = Date.now();
      expect(await deliverWebhooks(s.handle, LOCAL_RECEIVERS, { now })).toEqual({ delivered: 0, failed: 1 });
      expect(await deliverWebhooks(s.handle, LOCAL_RECEIVERS, { now: now + 1000 })).toEqual({ delivered: 0, failed: 0 }); // backing off
      expect(await deliverWebhooks(s.handle, LOCAL_RECEIVERS, { now: now + 31_000 })).toEqual({ delivered: 1, failed: 0 });
      expect(hook.got).toHaveLength(2);
      for (const r of hook.got) expect(validSignature(secret, r)).toBe(true);
      expect(hook.got[0]!.headers['x-moneybox-delivery']).toBe(hook.got[1]!.headers['x-moneybox-delivery']);
      expect(JSON.parse(hook.got[1]!.body)).toMatchObject({ event: 'alert.raised', alert: { id: alert!.id, kind: 'low_credit', kid: KID } });
      expect(validSignature('wrong secret', hook.got[1]!)).toBe(false);
      // The body and timestamp replayed under another delivery id do not pass.
      expect(validSignature(secret, { ...hook.got[1]!, headers: { ...hook.got[1]!.headers, 'x-moneybox-delivery': '999999' } })).toBe(false);
      const rows = await outboxRepository.of(s.handle.db, alert!.id);
      expect(rows.map((r) => [r.attempts, r.delivered_at !== null, r.last_status])).toEqual([[2, true, 200]]);

      expect((await s.call('/operator/thresholdsSet', { ...as(admin), kid: KID, values: { low_credit: 0 } })).status).toBe(Status.OK);
      expect((await sweepAlerts(deps())).cleared).toEqual([alert!.id]);
      expect(await open('low_credit')).toEqual([]);
      await deliverWebhooks(s.handle, LOCAL_RECEIVERS);
      expect(JSON.parse(hook.got.at(-1)!.body)).toMatchObject({ event: 'alert.cleared', alert: { id: alert!.id } });
      hook.got.length = 0;
    });

    it('a shift open too long and a machine gone while it is open: raised once at the fake clock, cleared when the causes go', async () => {
      const cashier = await s.loginAt(1);
      const [machine] = await s.handle.db
        .insertInto('machine')
        .values({ store_id: KID, machine_id: 901, created_at: new Date(Date.now() - 2 * HOUR).toISOString(), last_seen_at: new Date(Date.now() - HOUR).toISOString(), connected: 0 })
        .returning('id')
        .execute();
      const later = Date.now() + 17 * HOUR;
      const r1 = await sweepAlerts(deps(), { now: later });
      expect((await sweepAlerts(deps(), { now: later })).raised).toEqual([]);
      const shifts = await open('long_shift');
      // The demo store's own machines never connected in this test: they are offline too.
      const offline = (await open('machine_offline')).filter((a) => a.subject === `machine:${machine!.id}`);
      expect(shifts).toHaveLength(1);
      expect(offline).toHaveLength(1);
      expect(r1.raised).toEqual(expect.arrayContaining([shifts[0]!.id, offline[0]!.id]));

      // The machine comes back; the shift closes.
      await s.handle.db.updateTable('machine').set({ connected: 1, last_seen_at: new Date().toISOString() }).where('id', '=', machine!.id).execute();
      expect((await sweepAlerts(deps())).cleared).toEqual([shifts[0]!.id, offline[0]!.id].sort((a, b) => a - b));
      await s.call('/user/logout', { ...cashier });
    });

    it('repeated lockouts of one account: raised at the threshold, cleared when they leave the 24-hour window', async () => {
      const at = new Date().toISOString();
      for (let i = 0; i < 3; i++)
        await s.handle.db.insertInto('audit').values({ store_id: KID, at, actor_account_id: null, actor_name: 'cashier01', actor_role: 'cashier', kind: 'login.locked', target_type: 'account', target_id: 4242, target_label: 'cashier01' }).execute();
      const r = await sweepAlerts(deps());
      const [a] = await open('lockouts');
      expect(r.raised).toEqual([a!.id]);
      expect(a!.subject).toBe('account:4242');
      expect((await sweepAlerts(deps(), { now: Date.now() + 25 * HOUR })).cleared).toContain(a!.id);
    });

    it('a shift closed short: raised once, resolved with a note, never raised again', async () => {
      const t = new Date().toISOString();
      const drawer = await s.handle.db.selectFrom('drawer').select('id').where('store_id', '=', KID).executeTakeFirstOrThrow();
      const account = await s.handle.db.selectFrom('account').select('id').where('username', '=', 'cashier01').executeTakeFirstOrThrow();
      await s.handle.db.insertInto('shift').values({ store_id: KID, drawer_id: drawer.id, account_id: account.id, started_at: t, ended_at: t, balance_cents: 50_000, counted_cents: 45_000 }).execute();
      await sweepAlerts(deps());
      const [a] = await open('over_short');
      expect(a).toMatchObject({ state: 'open' });
      expect((await s.call('/operator/alertAcknowledge', { ...as(admin), id: a!.id })).status).toBe(Status.OK);
      expect((await s.call('/operator/alertResolve', { ...as(admin), id: a!.id, note: '' })).status).toBe(Status.INPUT_ERROR);
      expect((await s.call('/operator/alertResolve', { ...as(admin), id: a!.id, note: 'counted again: a $50 bill in the safe' })).status).toBe(Status.OK);
      expect((await sweepAlerts(deps())).raised).toEqual([]);
      const all = (await s.call('/operator/alerts', { ...as(admin), filter: 'all' })).list as { id: number; state: string; note: string; resolved_by: string }[];
      expect(all.find((x) => x.id === a!.id)).toMatchObject({ state: 'resolved', note: 'counted again: a $50 bill in the safe', resolved_by: admin.username });
      const trail = (await s.call('/operator/audit', as(admin))).list as { kind: string }[];
      expect(trail.slice(0, 2).map((x) => x.kind)).toEqual(['console.alert_resolve', 'console.alert_acknowledge']);
    });

    it('two consoles acknowledging and then resolving one alert at the same moment: one of each lands, with one audit row and one note', async () => {
      const t = new Date().toISOString();
      const drawer = await s.handle.db.selectFrom('drawer').select('id').where('store_id', '=', KID).executeTakeFirstOrThrow();
      const account = await s.handle.db.selectFrom('account').select('id').where('username', '=', 'cashier01').executeTakeFirstOrThrow();
      await s.handle.db.insertInto('shift').values({ store_id: KID, drawer_id: drawer.id, account_id: account.id, started_at: t, ended_at: t, balance_cents: 50_000, counted_cents: 40_000 }).execute();
      await sweepAlerts(deps());
      const a = (await open('over_short')).find((x) => x.state === 'open')!;
      const rows = async (kind: string) =>
        Number((await s.handle.db.selectFrom('audit').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', kind).where('target_id', '=', a.id).executeTakeFirstOrThrow()).n);
      const acks = await Promise.all([1, 2, 3].map(() => s.call('/operator/alertAcknowledge', { ...as(admin), id: a.id })));
      expect(acks.map((r) => r.status)).toEqual([Status.OK, Status.OK, Status.OK]);
      expect(await rows('console.alert_acknowledge')).toBe(1);
      const resolves = await Promise.all(['first note', 'second note', 'third note'].map((note) => s.call('/operator/alertResolve', { ...as(admin), id: a.id, note })));
      expect(resolves.filter((r) => r.status === Status.OK)).toHaveLength(1);
      expect(resolves.filter((r) => r.status === Status.INPUT_ERROR)).toHaveLength(2);
      expect(await rows('console.alert_resolve')).toBe(1);
      const stored = await s.handle.db.selectFrom('alert').select(['note', 'resolved_by']).where('id', '=', a.id).executeTakeFirstOrThrow();
      const winner = ['first note', 'second note', 'third note'][resolves.findIndex((r) => r.status === Status.OK)];
      expect(stored).toEqual({ note: winner, resolved_by: admin.username });
    });

    it('meters that disagree with the ledger and a ledger verify difference: raised, cleared once they agree again', async () => {
      const [m] = await s.handle.db.insertInto('machine').values({ store_id: KID, machine_id: 902, kind: 'game', created_at: new Date().toISOString(), meter_played: 5 }).returning('id').execute();
      await s.handle.db.updateTable('store').set((eb) => ({ credit_cents: eb('credit_cents', '+', 1) })).where('id', '=', KID).execute();
      const r = await sweepAlerts(deps(), { meters: true, verify: true });
      const meters = await open('meters');
      // The short shift above was written without its ledger rows: verify finds it too.
      const ledger = (await open('ledger')).filter((a) => a.subject.startsWith('store_'));
      expect(meters.map((a) => a.subject)).toEqual([`machine:${m!.id}`]);
      expect(ledger.map((a) => a.subject)).toEqual([`store_credit:${KID}`]);
      expect(r.raised).toEqual(expect.arrayContaining([meters[0]!.id, ledger[0]!.id]));
      // Without the heavy checks the sweep leaves their alerts alone.
      expect((await sweepAlerts(deps())).cleared).toEqual([]);
      await s.handle.db.updateTable('machine').set({ meter_played: 0 }).where('id', '=', m!.id).execute();
      await s.handle.db.updateTable('store').set((eb) => ({ credit_cents: eb('credit_cents', '-', 1) })).where('id', '=', KID).execute();
      expect((await sweepAlerts(deps(), { meters: true, verify: true })).cleared.sort()).toEqual([meters[0]!.id, ledger[0]!.id].sort());
      hook.got.length = 0;
      await deliverWebhooks(s.handle, LOCAL_RECEIVERS);
    });

    if (dialect === 'postgres')
      it('two servers on one database: every alert raised once, every delivery sent once, a claim abandoned mid-delivery sent once more after its lease', async () => {
        const other = openDatabase({ databaseUrl: s.databaseUrl, dataDir: '' });
        try {
          const depsB = { handle: other, settings: s.settings };
          // What earlier tests raised (some at their fake clock, 17 hours ahead) is sent first.
          while ((await deliverWebhooks(s.handle, LOCAL_RECEIVERS, { batch: 100, now: Date.now() + 48 * HOUR })).delivered > 0);
          hook.got.length = 0;
          // 20 stores below a raised default: two sweeps at once raise each alert once.
          for (let i = 0; i < 20; i++)
            await createStore({ handle: s.handle }, SEED, { id: 5000 + i, name: `Low ${i}`, timezone: 'America/Chicago', credit: 0 as Cents, compsBudget: 0 as Cents, maxDrawers: 1, maxMachines: 1, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 0 });
          await s.call('/operator/thresholdsSet', { ...as(admin), values: { low_credit: 1 } });
          const [a, b] = await Promise.all([sweepAlerts(deps()), sweepAlerts(depsB)]);
          expect(a.raised.length + b.raised.length).toBe(20);
          expect(new Set([...a.raised, ...b.raised]).size).toBe(20);
          const [da, db] = await Promise.all([deliverWebhooks(s.handle, LOCAL_RECEIVERS, { batch: 8 }), deliverWebhooks(other, LOCAL_RECEIVERS, { batch: 8 }), deliverWebhooks(s.handle, LOCAL_RECEIVERS, { batch: 8 }), deliverWebhooks(other, LOCAL_RECEIVERS, { batch: 8 })]);
          expect(da!.delivered + db!.delivered).toBeGreaterThan(0);
          while ((await deliverWebhooks(other, LOCAL_RECEIVERS)).delivered > 0);
          const ids = hook.got.map((r) => r.headers['x-moneybox-delivery']);
          expect(new Set(ids).size).toBe(ids.length);
          const lowStores = hook.got.map((r) => JSON.parse(r.body) as { event: string; alert: { kind: string; kid: number } }).filter((b) => b.event === 'alert.raised' && b.alert.kind === 'low_credit' && b.alert.kid >= 5000);
          expect(lowStores).toHaveLength(20);
          expect(await s.handle.db.selectFrom('webhook_delivery').select('id').where('delivered_at', 'is', null).execute()).toEqual([]);

          // A server killed mid-delivery: its claim is never finished; nobody sends it until the lease is over, then once.
          await s.call('/operator/thresholdsSet', { ...as(admin), kid: 5000, values: { low_credit: 0 } });
          await sweepAlerts(deps());
          const t = Date.now();
          const claimed = await outboxRepository.claim(other.db, 'postgres', new Date(t).toISOString(), new Date(t + 60_000).toISOString(), 10);
          expect(claimed).toHaveLength(1);
          hook.got.length = 0;
          expect(await deliverWebhooks(s.handle, LOCAL_RECEIVERS, { now: t + 1000 })).toEqual({ delivered: 0, failed: 0 });
          expect(await deliverWebhooks(s.handle, LOCAL_RECEIVERS, { now: t + 61_000 })).toEqual({ delivered: 1, failed: 0 });
          expect(await deliverWebhooks(s.handle, LOCAL_RECEIVERS, { now: t + 200_000 })).toEqual({ delivered: 0, failed: 0 });
          expect(hook.got.map((r) => r.headers['x-moneybox-delivery'])).toEqual([String(claimed[0]!.id)]);
        } finally {
          await other.close();
        }
      });
  },
  { settings: { alertSweepMs: 0, webhookDeliverMs: 0, webhooks: LOCAL_RECEIVERS } },
);
