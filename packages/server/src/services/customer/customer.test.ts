import { Status } from '@moneybox/contract';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { verifySecret } from '../../auth/password.js';
import { DEMO_LOGINS } from '../../cli/seed/seed.js';
import { describeOnDatabases, type Session } from '../../testing/server.js';
import { newCustomer, openCounter, seatAtMachine } from '../../testing/customer-kit.js';

describeOnDatabases('customer accounts', (s) => {
  let counter: Session;

  beforeAll(async () => {
    counter = await openCounter(s, 1000);
  });
  afterEach(async () => {
    await s.verify();
  });

  it('creates a customer with a mobile id and a PIN shown once and stored hashed', async () => {
    const r = await s.call('/customer/create', {
      ...counter,
      first_name: ' Grace ',
      last_name: 'Hopper',
      phone: '(217) 555-0199',
      mail: 'grace@example.com',
      birthday: '1960-12-09',
      gender: 'F',
      drivers_license: 'H123-456',
      bank: 'First Bank',
      bank_account: '000123',
      address: ' 1200 Main St, Richmond, VA 23219 ',
    });
    expect(r).toMatchObject({ status: Status.OK, customer: { first_name: 'Grace', last_name: 'Hopper', phone: '2175550199', address: '1200 Main St, Richmond, VA 23219', entries: 0, winnings: 0, block: false, playing: false } });
    expect(r.mobile_id).toMatch(/^\d{9}$/);
    expect(r.pin).toMatch(/^\d{6}$/);
    const row = await s.handle.db.selectFrom('customer').select(['pin_hash', 'name_search', 'store_id']).where('id', '=', r.id as number).executeTakeFirstOrThrow();
    expect(row.pin_hash).not.toContain(r.pin as string);
    expect(await verifySecret(r.pin as string, row.pin_hash)).toBe(true);
    expect(row).toMatchObject({ name_search: 'grace hopper', store_id: 1001 });
    const info = await s.call('/customer/info', { ...counter, type: 'id', rule: r.id });
    expect(info).toMatchObject({ status: Status.OK, customer: { id: r.id, mobile_id: r.mobile_id } });
    expect(info).not.toHaveProperty('pin');
    expect(info.customer).not.toHaveProperty('pin');
  });

  it('validates the profile fields with catalogued answers', async () => {
    const base = { ...counter, first_name: 'Ann', last_name: 'Lee', birthday: '1980-05-05' };
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ mail: 'not-an-email' }, /invalid e-mail/],
      [{ first_name: 'x'.repeat(51) }, /can not have more than 50 characters/],
      [{ bank_account: '1'.repeat(35) }, /can not have more than 34 characters/],
      [{ address: 'a'.repeat(201) }, /can not have more than 200 characters/],
      [{ address: 42 }, /address/],
      [{ phone: '217-555-CALL' }, /phone/],
      [{ birthday: '2001-02-30' }, /birthday/],
      [{ birthday: '2999-01-01' }, /birthday/],
      [{ gender: 'X' }, /gender/],
      [{ first_name: '   ' }, /first name is required/],
      [{ last_name: undefined }, /last_name/],
      // The store's minimum age needs the birthday.
      [{ birthday: '' }, /birthday is required/],
    ];
    for (const [fields, message] of bad) {
      const r = await s.call('/customer/create', { ...base, ...fields });
      expect(r.status, JSON.stringify(fields)).toBe(13);
      expect(r.error).toMatch(message);
    }
    expect((await s.call('/customer/create', { ...base, mail: '' })).status).toBe(Status.OK);
  });

  it('updates fields, keeps name search in step, and leaves out fields unchanged', async () => {
    const c = await newCustomer(s, counter, { first_name: 'Old', last_name: 'Name', phone: '5550001111', mail: 'old@example.com' });
    const r = await s.call('/customer/update', { ...counter, id: c.id, last_name: 'Newname', mail: 'new@example.com' });
    expect(r).toMatchObject({ status: Status.OK, customer: { first_name: 'Old', last_name: 'Newname', phone: '5550001111', mail: 'new@example.com', address: '' } });
    // The address is one of the fields: given, it changes; left out, it stays.
    expect((await s.call('/customer/update', { ...counter, id: c.id, address: '9 Elm Rd, Austin, TX 78701' })).customer).toMatchObject({ address: '9 Elm Rd, Austin, TX 78701', last_name: 'Newname' });
    expect((await s.call('/customer/update', { ...counter, id: c.id, phone: '5550002222' })).customer).toMatchObject({ address: '9 Elm Rd, Austin, TX 78701', phone: '5550002222' });
    const found = await s.call('/customer/search', { ...counter, type: 'name', rule: 'old newn' });
    expect((found.list as Array<{ id: number }>).map((x) => x.id)).toEqual([c.id]);
    expect((await s.call('/customer/search', { ...counter, type: 'name', rule: 'old name' })).list).toEqual([]);
    // The last name is searched as it is now, not as it was.
    expect((await s.call('/customer/search', { ...counter, type: 'name', rule: 'newname' })).list).toMatchObject([{ id: c.id }]);
    expect((await s.call('/customer/search', { ...counter, type: 'name', rule: 'name old' })).list).toEqual([]);
    expect((await s.call('/customer/update', { ...counter, id: 999999, mail: 'a@b.co' })).status).toBe(Status.CUSTOMER_ERROR);
    expect((await s.call('/customer/update', { ...counter, id: c.id, mail: 'bad' })).status).toBe(Status.INPUT_ERROR);
  });

  it('finds customers by last name and by "first last", first-name matches first, each customer once', async () => {
    const smith = await newCustomer(s, counter, { first_name: 'Ingrid', last_name: 'Vasquezova' });
    const other = await newCustomer(s, counter, { first_name: 'Bruno', last_name: 'vasquezova  Ortiz' });
    // A first name that is also the others' last name: found by its first name, listed first.
    const first = await newCustomer(s, counter, { first_name: 'Vasquezova', last_name: 'Lee' });
    const ids = (r: Record<string, unknown>) => (r.list as Array<{ id: number }>).map((x) => x.id);
    const search = (type: string, rule: string) => s.call('/customer/search', { ...counter, type, rule });

    expect(ids(await search('name', 'Vasquezova'))).toEqual([first.id, smith.id, other.id]);
    expect(ids(await search('name', 'VASQUEZOVA o'))).toEqual([other.id]);
    expect(ids(await search('name', 'vasquezova ing'))).toEqual([smith.id]);
    expect(ids(await search('name', 'Ingrid Vasq'))).toEqual([smith.id]);
    expect(ids(await search('name', 'ingrid ortiz'))).toEqual([]);
    // Text in `any` is a name, by first or last; the limit bounds the merged list.
    expect(ids(await search('any', 'vasquezo'))).toEqual([first.id, smith.id, other.id]);
    expect(ids(await s.call('/customer/search', { ...counter, type: 'name', rule: 'vasquezova', limit: 2 }))).toEqual([first.id, smith.id]);
    // The counter's info takes the first found, as before.
    expect(await s.call('/customer/info', { ...counter, type: 'name', rule: 'vasquezova i' })).toMatchObject({ status: Status.OK, customer: { id: smith.id } });
    // A demo customer by last name.
    expect(ids(await search('name', 'johnson'))).toHaveLength(1);
  });

  it('finds customers by id, mobile id, phone prefix and name prefix', async () => {
    const a = await newCustomer(s, counter, { first_name: 'Zelda', last_name: 'Quinn', phone: '3125550100' });
    const b = await newCustomer(s, counter, { first_name: 'Zelda', last_name: 'Quist', phone: '3125550200' });
    const odd = await newCustomer(s, counter, { first_name: 'Per%cy', last_name: 'O_Neil' });
    const ids = (r: Record<string, unknown>) => (r.list as Array<{ id: number }>).map((x) => x.id);
    const search = (type: string, rule: unknown) => s.call('/customer/search', { ...counter, type, rule });

    expect(ids(await search('id', String(a.id)))).toEqual([a.id]);
    expect(ids(await search('id', a.id))).toEqual([a.id]);
    expect((await search('id', 'abc')).status).toBe(Status.INPUT_ERROR);
    expect(ids(await search('mobile_id', b.mobile_id))).toEqual([b.id]);
    expect(ids(await search('phone', '312-555-0'))).toEqual([a.id, b.id]);
    expect(ids(await search('phone', '31255502'))).toEqual([b.id]);
    expect(ids(await search('name', 'ZELDA Qui'))).toEqual([a.id, b.id]);
    expect(ids(await search('name', 'zelda quis'))).toEqual([b.id]);
    // LIKE metacharacters typed by the user match only themselves.
    expect(ids(await search('name', 'per%'))).toEqual([odd.id]);
    expect(ids(await search('name', '%'))).toEqual([]);
    expect(ids(await search('name', 'per_cy'))).toEqual([]);
    expect(ids(await search('name', 'per%cy o_'))).toEqual([odd.id]);
    // `any`: digits try id, mobile id and phone; text tries the name.
    expect(ids(await search('any', b.mobile_id))).toEqual([b.id]);
    expect(ids(await search('any', '3125550'))).toEqual([a.id, b.id]);
    expect(ids(await s.call('/customer/search', { ...counter, rule: 'zelda' }))).toEqual([a.id, b.id]);
    // Demo customers are there too.
    expect(ids(await search('name', 'alice'))).toHaveLength(1);
    expect((await search('bogus', 'x')).status).toBe(Status.INPUT_ERROR);
    expect((await search('name', '')).status).toBe(Status.INPUT_ERROR);

    expect(await s.call('/customer/info', { ...counter, type: 'phone', rule: '3125550200' })).toMatchObject({ status: Status.OK, customer: { id: b.id } });
    expect((await s.call('/customer/info', { ...counter, type: 'mobile_id', rule: '000000000' })).status).toBe(Status.CUSTOMER_ERROR);
  });

  it('blocks and unblocks, and reports the block state', async () => {
    const c = await newCustomer(s, counter);
    expect(await s.call('/customer/blockState', { ...counter, id: c.id })).toMatchObject({ status: Status.OK, block: false });
    expect(await s.call('/customer/block', { ...counter, id: c.id, block: true })).toMatchObject({ status: Status.OK, id: c.id, block: true });
    expect(await s.call('/customer/blockState', { ...counter, id: c.id })).toMatchObject({ status: Status.OK, block: true });
    expect((await s.call('/customer/info', { ...counter, type: 'id', rule: c.id })).customer).toMatchObject({ block: true });
    expect(await s.call('/customer/block', { ...counter, id: c.id, block: '0' })).toMatchObject({ status: Status.OK, block: false });
    expect((await s.call('/customer/block', { ...counter, id: c.id, block: 'maybe' })).status).toBe(Status.INPUT_ERROR);
    expect((await s.call('/customer/block', { ...counter, id: 999999, block: true })).status).toBe(Status.CUSTOMER_ERROR);
    expect((await s.call('/customer/blockState', { ...counter, id: 999999 })).status).toBe(Status.CUSTOMER_ERROR);
  });

  it('resets the PIN: a new one shown once, the old one no longer valid', async () => {
    const c = await newCustomer(s, counter);
    const r = await s.call('/customer/reset', { ...counter, id: c.id, pin_id: 7 });
    expect(r).toMatchObject({ status: Status.OK, id: c.id, mobile_id: c.mobile_id });
    expect(r.pin).toMatch(/^\d{6}$/);
    const row = await s.handle.db.selectFrom('customer').select('pin_hash').where('id', '=', c.id).executeTakeFirstOrThrow();
    expect(await verifySecret(r.pin as string, row.pin_hash)).toBe(true);
    if (r.pin !== c.pin) expect(await verifySecret(c.pin, row.pin_hash)).toBe(false);
    expect((await s.call('/customer/reset', { ...counter, id: 999999 })).status).toBe(Status.CUSTOMER_ERROR);
  });

  it('kicks a playing customer off the machine', async () => {
    const c = await newCustomer(s, counter);
    const machine = await seatAtMachine(s, c.id);
    expect((await s.call('/customer/info', { ...counter, type: 'id', rule: c.id })).customer).toMatchObject({ playing: true, machine });
    expect(await s.call('/customer/kick', { ...counter, id: c.id })).toMatchObject({ status: Status.OK, id: c.id, machine, playing: false });
    expect((await s.call('/customer/info', { ...counter, type: 'id', rule: c.id })).customer).toMatchObject({ playing: false, machine: null });
    const m = await s.handle.db.selectFrom('machine').select('customer_id').where('machine_id', '=', machine).where('store_id', '=', 1001).executeTakeFirstOrThrow();
    expect(m.customer_id).toBeNull();
    // Kicking again changes nothing.
    expect(await s.call('/customer/kick', { ...counter, id: c.id })).toMatchObject({ status: Status.OK, machine: null, playing: false });
    expect((await s.call('/customer/kick', { ...counter, id: 999999 })).status).toBe(Status.CUSTOMER_ERROR);
  });

  it('pages game history and the gift log over a date range (39 past limit_day)', async () => {
    const c = await newCustomer(s, counter);
    const empty = await s.call('/customer/history', { ...counter, id: c.id });
    expect(empty).toMatchObject({ status: Status.OK, list: [], total: 0, page: 1, limit: 20 });
    const now = Date.now();
    const at = (minsAgo: number) => new Date(now - minsAgo * 60_000).toISOString();
    for (let i = 0; i < 5; i++) {
      await s.handle.db
        .insertInto('round')
        .values({ store_id: 1001, customer_id: c.id, machine_id: 1, round_no: `R${i}`, serial_no: `S${i}`, at: at(10 + i), game_name: 'Ocean King', begin_credits: 1000, end_credits: 900 + i, game_bet: 100, win: i })
        .execute();
    }
    await s.handle.db
      .insertInto('gift')
      .values({ store_id: 1001, customer_id: c.id, at: at(5), title: 'Welcome', award_type: 'Daily Bonus', award_amount_cents: 2_50, level: 1 })
      .execute();
    const startTime = at(60);
    const endTime = new Date(now + 60_000).toISOString();
    const p1 = await s.call('/customer/history', { ...counter, id: c.id, startTime, endTime, page: 1, limit: 2 });
    expect(p1).toMatchObject({ status: Status.OK, total: 5, page: 1, limit: 2 });
    expect((p1.list as Array<{ round_no: string }>).map((r) => r.round_no)).toEqual(['R0', 'R1']);
    expect(p1.list).toEqual(expect.arrayContaining([expect.objectContaining({ serial_no: 'S0', game_name: 'Ocean King', begin_credits: 1000, end_credits: 900, game_bet: 100, jp_bet: 0, extra_bet: 0, buy_bonus_cost: 0, win: 0 })]));
    const p3 = await s.call('/customer/history', { ...counter, id: c.id, startTime, endTime, page: '3', limit: '2' });
    expect((p3.list as Array<{ round_no: string }>).map((r) => r.round_no)).toEqual(['R4']);
    const narrow = await s.call('/customer/history', { ...counter, id: c.id, startTime: at(11.5), endTime: at(9) });
    expect(narrow.total).toBe(2);
    const gifts = await s.call('/customer/giftHistory', { ...counter, id: c.id, startTime, endTime: now + 60_000, lan: 'en' });
    expect(gifts).toMatchObject({ status: Status.OK, total: 1, list: [{ title: 'Welcome', award_type: 'Daily Bonus', award_amount: 2.5, award_item: '', item_amount: 0, level: 1 }] });

    expect(await s.call('/customer/history', { ...counter, id: c.id, startTime: endTime, endTime: startTime })).toMatchObject({ status: Status.IMPROPER_PERIOD, limit_day: 31 });
    expect(await s.call('/customer/giftHistory', { ...counter, id: c.id, startTime: at(60 * 24 * 40), endTime })).toMatchObject({ status: Status.IMPROPER_PERIOD, limit_day: 31 });
    expect((await s.call('/customer/history', { ...counter, id: c.id, startTime: 'yesterday' })).status).toBe(Status.INPUT_ERROR);
    expect((await s.call('/customer/history', { ...counter, id: c.id, limit: 500 })).status).toBe(Status.INPUT_ERROR);
    expect((await s.call('/customer/history', { ...counter, id: 999999 })).status).toBe(Status.CUSTOMER_ERROR);
    expect((await s.call('/customer/giftHistory', { ...counter, id: 999999 })).status).toBe(Status.CUSTOMER_ERROR);
  });

  it('lists the store customers page by page with the total', async () => {
    const total = (await s.call('/customer/customerInfo', { ...counter, page: 1, limit: 1 })).total as number;
    expect(total).toBeGreaterThanOrEqual(5);
    const all = await s.call('/customer/customerInfo', { ...counter, page: 1, limit: 200 });
    expect(all).toMatchObject({ status: Status.OK, total, page: 1, limit: 200 });
    const ids = (all.list as Array<{ id: number }>).map((c) => c.id);
    expect(ids).toHaveLength(total);
    const p2 = await s.call('/customer/customerInfo', { ...counter, page: 2, limit: 2 });
    expect((p2.list as Array<{ id: number }>).map((c) => c.id)).toEqual(ids.slice(2, 4));
    expect((await s.call('/customer/customerInfo', { ...counter })).limit).toBe(20);
  });

  it('lets a boss viewer look and manage accounts, but never move cash', async () => {
    const viewer = await s.login(DEMO_LOGINS.boss, 'viewer');
    const c = await newCustomer(s, viewer);
    expect((await s.call('/customer/search', { ...viewer, type: 'id', rule: c.id })).status).toBe(Status.OK);
    expect((await s.call('/customer/purchase', { ...viewer, id: c.id, amount: 5, key: await s.key() })).status).toBe(Status.PERMISSION_ERROR);
  });

  it('answers 5 without a valid session', async () => {
    expect((await s.call('/customer/search', { UID: 1, TOKEN: 'nope', rule: 'a' })).status).toBe(Status.SESSION_REPLACED);
    expect((await s.call('/customer/purchase', { id: 1, amount: 5, key: 'abcdefgh' })).status).toBe(Status.SESSION_REPLACED);
  });
});
