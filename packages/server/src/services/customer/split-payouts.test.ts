import { RefusalReason, Status } from '@moneybox/contract';
import { expect, it } from 'vitest';
import { balances, giveWinnings, newCustomer } from '../../testing/customer-kit.js';
import { payoutDesks } from '../../testing/payout-kit.js';
import { describeOnDatabases } from '../../testing/server.js';

/**
 * The payout thresholds apply to the customer's payouts summed over the store day, on every channel
 * (the counter's redeems and a reload kiosk's), so a split payout is checked and reported as the
 * whole; and an ID check is the number typed from the document: it must match the record, and a
 * record without one takes it (audited), so the next payout cannot use another. The demo store
 * here: ID check above 100.00, large payouts above 500.00.
 */
describeOnDatabases(
  'payouts summed over the store day',
  (s) => {
    const { desks, redeem, command } = payoutDesks(s);
    const missing = { status: Status.CUSTOMER_ERROR, reason: RefusalReason.ID_CHECK, id_check: 'missing', above: 100 };
    const kioskRedeem = (c: { mobile_id: string; pin: string }, cents: number) => command({ type: 'redeem', mobile_id: c.mobile_id, pin: c.pin, amount_cents: cents });
    const info = (id: number) => s.call('/customer/info', { ...desks.counter, type: 'id', rule: id });
    const largeOf = async (customerId: number) => {
      const report = await s.call('/drawer/largePayouts', { ...desks.boss });
      expect(report.status).toBe(Status.OK);
      return (report.list as Array<Record<string, unknown>>).filter((r) => r.customer_id === customerId);
    };

    it('two payouts of 75.00 the same day: the second needs the ID (the day total is above 100.00)', async () => {
      const c = await newCustomer(s, desks.counter, { drivers_license: 'D-7575' });
      await giveWinnings(s, c.id, 200_00);
      expect(await redeem(c.id, 75)).toMatchObject({ status: Status.OK, winnings: 125 });
      expect(await redeem(c.id, 75)).toMatchObject({ ...missing, paid_today: 75 });
      expect(await balances(s, c.id)).toEqual({ entries: 0, winnings: 125_00 });
      expect(await redeem(c.id, 75, { id_type: 'drivers_license', id_number: 'd 7575' })).toMatchObject({ status: Status.OK, winnings: 50 });
      const checked = await s.handle.db.selectFrom('payout_check').select(['amount_cents', 'day_total_cents', 'large']).where('customer_id', '=', c.id).execute();
      expect(checked.map((r) => [Number(r.amount_cents), Number(r.day_total_cents), Number(r.large)])).toEqual([[75_00, 150_00, 0]]);
    });

    it('the cashier who skims by splitting: two payouts of 75.00 at once, only one goes through without the ID', async () => {
      const c = await newCustomer(s, desks.counter, { drivers_license: 'D-RACE' });
      await giveWinnings(s, c.id, 200_00);
      const [a, b] = await Promise.all([redeem(c.id, 75), redeem(c.id, 75)]);
      expect([a.status, b.status].sort()).toEqual([Status.OK, Status.CUSTOMER_ERROR].sort());
      expect([a, b].find((r) => r.status !== Status.OK)).toMatchObject(missing);
      expect(await balances(s, c.id)).toEqual({ entries: 0, winnings: 125_00 });
    });

    it('six payouts of 100.00: from the second the ID is checked; the one that takes the day above 500.00 is in the large-payouts report', async () => {
      const c = await newCustomer(s, desks.counter, { drivers_license: 'L600' });
      await giveWinnings(s, c.id, 700_00);
      const id = { id_type: 'drivers_license', id_number: 'L600' };
      expect((await redeem(c.id, 100)).status).toBe(Status.OK);
      expect(await redeem(c.id, 100)).toMatchObject({ ...missing, paid_today: 100 });
      const paid = [];
      for (let i = 2; i <= 6; i++) {
        const r = await redeem(c.id, 100, id);
        expect(r.status).toBe(Status.OK);
        paid.push(r.movement_id as number);
      }
      expect(await balances(s, c.id)).toEqual({ entries: 0, winnings: 100_00 });
      expect(await largeOf(c.id)).toEqual([expect.objectContaining({ movement_id: paid[4], amount: 100, day_total: 600, id_number: 'L600' })]);
      // Every payout after it that day is large too.
      expect((await redeem(c.id, 50, id)).status).toBe(Status.OK);
      expect((await largeOf(c.id)).map((r) => r.day_total)).toEqual([600, 650]);
    });

    it('the reload kiosk counts the counter day and the counter counts the kiosk: 100.00 there, then the next one goes to the counter', async () => {
      const c = await newCustomer(s, desks.counter, { drivers_license: 'K-100' });
      await giveWinnings(s, c.id, 600_00);
      expect(await kioskRedeem(c, 150_00)).toMatchObject({ ok: false, reason: 'id_check', id_check_cents: 100_00 });
      expect(await kioskRedeem(c, 100_00)).toMatchObject({ ok: true, winnings_cents: 500_00 });
      expect(await kioskRedeem(c, 100_00)).toMatchObject({ ok: false, reason: 'id_check', id_check_cents: 100_00 });
      expect(await kioskRedeem(c, 1_00)).toMatchObject({ ok: false, reason: 'id_check' });
      // At the counter the kiosk's 100.00 counts too.
      expect(await redeem(c.id, 50)).toMatchObject({ ...missing, paid_today: 100 });
      expect(await redeem(c.id, 50, { id_type: 'drivers_license', id_number: 'K100' })).toMatchObject({ status: Status.OK, winnings: 450 });
      expect(await balances(s, c.id)).toEqual({ entries: 0, winnings: 450_00 });

      // The counter's payouts count at the kiosk.
      const d = await newCustomer(s, desks.counter, { drivers_license: 'K-200' });
      await giveWinnings(s, d.id, 200_00);
      expect((await redeem(d.id, 80)).status).toBe(Status.OK);
      expect(await kioskRedeem(d, 30_00)).toMatchObject({ ok: false, reason: 'id_check' });
      expect(await kioskRedeem(d, 20_00)).toMatchObject({ ok: true, winnings_cents: 100_00 });
    });

    it('an ID check is the document number: another number is refused; a record without one takes the first number checked, audited', async () => {
      const c = await newCustomer(s, desks.counter, { drivers_license: 'D123-456' });
      await giveWinnings(s, c.id, 1000_00);
      expect(await redeem(c.id, 250)).toMatchObject(missing);
      expect(await redeem(c.id, 250, { id_type: 'drivers_license', id_number: 'D123-457' })).toMatchObject({ ...missing, id_check: 'mismatch' });
      expect((await redeem(c.id, 250, { id_type: 'drivers_license', id_number: ' d123 456 ' })).status).toBe(Status.OK);

      const bare = await newCustomer(s, desks.counter);
      await giveWinnings(s, bare.id, 1000_00);
      // Refused for its balance: nothing is recorded.
      expect((await redeem(bare.id, 2000, { id_type: 'passport', id_number: 'P-1' })).status).toBe(Status.AMOUNT_ERROR);
      expect(await info(bare.id)).toMatchObject({ customer: { drivers_license: '' } });

      expect((await redeem(bare.id, 250, { id_type: 'passport', id_number: ' P-77 ' })).status).toBe(Status.OK);
      expect(await info(bare.id)).toMatchObject({ customer: { drivers_license: 'P-77' } });
      const audit = await s.handle.db
        .selectFrom('audit')
        .select(['kind', 'before_json', 'after_json', 'actor_account_id'])
        .where('target_id', '=', bare.id)
        .where('kind', 'in', ['customer.update', 'customer.checked_payout'])
        .orderBy('id')
        .execute();
      expect(audit.map((a) => [a.kind, JSON.parse(a.before_json ?? 'null'), Number(a.actor_account_id)])).toEqual([
        ['customer.update', { drivers_license: '' }, desks.counter.UID],
        ['customer.checked_payout', null, desks.counter.UID],
      ]);
      expect(JSON.parse(audit[0]!.after_json!)).toEqual({ drivers_license: 'P-77' });
      expect(JSON.parse(audit[1]!.after_json!)).toMatchObject({ amount: 250, day_total: 250, id_last4: 'P77', id_recorded: true });

      // The next payout cannot use another number.
      expect(await redeem(bare.id, 250, { id_type: 'passport', id_number: 'Q-88' })).toMatchObject({ ...missing, id_check: 'mismatch' });
      expect((await redeem(bare.id, 250, { id_type: 'passport', id_number: 'p77' })).status).toBe(Status.OK);
      expect(await info(bare.id)).toMatchObject({ customer: { drivers_license: 'P-77' } });
    });

    it('two counters pay a customer without an ID on record at once, each with another number: one is recorded, the other refused', async () => {
      const bare = await newCustomer(s, desks.counter);
      await giveWinnings(s, bare.id, 1000_00);
      const [a, b] = await Promise.all([redeem(bare.id, 200, { id_type: 'state_id', id_number: 'A-1' }), redeem(bare.id, 200, { id_type: 'state_id', id_number: 'B-2' })]);
      expect([a.status, b.status].sort()).toEqual([Status.OK, Status.CUSTOMER_ERROR].sort());
      expect([a, b].find((r) => r.status !== Status.OK)).toMatchObject({ ...missing, id_check: 'mismatch' });
      const paidWith = a.status === Status.OK ? 'A-1' : 'B-2';
      expect(await info(bare.id)).toMatchObject({ customer: { drivers_license: paidWith } });
      expect(await balances(s, bare.id)).toEqual({ entries: 0, winnings: 800_00 });
    });

    it('the customer card tells the dialog what the customer was paid today', async () => {
      const c = await newCustomer(s, desks.counter);
      await giveWinnings(s, c.id, 100_00);
      expect(await s.call('/customer/getDayLimit', { ...desks.counter, id: c.id })).toMatchObject({ status: Status.OK, id_check: 100, paid_today: 0 });
      expect((await redeem(c.id, 60)).status).toBe(Status.OK);
      expect(await kioskRedeem(c, 15_00)).toMatchObject({ ok: true });
      expect(await s.call('/customer/getDayLimit', { ...desks.counter, id: c.id })).toMatchObject({ status: Status.OK, paid_today: 75 });
    });
  },
  { verifyEach: true },
);
