import { RefusalReason, Status, type TerminalRefusal } from '@moneybox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { consoleAccount, type ConsoleSession } from '../../testing/console-kit.js';
import { balances, giveWinnings, newCustomer, openCounter } from '../../testing/customer-kit.js';
import { describeOnDatabases, type Session } from '../../testing/server.js';
import { everyChannel, otherStore } from '../../testing/terminal-kit.js';

type Terminal = Awaited<ReturnType<typeof everyChannel>>['game'];
type Counter = Session & { drawer: number };

/**
 * Self-exclusions shared across an operator's stores on an ID match (issue 24): the demo store 1001 and
 * store 2101 belong to one distributor, store 2102 to another. With sharing on, an exclusion recorded in
 * 2101 refuses the customer with the same ID card in 1001 on every channel, exactly as the store's own
 * would; 2102 never sees it; with sharing off nothing is shared.
 */
describeOnDatabases('shared exclusions', (s) => {
  const SAME = 2101;
  const OTHER = 2102;
  let admin: ConsoleSession;
  let dist: ConsoleSession;
  let otherDist: ConsoleSession;
  let here: Counter;
  let there: Counter;
  let elsewhere: Counter;
  let channels: Awaited<ReturnType<typeof everyChannel>>;
  const as = (c: ConsoleSession) => ({ UID: c.UID, TOKEN: c.TOKEN });

  beforeAll(async () => {
    await otherStore(s, SAME);
    await otherStore(s, OTHER);
    admin = await consoleAccount(s, 'admin');
    dist = await consoleAccount(s, 'distributor', { stores: [1001, SAME] });
    otherDist = await consoleAccount(s, 'distributor', { stores: [OTHER] });
    here = await openCounter(s, 1000);
    there = await openCounter(s, 1000, { storeId: SAME });
    elsewhere = await openCounter(s, 1000, { storeId: OTHER });
    channels = await everyChannel(s);
  });
  afterAll(async () => {
    await channels?.close();
  });

  const purchase = async (who: Counter, id: number, amount = 5) => s.call('/customer/purchase', { ...who, id, amount, key: await s.key() });
  const exclude = (who: Counter, id: number) => s.call('/customer/protect', { ...who, id, kind: 'exclusion', period: '1y' });
  const sharing = (c: ConsoleSession, kid: number, on: boolean) => s.call('/operator/exclusionSharingSet', { ...as(c), kid, on });
  const terminalRefuses = async (t: Terminal, cmd: Record<string, unknown>, reason: TerminalRefusal, extra: Record<string, unknown> = {}) =>
    expect(await channels.command(t, cmd)).toMatchObject({ ok: false, reason, ...extra });
  const card = async (id: number) => (await s.call('/customer/info', { ...here, type: 'id', rule: String(id) })).customer as { protection: unknown };

  it('off: an exclusion stays in its store; switched on, it refuses the same ID card in the operator\'s other store on every channel, never another operator\'s', async () => {
    const mine = await newCustomer(s, here, { drivers_license: 'D123-456-789' });
    const theirs = await newCustomer(s, there, { drivers_license: 'd 123 456 789' });
    const foreign = await newCustomer(s, elsewhere, { drivers_license: 'D123456789' });
    const ex = await exclude(there, theirs.id);
    expect(ex.status).toBe(Status.OK);
    const until = (ex.protection as { until: string }).until;
    expect((await purchase(here, mine.id)).status).toBe(Status.OK);
    expect((await card(mine.id)).protection).toBeNull();

    // Only the admin switches it; a distributor reads its own stores' state, not another's.
    expect((await sharing(dist, 1001, true)).status).toBe(Status.PERMISSION_ERROR);
    expect(await s.call('/operator/exclusionSharing', { ...as(dist), kid: 1001 })).toMatchObject({ status: Status.OK, owner: dist.username, stores: 2, on: false, since: null });
    expect((await s.call('/operator/exclusionSharing', { ...as(otherDist), kid: 1001 })).status).toBe(Status.PERMISSION_ERROR);
    expect((await sharing(admin, 1001, true)).status).toBe(Status.OK);
    expect(await s.call('/operator/exclusionSharing', { ...as(admin), kid: SAME })).toMatchObject({ on: true, owner: dist.username });
    const row = await s.handle.db.selectFrom('audit').select(['kind', 'after_json']).where('kind', '=', 'console.exclusion_sharing').executeTakeFirstOrThrow();
    expect(JSON.parse(row.after_json!)).toMatchObject({ on: true, stores: 2 });

    // The running exclusion is shared at once: refused as the store's own on every channel, redeem still paid.
    const refusal = { status: Status.CUSTOMER_ERROR, reason: RefusalReason.PROTECTED, protection: 'exclusion', until };
    expect(await purchase(here, mine.id)).toMatchObject(refusal);
    expect(await s.call('/customer/comps', { ...here, id: mine.id, amount: 5, key: await s.key() })).toMatchObject(refusal);
    const { kiosk, reloader, online, game } = channels;
    for (const t of [kiosk, reloader, online]) await terminalRefuses(t, { type: 'purchase', mobile_id: mine.mobile_id, amount_cents: 5_00 }, 'excluded', { protection: 'exclusion', until });
    await terminalRefuses(game, { type: 'login', mobile_id: mine.mobile_id, pin: mine.pin }, 'excluded', { protection: 'exclusion', until });
    await giveWinnings(s, mine.id, 20_00);
    expect(await s.call('/customer/redeem', { ...here, id: mine.id, amount: 10, key: await s.key() })).toMatchObject({ status: Status.OK, winnings: 10 });
    expect(await balances(s, mine.id)).toEqual({ entries: 5_00, winnings: 10_00 });
    // The card says where it comes from, and nothing else of it.
    expect((await card(mine.id)).protection).toEqual({ kind: 'exclusion', since: (ex.protection as { since: string }).since, until, shared: true });

    // Another operator's store never sees it.
    expect((await purchase(elsewhere, foreign.id)).status).toBe(Status.OK);
    expect((await s.call('/customer/info', { ...elsewhere, type: 'id', rule: String(foreign.id) })).customer).toMatchObject({ protection: null });
  });

  it('on: a new exclusion reaches the matching customers; a customer created or updated with the ID (normalised) is refused', async () => {
    const before = await newCustomer(s, here, { drivers_license: 'S777-888' });
    const theirs = await newCustomer(s, there, { drivers_license: 's 777 888' });
    expect((await purchase(here, before.id)).status).toBe(Status.OK);
    expect((await exclude(there, theirs.id)).status).toBe(Status.OK);
    expect(await purchase(here, before.id)).toMatchObject({ status: Status.CUSTOMER_ERROR, reason: RefusalReason.PROTECTED });

    // The excluded person is not registered again, nor does another record take their ID (excluded-person.test.ts).
    const person = { status: Status.CUSTOMER_ERROR, reason: RefusalReason.PROTECTED, protection: 'exclusion', excluded: 'person' };
    expect(await s.call('/customer/create', { ...here, first_name: 'Again', last_name: 'S', birthday: '1970-01-01', drivers_license: 's-777.888' })).toMatchObject(person);

    const later = await newCustomer(s, here, { drivers_license: 'X1' });
    expect((await purchase(here, later.id)).status).toBe(Status.OK);
    expect(await s.call('/customer/update', { ...here, id: later.id, drivers_license: 'S777888' })).toMatchObject(person);
    expect((await purchase(here, later.id)).status).toBe(Status.OK);
    // A cool-off is the store's own: it is not shared.
    const cooling = await newCustomer(s, there, { drivers_license: 'C555' });
    const twin = await newCustomer(s, here, { drivers_license: 'C555' });
    expect((await s.call('/customer/protect', { ...there, id: cooling.id, kind: 'cool_off', days: 3 })).status).toBe(Status.OK);
    expect((await purchase(here, twin.id)).status).toBe(Status.OK);
  });

  it('switched off, no store carries another\'s exclusion: purchases pass again; the store\'s own still holds', async () => {
    const mine = await newCustomer(s, here, { drivers_license: 'P42' });
    const theirs = await newCustomer(s, there, { drivers_license: 'P42' });
    const own = await newCustomer(s, here, { drivers_license: 'P43' });
    expect((await exclude(there, theirs.id)).status).toBe(Status.OK);
    expect((await exclude(here, own.id)).status).toBe(Status.OK);
    expect(await purchase(here, mine.id)).toMatchObject({ status: Status.CUSTOMER_ERROR, reason: RefusalReason.PROTECTED });
    expect((await sharing(admin, SAME, false)).status).toBe(Status.OK);
    expect((await purchase(here, mine.id)).status).toBe(Status.OK);
    expect((await card(mine.id)).protection).toBeNull();
    expect(await purchase(here, own.id)).toMatchObject({ status: Status.CUSTOMER_ERROR, reason: RefusalReason.PROTECTED });
    expect(await s.handle.db.selectFrom('shared_exclusion').select('id').execute()).toEqual([]);
    // An exclusion recorded while it is off is not shared (no row, no effect).
    const again = await newCustomer(s, there, { drivers_license: 'P44' });
    const twin = await newCustomer(s, here, { drivers_license: 'P44' });
    expect((await exclude(there, again.id)).status).toBe(Status.OK);
    expect((await purchase(here, twin.id)).status).toBe(Status.OK);
    await s.verify();
  });
});
