import { SaType, Status } from '@moneybox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeOnDatabases, type Session } from '../../testing/server.js';
import { anotherStore, newCustomer, openCounter } from '../../testing/customer-kit.js';
import { DEMO_LOGINS } from '../../cli/seed/seed.js';

const OTHER = 2003;

/**
 * A customer's data on request (issue 40): a boss exports one customer's record, money movements and the
 * actions recorded on them, and the export is itself recorded. A cashier who wants a customer's data, and
 * a boss who wants another store's customer, get nothing and leave no row.
 */
describeOnDatabases("a customer's data export", (s) => {
  let cashier: Session & { drawer: number };
  let boss: Session;
  let theirs: { id: number };

  beforeAll(async () => {
    await anotherStore(s, OTHER, 'Third Arcade');
    cashier = await openCounter(s, 1000);
    boss = await s.login(DEMO_LOGINS.boss, 'viewer');
    theirs = await newCustomer(s, await openCounter(s, 1000, { storeId: OTHER }), { first_name: 'Far', last_name: 'Away' });
  });

  const exports = async () => Number((await s.handle.db.selectFrom('audit').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'customer.export').executeTakeFirstOrThrow()).n);

  it('holds the record, every movement oldest first and the actions on them, and is recorded', async () => {
    const c = await newCustomer(s, cashier, { first_name: 'Dana', last_name: 'Export', address: '1 Main St, Austin, TX 78701' });
    expect((await s.call('/customer/purchase', { ...cashier, id: c.id, amount: 12.5, key: await s.key() })).status).toBe(Status.OK);
    expect((await s.call('/customer/revert', { ...cashier, id: c.id, amount: 2.5, key: await s.key() })).status).toBe(Status.OK);
    const before = await exports();
    const r = await s.call('/customer/export', { UID: boss.UID, TOKEN: boss.TOKEN, id: c.id });
    expect(r).toMatchObject({ status: Status.OK, store: { kid: 1001 }, customer: { id: c.id, first_name: 'Dana', last_name: 'Export', address: '1 Main St, Austin, TX 78701', entries: 10 } });
    const movements = r.movements as { kind: string; amount: number; channel: string }[];
    expect(movements.map((m) => [m.kind, m.amount, m.channel])).toEqual([
      ['purchase', 12.5, 'pos'],
      ['revert', 2.5, 'pos'],
    ]);
    expect((r.actions as { kind: string; by: string }[]).map((a) => a.kind)).toContain('customer.create');
    expect(r.cash_log).toEqual([]);
    expect(await exports()).toBe(before + 1);
    const row = await s.handle.db.selectFrom('audit').select(['target_id', 'actor_name', 'store_id']).where('kind', '=', 'customer.export').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ target_id: c.id, actor_name: DEMO_LOGINS.boss.username, store_id: 1001 });
  });

  it("holds the customer's cash log rows with the identity each recorded", async () => {
    await s.handle.db.updateTable('store').set({ cash_log_cents: 10_00 }).where('id', '=', 1001).execute();
    try {
      const c = await newCustomer(s, cashier, { first_name: 'Cash', last_name: 'Logged' });
      expect((await s.call('/customer/purchase', { ...cashier, id: c.id, amount: 12.5, key: await s.key() })).status).toBe(Status.OK);
      const r = await s.call('/customer/export', { UID: boss.UID, TOKEN: boss.TOKEN, id: c.id });
      expect(r.cash_log).toEqual([expect.objectContaining({ direction: 'in', level: 'log', day_total: 12.5, identity: expect.objectContaining({ first_name: 'Cash', last_name: 'Logged' }) })]);
    } finally {
      await s.handle.db.updateTable('store').set({ cash_log_cents: 0 }).where('id', '=', 1001).execute();
    }
  });

  it('is among the calls /user/menu lists for a boss, never for a cashier: the web offers the button by it', async () => {
    const calls = async (who: Session) => (await s.call('/user/menu', { UID: who.UID, TOKEN: who.TOKEN, lang: 'en' })).calls as string[];
    expect(await calls(boss)).toContain('/customer/export');
    const cashierCalls = await calls(cashier);
    expect(cashierCalls).not.toContain('/customer/export');
    expect(cashierCalls).toContain('/customer/purchase');
    expect(cashierCalls.some((p) => p.startsWith('/operator/'))).toBe(false);
  });

  it("refuses a cashier (21) and another store's customer (the customer error), writing no row", async () => {
    const before = await exports();
    const c = await newCustomer(s, cashier);
    expect((await s.call('/customer/export', { ...cashier, id: c.id })).status).toBe(Status.PERMISSION_ERROR);
    const other = await openCounter(s, 1000, { saType: SaType.BOSS });
    const r = await s.call('/customer/export', { ...other, id: theirs.id });
    expect(r.status).toBe(Status.CUSTOMER_ERROR);
    expect(JSON.stringify(r)).not.toContain('Away');
    expect((await s.call('/customer/export', { UID: boss.UID, TOKEN: boss.TOKEN, id: 987_654 })).status).toBe(Status.CUSTOMER_ERROR);
    expect(await exports()).toBe(before);
    await s.verify();
  });

  describe('erasure on request', () => {
    const settings = () => s.deps.settings as { customerRetentionDays: number };
    let kept = 0;
    beforeAll(() => {
      kept = settings().customerRetentionDays;
      settings().customerRetentionDays = 1;
    });
    afterAll(() => {
      settings().customerRetentionDays = kept;
    });
    const erase = (who: Session, id: number) => s.call('/customer/erase', { UID: who.UID, TOKEN: who.TOKEN, id });
    const signedUpDaysAgo = async (id: number, days: number) => {
      const at = new Date(Date.now() - days * 86_400_000).toISOString();
      await s.handle.db.updateTable('customer').set({ created_at: at }).where('id', '=', id).execute();
    };
    const rows = async (id: number) => Number((await s.handle.db.selectFrom('audit').select((eb) => eb.fn.countAll<number>().as('n')).where('kind', '=', 'customer.erase').where('target_id', '=', id).executeTakeFirstOrThrow()).n);

    it('empties the personal fields once the retention has passed, blocks the customer, keeps the balances, the ledger and the ID hash, and is recorded once', async () => {
      const c = await newCustomer(s, cashier, { first_name: 'Erin', last_name: 'Gone', drivers_license: 'E-555', phone: '5550109', mail: 'erin@example.com', address: '5 Oak St' });
      await signedUpDaysAgo(c.id, 2);
      const hash = (await s.handle.db.selectFrom('customer').select('id_hash').where('id', '=', c.id).executeTakeFirstOrThrow()).id_hash;
      const r = await erase(boss, c.id);
      expect(r).toMatchObject({ status: Status.OK, customer: { id: c.id, first_name: '', last_name: '', drivers_license: '', phone: '', mail: '', address: '', birthday: '', block: true, erased: true, entries: 0, winnings: 0 } });
      const row = await s.handle.db.selectFrom('customer').select(['name_search', 'last_search', 'id_hash', 'erased_at']).where('id', '=', c.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ name_search: '', last_search: '', id_hash: hash });
      expect(row.erased_at).not.toBeNull();
      // No longer found by what it was; a second erasure is refused.
      expect(((await s.call('/customer/search', { ...cashier, type: 'name', rule: 'erin' })).list as { id: number }[]).map((x) => x.id)).not.toContain(c.id);
      expect(await erase(boss, c.id)).toMatchObject({ status: Status.INPUT_ERROR, reason: 'erased' });
      expect(await rows(c.id)).toBe(1);
      await s.verify();
    });

    it('refuses within the retention (saying until when), while entries or winnings are held, and a cashier; nothing changes', async () => {
      const recent = await newCustomer(s, cashier, { first_name: 'Recent', last_name: 'One' });
      const r = await erase(boss, recent.id);
      expect(r).toMatchObject({ status: Status.INPUT_ERROR, reason: 'erase_retention' });
      expect(Date.parse(r.kept_until as string)).toBeGreaterThan(Date.now());
      const holder = await newCustomer(s, cashier, { first_name: 'Holder', last_name: 'Two' });
      expect((await s.call('/customer/purchase', { ...cashier, id: holder.id, amount: 5, key: await s.key() })).status).toBe(Status.OK);
      await signedUpDaysAgo(holder.id, 30);
      expect(await erase(boss, holder.id)).toMatchObject({ status: Status.INPUT_ERROR, reason: 'erase_balance' });
      const old = await newCustomer(s, cashier, { first_name: 'Old', last_name: 'Three' });
      await signedUpDaysAgo(old.id, 30);
      expect((await erase(cashier, old.id)).status).toBe(Status.PERMISSION_ERROR);
      for (const c of [recent, holder, old]) {
        expect(await rows(c.id)).toBe(0);
        expect((await s.handle.db.selectFrom('customer').select(['first_name', 'erased_at']).where('id', '=', c.id).executeTakeFirstOrThrow()).erased_at).toBeNull();
      }
      expect((await erase(boss, theirs.id)).status).toBe(Status.CUSTOMER_ERROR);
    });
  });
});
