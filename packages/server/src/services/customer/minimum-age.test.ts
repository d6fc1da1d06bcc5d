import { RefusalReason, SaType, Status } from '@moneybox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { giveWinnings, newCustomer, openCounter, withoutBirthday } from '../../testing/customer-kit.js';
import { describeOnDatabases, type Session } from '../../testing/server.js';
import { everyChannel } from '../../testing/terminal-kit.js';

type Counter = Session & { drawer: number };

/** A birthday that makes the customer `years` old today (UTC): 1 January of that year. */
const bornYearsAgo = (years: number) => `${new Date().getUTCFullYear() - years}-01-01`;

/**
 * The store's minimum age holds at every purchase on every channel, not only when a birthday is
 * written. The customer evading it: registered without a birthday, or registered before the boss
 * raised the minimum.
 */
describeOnDatabases('the minimum age at every purchase', (s) => {
  let boss: Counter;
  let counter: Counter;
  let channels: Awaited<ReturnType<typeof everyChannel>>;

  beforeAll(async () => {
    boss = await openCounter(s, 1000, { saType: SaType.BOSS });
    counter = await openCounter(s, 1000);
    channels = await everyChannel(s);
  });
  afterAll(async () => {
    await channels?.close();
  });

  const money = async (path: '/customer/purchase' | '/customer/comps' | '/customer/redeem', id: number) => s.call(path, { ...counter, id, amount: 5, key: await s.key() });
  const terminalBuys = async (mobile_id: string) => Promise.all([channels.kiosk, channels.reloader, channels.online].map((t) => channels.command(t, { type: 'purchase', mobile_id, amount_cents: 5_00 })));
  const minAge = (min_age: number) => s.call('/store/update', { UID: boss.UID, TOKEN: boss.TOKEN, min_age });
  const ageOnCard = async (id: number) => {
    const r = await s.call('/customer/getDayLimit', { ...counter, id });
    return { min_age: r.min_age, age_short: r.age_short };
  };

  it('the birthday is required at registration and cannot be cleared while the store has a minimum age', async () => {
    const blank = await s.call('/customer/create', { ...counter, first_name: 'No', last_name: 'Birthday' });
    expect(blank).toMatchObject({ status: Status.INPUT_ERROR, reason: 'birthday', min_age: 18 });
    expect((await s.call('/customer/create', { ...counter, first_name: 'No', last_name: 'Birthday', birthday: '' })).status).toBe(Status.INPUT_ERROR);
    const c = await newCustomer(s, counter, { birthday: bornYearsAgo(30) });
    expect(await s.call('/customer/update', { ...counter, id: c.id, birthday: '' })).toMatchObject({ status: Status.INPUT_ERROR, reason: 'birthday', min_age: 18 });
    expect((await s.call('/customer/info', { ...counter, type: 'id', rule: String(c.id) })).customer).toMatchObject({ birthday: bornYearsAgo(30) });
  });

  it('a customer registered before the minimum was raised cannot buy on any channel; payouts stay allowed', async () => {
    const c = await newCustomer(s, counter, { birthday: bornYearsAgo(20) });
    expect((await money('/customer/purchase', c.id)).status).toBe(Status.OK);
    expect(await ageOnCard(c.id)).toEqual({ min_age: 18, age_short: null });
    expect((await minAge(21)).status).toBe(Status.OK);
    try {
      // The counter's card is told before the cashier tries, by the purchase's own rule.
      expect(await ageOnCard(c.id)).toEqual({ min_age: 21, age_short: 'under' });
      const refusal = { status: Status.CUSTOMER_ERROR, reason: RefusalReason.UNDERAGE, min_age: 21 };
      expect(await money('/customer/purchase', c.id)).toMatchObject(refusal);
      expect(await money('/customer/comps', c.id)).toMatchObject(refusal);
      for (const ack of await terminalBuys(c.mobile_id)) expect(ack).toMatchObject({ ok: false, reason: 'underage', min_age: 21 });
      await giveWinnings(s, c.id, 10_00);
      expect((await money('/customer/redeem', c.id)).status).toBe(Status.OK);
    } finally {
      expect((await minAge(18)).status).toBe(Status.OK);
    }
    expect((await money('/customer/purchase', c.id)).status).toBe(Status.OK);
  });

  it('a customer registered without a birthday cannot buy on any channel until it is filled in', async () => {
    const c = await newCustomer(s, counter);
    await withoutBirthday(s, c.id);
    expect(await ageOnCard(c.id)).toEqual({ min_age: 18, age_short: 'birthday' });
    expect(await money('/customer/purchase', c.id)).toMatchObject({ status: Status.CUSTOMER_ERROR, reason: RefusalReason.BIRTHDAY, min_age: 18 });
    for (const ack of await terminalBuys(c.mobile_id)) expect(ack).toMatchObject({ ok: false, reason: 'birthday_required', min_age: 18 });
    // Filled in at the counter: too young is refused there, of age buys again.
    expect(await s.call('/customer/update', { ...counter, id: c.id, birthday: bornYearsAgo(17) })).toMatchObject({ status: Status.INPUT_ERROR, min_age: 18 });
    expect((await s.call('/customer/update', { ...counter, id: c.id, birthday: bornYearsAgo(40) })).status).toBe(Status.OK);
    expect((await money('/customer/purchase', c.id)).status).toBe(Status.OK);
    await s.verify();
  });
});
