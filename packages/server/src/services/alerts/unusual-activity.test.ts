import { Status } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { consoleAccount, type ConsoleSession } from '../../testing/console-kit.js';
import { anotherStore, giveWinnings, newCustomer, openCounter, playEntries } from '../../testing/customer-kit.js';
import { describeOnDatabases, type Session } from '../../testing/server.js';
import { sweepAlerts } from './alert-sweep.js';

const A = 7201;
const B = 7202;
/** The report threshold of both stores: 1,000.00; the band's default 10% takes movements of 900.00 to 1,000.00. */
const REPORT = 1000_00;
const RULES = { structuring_on: true, structuring_count: 3, structuring_band: 10, structuring_window: 'day', little_play_on: true, little_play_redeem: 90, little_play_play: 10 };

interface Listed {
  id: number;
  kind: string;
  kid: number | null;
  subject: string;
  state: string;
  note: string;
  detail: { count?: number; stores?: number[]; movements?: { id: number; kid: number; amount_cents: number; at: string }[] };
}

/**
 * Structuring and unusual activity (issue 40; docs/COMPLIANCE.md "Structuring and unusual activity") on both
 * databases: the operator's rules raise console alerts over the cash movements of a person across its stores,
 * once per person and window; a distributor without every store of it does not see it; acknowledging needs a note.
 */
describeOnDatabases('structuring and unusual activity', (s) => {
  let admin: ConsoleSession;
  const as = (c: ConsoleSession) => ({ UID: c.UID, TOKEN: c.TOKEN });
  const deps = () => ({ handle: s.handle, settings: s.settings });
  const counters = {} as Record<number, Session>;
  let docs = 0;
  const alertsOf = async (kind: string, who: ConsoleSession = admin) => ((await s.call('/operator/alerts', { ...as(who), filter: 'all' })).list as Listed[]).filter((a) => a.kind === kind);
  const rules = async (patch: Partial<typeof RULES>) => expect(await s.call('/operator/unusualActivitySet', { ...as(admin), ...RULES, ...patch })).toMatchObject({ status: Status.OK });
  /** One person (one ID document number) with a record at each store. */
  const person = async () => {
    const doc = { drivers_license: `S-${++docs}00`, address: '1 Main Street, Springfield' };
    return { a: await newCustomer(s, counters[A]!, doc), b: await newCustomer(s, counters[B]!, doc) };
  };
  const purchase = async (store: number, id: number, amount: number) => {
    const r = await s.call('/customer/purchase', { ...counters[store]!, id, amount, key: await s.key() });
    expect(r.status).toBe(Status.OK);
    return r.movement_id as number;
  };

  beforeAll(async () => {
    admin = await consoleAccount(s, 'admin');
    await anotherStore(s, A, 'North');
    await anotherStore(s, B, 'South');
    // Credit for the day's purchases (the store's balance is not what these tests look at).
    await s.handle.db.updateTable('store').set({ credit_cents: 1_000_000_00 }).where('id', 'in', [A, B]).execute();
    for (const k of [A, B]) counters[k] = await openCounter(s, 5_000, { storeId: k });
    expect(await s.call('/operator/cashThresholdsSet', { ...as(admin), kids: [A, B], cash_log_cents: 0, cash_report_cents: REPORT })).toMatchObject({ status: Status.OK });
  });

  it('off by default: the rules read back as their defaults, and nothing is raised', async () => {
    expect(await s.call('/operator/unusualActivity', as(admin))).toMatchObject({ status: Status.OK, structuring_on: false, structuring_count: 3, structuring_band: 10, structuring_window: 'day', little_play_on: false });
    const p = await person();
    for (const amount of [950, 960, 990]) await purchase(A, p.a.id, amount);
    await sweepAlerts(deps());
    expect(await alertsOf('structuring')).toEqual([]);
    // Switched on later, the same day's movements count.
    await rules({});
    expect((await s.call('/operator/unusualActivity', as(admin))).structuring_on).toBe(true);
    await sweepAlerts(deps());
    expect((await alertsOf('structuring')).filter((a) => a.detail.movements?.some((m) => m.kid === A))).toHaveLength(1);
    const audit = await s.handle.db.selectFrom('audit').select(['kind']).where('kind', '=', 'console.unusual_activity_set').execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('three movements just under the report threshold at two stores by one document: one alert listing the three, raised once; a distributor without both stores does not see it', async () => {
    await rules({});
    const p = await person();
    const ids = [await purchase(A, p.a.id, 950), await purchase(B, p.b.id, 905), await purchase(A, p.a.id, 1000)];
    const before = (await alertsOf('structuring')).length;
    const first = await sweepAlerts(deps());
    expect((await sweepAlerts(deps())).raised).toEqual([]);
    const mine = (await alertsOf('structuring')).filter((a) => a.detail.movements?.some((m) => ids.includes(m.id)));
    expect(mine).toHaveLength(1);
    expect((await alertsOf('structuring')).length).toBe(before + 1);
    const alert = mine[0]!;
    expect(first.raised).toContain(alert.id);
    expect(alert.subject).toMatch(/^person:[0-9a-f]{16}\|day:\d{4}-\d{2}-\d{2}$/);
    expect(alert.detail.count).toBe(3);
    expect(alert.detail.stores).toEqual([A, B]);
    expect(alert.detail.movements!.map((m) => [m.id, m.kid, m.amount_cents])).toEqual([
      [ids[0], A, 950_00],
      [ids[1], B, 905_00],
      [ids[2], A, 1000_00],
    ]);

    // A distributor of store A alone: not in its list, nor its count, nor may it act on it; given store B too, it sees it.
    const partial = await consoleAccount(s, 'distributor', { stores: [A] });
    expect((await alertsOf('structuring', partial)).map((a) => a.id)).not.toContain(alert.id);
    const partialOpen = ((await s.call('/operator/alerts', { ...as(partial), filter: 'open' })).list as Listed[]).length;
    expect((await s.call('/operator/alertCount', as(partial))).open).toBe(partialOpen);
    expect((await s.call('/operator/alertAcknowledge', { ...as(partial), id: alert.id, note: 'seen' })).status).toBe(Status.PERMISSION_ERROR);
    expect((await s.call('/operator/storeDistributor', { ...as(admin), kid: B, distributor_id: partial.UID })).status).toBe(Status.OK);
    const both = partial;
    expect((await alertsOf('structuring', both)).map((a) => a.id)).toContain(alert.id);
    // Listed under either of its stores.
    expect(((await s.call('/operator/alerts', { ...as(admin), filter: 'all', kid: B })).list as Listed[]).map((a) => a.id)).toContain(alert.id);

    // Acknowledging needs a note.
    expect(await s.call('/operator/alertAcknowledge', { ...as(admin), id: alert.id })).toMatchObject({ status: Status.INPUT_ERROR, reason: 'alert_note_required' });
    expect(await s.call('/operator/alertAcknowledge', { ...as(admin), id: alert.id, note: '   ' })).toMatchObject({ status: Status.INPUT_ERROR, reason: 'alert_note_required' });
    expect((await s.call('/operator/alertAcknowledge', { ...as(both), id: alert.id, note: 'Spoke to the store; ID checked' })).status).toBe(Status.OK);
    expect((await alertsOf('structuring')).find((a) => a.id === alert.id)).toMatchObject({ state: 'acknowledged', note: 'Spoke to the store; ID checked' });
    // A fourth movement of the same day raises nothing more (one alert per person and window).
    await purchase(B, p.b.id, 990);
    expect((await sweepAlerts(deps())).raised).toEqual([]);
  });

  it('two movements near the threshold, or three outside the band: no alert; no threshold at a store: its movements do not count', async () => {
    await rules({});
    const two = await person();
    await purchase(A, two.a.id, 950);
    await purchase(B, two.b.id, 950);
    const outside = await person();
    for (const amount of [899, 500, 1001]) await purchase(A, outside.a.id, amount);
    const before = (await alertsOf('structuring')).length;
    expect((await sweepAlerts(deps())).raised).toEqual([]);
    expect((await alertsOf('structuring')).length).toBe(before);
    // A wider band takes the 899 in, with the two of 950 of the first person still two.
    await rules({ structuring_band: 50, structuring_count: 2 });
    const raised = (await sweepAlerts(deps())).raised;
    expect(raised.length).toBeGreaterThan(0);
  });

  it('people without a document are matched by their record; a week window names its Monday', async () => {
    await rules({ structuring_window: 'week' });
    const c = await newCustomer(s, counters[A]!, { address: '2 Main Street' });
    await s.handle.db.updateTable('customer').set({ drivers_license: 'W-1', id_hash: '' }).where('id', '=', c.id).execute();
    for (const amount of [920, 930, 940]) await purchase(A, c.id, amount);
    await sweepAlerts(deps());
    const mine = (await alertsOf('structuring')).filter((a) => a.subject.startsWith(`customer:${c.id}|`));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toMatch(/\|week:\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${mine[0]!.subject.split('week:')[1]}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('purchase and redeem with little play: raised with the movements; play above the share, or the rule off: none', async () => {
    await rules({ structuring_on: false });
    const quick = (await person()).a;
    const pid = await purchase(A, quick.id, 500);
    await giveWinnings(s, quick.id, 460_00, A);
    const r = await s.call('/customer/redeem', { ...counters[A]!, id: quick.id, amount: 460, key: await s.key() });
    expect(r.status).toBe(Status.OK);
    const played = (await person()).a;
    await purchase(A, played.id, 500);
    await playEntries(s, played.id, 100_00, A);
    await giveWinnings(s, played.id, 480_00, A);
    expect((await s.call('/customer/redeem', { ...counters[A]!, id: played.id, amount: 480, key: await s.key() })).status).toBe(Status.OK);

    await sweepAlerts(deps());
    const mine = (await alertsOf('little_play')).filter((a) => a.subject.startsWith(`customer:${quick.id}|`));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.detail).toMatchObject({ bought_cents: 500_00, redeemed_cents: 460_00, bet_cents: 0 });
    expect(mine[0]!.detail.movements!.map((m) => m.id)).toEqual([pid, r.movement_id]);
    expect((await alertsOf('little_play')).filter((a) => a.subject.startsWith(`customer:${played.id}|`))).toEqual([]);
    expect(await s.call('/operator/alertResolve', { ...as(admin), id: mine[0]!.id, note: 'winnings from a jackpot' })).toMatchObject({ status: Status.OK });

    await rules({ structuring_on: false, little_play_on: false });
    const later = (await person()).a;
    await purchase(A, later.id, 300);
    await giveWinnings(s, later.id, 300_00, A);
    expect((await s.call('/customer/redeem', { ...counters[A]!, id: later.id, amount: 300, key: await s.key() })).status).toBe(Status.OK);
    await sweepAlerts(deps());
    expect((await alertsOf('little_play')).filter((a) => a.subject.startsWith(`customer:${later.id}|`))).toEqual([]);
  });

  it('the store side hears nothing of it: its movements go through, and no store call lists console alerts', async () => {
    const cashier = counters[A]!;
    expect((await s.call('/operator/alerts', { ...cashier, filter: 'all' })).status).not.toBe(Status.OK);
  });
});
