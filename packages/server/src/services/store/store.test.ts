import { SaType, Status, cents } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_KIOSK, DEMO_LOGINS } from '../../cli/seed/seed.js';
import { addCredit, createAccount, createStore, freezeStore } from '../operator/operator.service.js';
import { describeOnDatabases, type Body } from '../../testing/server.js';
import { SEED } from '../audit/audit.js';

type S = { UID: number; TOKEN: string };

describeOnDatabases('Store Information: /store/info, /store/update, /store/quota', (s) => {
  let boss: S;
  let viewer: S;
  let cashier: S;
  beforeAll(async () => {
    boss = await s.loginAt(3, DEMO_LOGINS.boss);
    expect((await s.call('/drawer/init', { ...boss, amount: 1000, key: await s.key() })).status).toBe(Status.OK);
    await createAccount({ handle: s.handle }, SEED, { storeId: DEMO_KIOSK, username: 'viewboss01', password: 'view1234', saType: SaType.BOSS });
    viewer = await s.login({ username: 'viewboss01', password: 'view1234' }, 'viewer');
    cashier = await s.loginAt(1, DEMO_LOGINS.cashier);
  });

  const as = (who: S, body: Body = {}) => ({ UID: who.UID, TOKEN: who.TOKEN, ...body });
  const info = async (who = boss, body: Body = {}) => s.call('/store/info', as(who, body));
  const update = (body: Body, who = boss) => s.call('/store/update', as(who, body));
  const auditRows = () => s.handle.db.selectFrom('audit').selectAll().where('kind', '=', 'store.update').orderBy('id').execute();

  it("shows the store info labels, time zone, limits, caps, minimum amount and blind count; what the boss may edit", async () => {
    const r = await info();
    expect(r).toMatchObject({
      status: Status.OK,
      info: {
        kid: DEMO_KIOSK, storename: 'Demo Arcade', freeze: false, max_machines: 20, max_drawers: 5, special_comps: 5000, exchange_rate: 100,
        timezone: 'America/Chicago', limit_day: 31, limits: { hourly: 500, daily: 2000, weekly: 5000 }, caps: { hourly: 500, daily: 2000, weekly: 5000 },
        min_amount: 1, blind_count: true,
      },
    });
    expect(r.editable).toEqual(['address', 'city', 'state', 'zip', 'phone', 'min_amount', 'limits', 'blind_count', 'denominations', 'large_difference', 'min_age', 'birthday_required', 'id_check', 'large_payout']);
    expect(await info(boss, { fields: 'kid,phone' })).toMatchObject({ status: Status.OK, info: { kid: DEMO_KIOSK, phone: expect.any(String) } });
    expect(Object.keys((await info(boss, { fields: ['kid'] })).info as object)).toEqual(['kid']);
    // No field named is every field, as when `fields` is absent (issue 20: `fields: []` answered `info: {}`).
    const every = Object.keys((await info(boss)).info as object);
    expect(every.length).toBeGreaterThan(10);
    for (const none of [[], '', ' , ']) expect(Object.keys((await info(boss, { fields: none })).info as object), JSON.stringify(none)).toEqual(every);
    expect((await info(boss, { fields: ['credit_cents'] })).status).toBe(Status.INPUT_ERROR);
    // A viewer reads it, with nothing editable, the protection settings included (issue 37 item 15); a cashier gets 21.
    expect(await info(viewer)).toMatchObject({ status: Status.OK, editable: [], info: { min_age: expect.any(Number), birthday_required: expect.any(Boolean), id_check: expect.any(Number), large_payout: expect.any(Number) } });
    expect((await info(cashier)).status).toBe(Status.PERMISSION_ERROR);
  });

  it('lets the boss edit the contact fields, with the max-length message, and writes one audit row of what changed', async () => {
    const before = (await auditRows()).length;
    const r = await update({ address: '12 Main St', city: 'Springfield', state: 'IL', zip: '62701', phone: '+1 (217) 555-0100' });
    expect(r).toMatchObject({ status: Status.OK, info: { address: '12 Main St', city: 'Springfield', state: 'IL', zip: '62701', phone: '+1 (217) 555-0100' } });
    const rows = await auditRows();
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({ actor_name: 'boss01', store_id: DEMO_KIOSK, target_type: 'store', target_id: DEMO_KIOSK });
    expect(JSON.parse(rows.at(-1)!.after_json!)).toMatchObject({ address: '12 Main St', phone: '+1 (217) 555-0100' });
    expect(await update({ city: 'x'.repeat(61) })).toMatchObject({ status: Status.INPUT_ERROR, error: 'city: can not have more than 60 characters' });
    expect((await update({ phone: 'call me' })).status).toBe(Status.INPUT_ERROR);
    // Nothing changed: no row.
    expect((await update({ city: 'Springfield' })).status).toBe(Status.OK);
    expect((await auditRows()).length).toBe(before + 1);
    // The operator's fields are not the boss's: unknown fields are ignored, the values stay.
    expect((await update({ exchange_rate: 5, max_drawers: 99, credit: 1e6 })).status).toBe(Status.OK);
    expect((await info()).info).toMatchObject({ exchange_rate: 100, max_drawers: 5 });
  });

  it('caps the purchase limits at the operator\'s caps (35), and the counter enforces a lowered limit', async () => {
    expect(await update({ limit_daily: 2500 })).toMatchObject({ status: Status.AMOUNT_ERROR, reason: 'above_cap', limit: 'daily', cap: 2000 });
    // With a provider's cap, 0 (no limit) is refused with its own reason (the form's hint says so, issue 20).
    expect(await update({ limit_hourly: 0 })).toMatchObject({ status: Status.AMOUNT_ERROR, reason: 'capped_no_limit', limit: 'hourly', cap: 500 });
    expect(await update({ limit_hourly: 30 })).toMatchObject({ status: Status.OK, info: { limits: { hourly: 30 } } });
    const c = await s.call('/customer/create', as(boss, { first_name: 'Lim', last_name: 'Ited', birthday: '1970-01-01' }));
    const buy = async (amount: number) => s.call('/customer/purchase', as(boss, { id: c.id, amount, key: await s.key() }));
    expect((await buy(20)).status).toBe(Status.OK);
    expect(await buy(20)).toMatchObject({ status: Status.AMOUNT_ERROR, reason: 'purchase_limit', limit: 'hourly', left: 10 });
    expect((await update({ limit_hourly: 500 })).status).toBe(Status.OK);
    expect((await buy(20)).status).toBe(Status.OK);
  });

  it('sets the minimum amount (above 0) and the blind count', async () => {
    expect((await update({ min_amount: 0 })).status).toBe(Status.AMOUNT_ERROR);
    expect(await update({ min_amount: 5, blind_count: 0 })).toMatchObject({ status: Status.OK, info: { min_amount: 5, blind_count: false } });
    const c = await s.call('/customer/create', as(boss, { first_name: 'Min', last_name: 'Amount', birthday: '1970-01-01' }));
    expect(await s.call('/customer/purchase', as(boss, { id: c.id, amount: 2, key: await s.key() }))).toMatchObject({ status: Status.AMOUNT_ERROR, min_amount: 5 });
    expect((await update({ min_amount: 1, blind_count: true })).status).toBe(Status.OK);
  });

  it('refuses edits from a viewer and a cashier (21) and in a frozen store (46), changing nothing', async () => {
    const before = (await auditRows()).length;
    expect((await update({ phone: '1' }, viewer)).status).toBe(Status.PERMISSION_ERROR);
    expect((await update({ phone: '1' }, cashier)).status).toBe(Status.PERMISSION_ERROR);
    await freezeStore({ handle: s.handle }, SEED, { storeId: DEMO_KIOSK, frozen: true, message: 'Closed for audit' });
    expect(await update({ phone: '1' })).toMatchObject({ status: Status.STORE_FROZEN, freeze_msg: 'Closed for audit' });
    await freezeStore({ handle: s.handle }, SEED, { storeId: DEMO_KIOSK, frozen: false, message: '' });
    expect((await info()).info).toMatchObject({ phone: '+1 (217) 555-0100' });
    expect((await auditRows()).length).toBe(before);
  });

  it('answers quota: credit and budget left, drawers and machines used, the credit history per day, the low-credit warning', async () => {
    const q = await s.call('/store/quota', as(boss));
    expect(q).toMatchObject({ status: Status.OK, special_comps: 5000, drawers: { used: 3, max: 5 }, machines: { max: 20 }, low_credit: false });
    expect(q.credit).toBe(100_000 - 40);
    const history = q.history as { day: string; topups: number; used: number }[];
    expect(history.reduce((a, d) => a + d.topups, 0)).toBe(100_000);
    expect(history.reduce((a, d) => a + d.used, 0)).toBe(40);
    expect(history[0]!.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await addCredit({ handle: s.handle }, SEED, { storeId: DEMO_KIOSK, amount: cents(-99_950_00), note: 'taken back' });
    const low = await s.call('/store/quota', as(boss));
    expect(low).toMatchObject({ credit: 10, low_credit: true, days_left: 1.7 });
    expect((low.topups as { amount: number; note: string }[])[0]).toMatchObject({ amount: -99_950, note: 'taken back' });
    expect((await s.call('/store/quota', as(viewer))).status).toBe(Status.OK);
    expect((await s.call('/store/quota', as(cashier))).status).toBe(Status.PERMISSION_ERROR);
  });

  it("keeps stores apart: another store's boss sees and edits only its own store", async () => {
    await createStore({ handle: s.handle }, SEED, {
      id: 5005, name: 'Other Arcade', timezone: 'UTC', credit: cents(700_00), compsBudget: cents(0), maxDrawers: 2, maxMachines: 1,
      limitDay: 31, limitHourly: cents(0), limitDaily: cents(0), limitWeekly: cents(0), drawers: 1,
    });
    await createAccount({ handle: s.handle }, SEED, { storeId: 5005, username: 'otherboss1', password: 'other1234', saType: SaType.BOSS });
    const o = await s.call('/user/posLogin', { mode: 'pos', username: 'otherboss1', password: 'other1234', kiosk_id: 5005 });
    const other = { UID: o.uid as number, TOKEN: o.token as string };
    expect(await info(other, { kid: DEMO_KIOSK, id: DEMO_KIOSK })).toMatchObject({ info: { kid: 5005, storename: 'Other Arcade' } });
    expect((await update({ phone: '999', kid: DEMO_KIOSK, id: DEMO_KIOSK }, other)).status).toBe(Status.OK);
    expect((await info()).info).toMatchObject({ phone: '+1 (217) 555-0100' });
    expect(await s.call('/store/quota', as(other, { kid: DEMO_KIOSK }))).toMatchObject({ credit: 700, drawers: { used: 1 } });
  });
});
