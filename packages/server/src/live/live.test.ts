import { LiveClose, Status } from '@moneybox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newCustomer, openCounter } from '../testing/customer-kit.js';
import { namesCustomer, namesMachine, openLive, type LiveSocket } from '../testing/live-kit.js';
import { describeOnDatabases, type Session } from '../testing/server.js';
import { bossSession, demoTerminal, enrolTerminal, otherStore } from '../testing/terminal-kit.js';

const round = (seq: number) => ({ type: 'round', seq, round_no: `R${seq}`, serial_no: `S${seq}`, game_name: 'Ocean King', begin_credits: 100, end_credits: 95, jp_bet: 0, game_bet: 10, extra_bet: 0, buy_bonus_cost: 0, win: 5 });

/** How long a push may take before the test calls it lost: a hang guard only. */
const PUSH_CAP_MS = 30_000;

/** Waits for the socket's hello: the session was accepted and changes are pushed from now on. */
async function hello(live: LiveSocket) {
  expect(await live.next((m) => m.type === 'hello', PUSH_CAP_MS)).toMatchObject({ type: 'hello' });
  return live;
}

/**
 * The web's live socket: a signed-in client hears that a machine or a customer
 * of ITS store changed (a connection, a login, a round, a counter purchase, a kick), never another
 * store's; a bad session is refused and an ended one is closed.
 */
describeOnDatabases('live updates', (s) => {
  let boss: Session;
  let counter: Session;
  let otherBoss: Session;
  let live: LiveSocket;
  let otherLive: LiveSocket;

  beforeAll(async () => {
    boss = await bossSession(s);
    counter = await openCounter(s, 1000);
    otherBoss = await openCounter(s, null, { storeId: await otherStore(s) });
    live = await hello(openLive(s.url, boss));
    otherLive = await hello(openLive(s.url, otherBoss));
  });
  afterAll(() => {
    live?.close();
    otherLive?.close();
  });

  /**
   * Runs `action` and expects a change matching `match` after it is done (its answer received). The cap is a
   * hang guard, not a speed limit: how fast a push arrives is measured in bench/, not asserted here.
   */
  async function pushedAfter(match: Parameters<LiveSocket['next']>[0], action: () => Promise<unknown>) {
    const after = live.mark();
    await action();
    await live.next(match, PUSH_CAP_MS, after);
  }

  it('a connection, a login, a round, a counter purchase and a kick each reach the store\'s clients', async () => {
    const c = await newCustomer(s, counter);
    await pushedAfter(namesCustomer(c.id), async () => expect(await s.call('/customer/purchase', { ...counter, id: c.id, amount: 5, key: await s.key() })).toMatchObject({ status: Status.OK }));

    const after = live.mark();
    const machine = await enrolTerminal(s, boss);
    const id = machine.credentials.terminalId;
    await live.next(namesMachine(id), PUSH_CAP_MS, after);

    const t = machine.socket;
    await pushedAfter((m) => namesMachine(id)(m) && namesCustomer(c.id)(m), async () => expect(await t.command({ type: 'login', seq: 1, mobile_id: c.mobile_id, pin: c.pin })).toMatchObject({ ok: true }));
    // What the screens then fetch says playing.
    const shown = ((await s.call('/machine/list', boss)).list as Array<{ id: number; status: string }>).find((m) => m.id === id);
    expect(shown?.status).toBe('playing');

    await pushedAfter((m) => namesMachine(id)(m) && namesCustomer(c.id)(m), async () => expect(await t.command(round(2))).toMatchObject({ ok: true }));
    // A resend changes nothing and says nothing.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const quiet = live.mark();
    expect(await t.command(round(2))).toMatchObject({ ok: true, duplicate: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(live.received.slice(quiet)).toEqual([]);

    await pushedAfter((m) => namesMachine(id)(m) && namesCustomer(c.id)(m), async () => expect(await s.call('/customer/kick', { ...counter, id: c.id })).toMatchObject({ status: Status.OK }));

    await pushedAfter(namesMachine(id), async () => {
      await t.close();
      await t.closed;
    });
    await s.verify();
  });

  it('counts the open sockets in /metrics', async () => {
    const text = await (await fetch(`${s.url}/metrics`)).text();
    expect(Number(/^moneybox_live_sockets (\d+)$/m.exec(text)?.[1])).toBe(2);
  });

  it('never tells another store', async () => {
    // Everything the test above did happened in the demo store.
    expect(otherLive.received.filter((m) => m.type !== 'hello')).toEqual([]);
    // The other store's own change reaches its client and not the demo store's.
    const c = await newCustomer(s, otherBoss);
    const after = live.mark();
    const r = await s.call('/customer/block', { ...otherBoss, id: c.id, block: true });
    expect(r.status).toBe(Status.OK);
    expect(await otherLive.next(namesCustomer(c.id), PUSH_CAP_MS)).toMatchObject({ type: 'changed', customers: [c.id] });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(live.received.slice(after).some(namesCustomer(c.id))).toBe(false);
  });

  it('refuses a missing, forged or expired session and a page of another origin (4005, 4003)', async () => {
    expect((await openLive(s.url, null).closed).code).toBe(LiveClose.SESSION_ENDED);
    expect((await openLive(s.url, { UID: boss.UID, TOKEN: 'forged' }).closed).code).toBe(LiveClose.SESSION_ENDED);
    expect((await openLive(s.url, { UID: boss.UID + 1000, TOKEN: boss.TOKEN }).closed).code).toBe(LiveClose.SESSION_ENDED);
    expect((await openLive(s.url, boss, { origin: 'https://evil.example' }).closed).code).toBe(LiveClose.FORBIDDEN_ORIGIN);
    // The page's own origin is fine.
    const own = await hello(openLive(s.url, boss, { origin: s.url }));
    own.close();

    // Idle past the session's idle time: refused like a call (status 5).
    const idle = await s.loginAt(1);
    await s.handle.db.updateTable('session').set({ last_seen_at: '2000-01-01T00:00:00.000Z' }).where('account_id', '=', idle.UID).execute();
    expect((await openLive(s.url, idle).closed).code).toBe(LiveClose.SESSION_ENDED);
  });

  it('closes the socket of a session that logs out or is replaced by a newer login (4005)', async () => {
    const who = await openCounter(s, null);
    const socket = await hello(openLive(s.url, who));
    expect((await s.call('/user/logout', who)).status).toBe(Status.OK);
    // The close is the event waited for (the test's timeout only guards a hang); how fast is the bench's.
    expect(await socket.closed).toMatchObject({ code: LiveClose.SESSION_ENDED });

    // One session per account: a login elsewhere ends this one, and its socket.
    const first = await s.login();
    const firstLive = await hello(openLive(s.url, first));
    await s.login();
    expect((await firstLive.closed).code).toBe(LiveClose.SESSION_ENDED);
  });
}, { settings: { liveSessionCheckMs: 200 } });

/** Heartbeats (200 ms period): a machine falling silent turns disconnected on the screens, pushed. */
describeOnDatabases('live heartbeat changes', (s) => {
  it('a silent machine is pushed as changed once it is disconnected', async () => {
    const boss = await bossSession(s);
    const live = await hello(openLive(s.url, boss));
    const t = await demoTerminal(s, 103);
    const id = t.credentials.terminalId;
    await live.next(namesMachine(id), 10_000);
    // Silent from now: after three periods (600 ms) the server closes it; the screens are told, pushed (the
    // socket polls nothing). The caps only guard a hang.
    const after = live.mark();
    await t.socket.closed;
    await live.next(namesMachine(id), 10_000, after);
    const shown = ((await s.call('/machine/list', boss)).list as Array<{ id: number; status: string }>).find((m) => m.id === id);
    expect(shown?.status).toBe('disconnected');
    live.close();
  });
}, { settings: { terminalHeartbeatMs: 200 } });
