import { RefusalReason, Status } from '@moneybox/contract';
import { expect, it } from 'vitest';
import { balances, giveWinnings, newCustomer, withoutBirthday } from '../../testing/customer-kit.js';
import { payoutDesks } from '../../testing/payout-kit.js';
import { describeOnDatabases } from '../../testing/server.js';

/**
 * Checked payouts (issue 24): a counter redeem above the store's ID-check threshold needs the
 * customer's ID, matching the record; it is recorded with the redeem and audited in its
 * transaction; above the large-payout threshold it is listed in the boss's large-payouts report; a
 * reload kiosk sends the customer to the counter. The demo store here: ID check above 100.00,
 * large payouts above 500.00.
 */
describeOnDatabases(
  'checked payouts',
  (s) => {
    const { desks, redeem, command } = payoutDesks(s);
    const checks = (customerId: number) =>
      s.handle.db.selectFrom('payout_check').select(['ledger_id', 'account_id', 'amount_cents', 'id_type', 'id_number', 'large']).where('customer_id', '=', customerId).orderBy('id').execute();

    it('above the threshold a redeem needs the ID matching the record; it is recorded and audited with the redeem', async () => {
      const c = await newCustomer(s, desks.counter, { drivers_license: 'D123-456-789' });
      await giveWinnings(s, c.id, 800_00);
      // At or below the threshold: no ID asked, nothing recorded.
      expect(await redeem(c.id, 100)).toMatchObject({ status: Status.OK, winnings: 700 });
      const missing = { status: Status.CUSTOMER_ERROR, reason: RefusalReason.ID_CHECK, id_check: 'missing', above: 100 };
      expect(await redeem(c.id, 100.01)).toMatchObject(missing);
      expect(await redeem(c.id, 150, { id_type: 'drivers_license', id_number: '  ' })).toMatchObject(missing);
      expect(await redeem(c.id, 150, { id_type: 'passport', id_number: 'X9999' })).toMatchObject({ ...missing, id_check: 'mismatch' });
      expect(await balances(s, c.id)).toEqual({ entries: 0, winnings: 700_00 });

      // The record's number, typed with other spacing and case: paid, recorded, audited.
      const paid = await redeem(c.id, 150, { id_type: 'drivers_license', id_number: 'd123 456 789' });
      expect(paid).toMatchObject({ status: Status.OK, winnings: 550 });
      const recorded = await checks(c.id);
      expect(recorded).toMatchObject([{ amount_cents: 150_00, id_type: 'drivers_license', id_number: 'd123 456 789', large: 0 }]);
      expect(Number(recorded[0]!.ledger_id)).toBe(paid.movement_id);
      expect(Number(recorded[0]!.account_id)).toBe(desks.counter.UID);
      const audit = await s.handle.db.selectFrom('audit').select(['kind', 'after_json', 'actor_account_id']).where('target_id', '=', c.id).where('kind', '=', 'customer.checked_payout').execute();
      expect(audit).toHaveLength(1);
      expect(JSON.parse(audit[0]!.after_json!)).toEqual({ movement_id: paid.movement_id, amount: 150, day_total: 250, id_type: 'drivers_license', id_last4: '6789', large: false });

      // A customer without an ID on record: the number shown is taken (and recorded).
      const bare = await newCustomer(s, desks.counter);
      await giveWinnings(s, bare.id, 200_00);
      expect(await redeem(bare.id, 200)).toMatchObject(missing);
      expect(await redeem(bare.id, 200, { id_type: 'state_id', id_number: 'S-77' })).toMatchObject({ status: Status.OK, winnings: 0 });
      expect(await checks(bare.id)).toMatchObject([{ id_type: 'state_id', id_number: 'S-77', large: 0 }]);
    });

    it('a large payout is flagged and listed in the boss report; a kiosk sends the customer to the counter', async () => {
      const c = await newCustomer(s, desks.counter, { first_name: 'Lara', last_name: 'Large', drivers_license: 'L500' });
      await giveWinnings(s, c.id, 1000_00);
      expect(await command({ type: 'redeem', mobile_id: c.mobile_id, pin: c.pin, amount_cents: 100_01 })).toMatchObject({
        ok: false,
        reason: 'id_check',
        id_check_cents: 100_00,
      });
      expect(await command({ type: 'redeem', mobile_id: c.mobile_id, pin: c.pin, amount_cents: 100_00 })).toMatchObject({ ok: true, winnings_cents: 900_00 });
      const paid = await redeem(c.id, 600, { id_type: 'drivers_license', id_number: 'L500' });
      expect(paid).toMatchObject({ status: Status.OK, winnings: 300 });
      expect(await checks(c.id)).toMatchObject([{ amount_cents: 600_00, large: 1 }]);

      const report = await s.call('/drawer/largePayouts', { ...desks.boss });
      expect(report).toMatchObject({ status: Status.OK });
      const mine = (report.list as Array<Record<string, unknown>>).filter((r) => r.customer_id === c.id);
      expect(mine).toEqual([
        expect.objectContaining({ movement_id: paid.movement_id, amount: 600, customer_name: 'Lara Large', mobile_id: c.mobile_id, id_type: 'drivers_license', id_number: 'L500', drawer: desks.counter.drawer }),
      ]);
      expect((report.list as unknown[]).length).toBe(report.count);
      // A cashier does not see it (the permission matrix).
      expect((await s.call('/drawer/largePayouts', { ...desks.counter })).status).toBe(Status.PERMISSION_ERROR);
    });

    it('the boss sets the rules in Store Information (validated); a required birthday stops money on every channel until filled in', async () => {
      const update = (patch: Record<string, unknown>) => s.call('/store/update', { ...desks.boss, ...patch });
      expect(await update({ min_age: 21, birthday_required: true, id_check: 100, large_payout: 500 })).toMatchObject({
        status: Status.OK,
        info: { min_age: 21, birthday_required: true, id_check: 100, large_payout: 500 },
      });
      expect(await update({ large_payout: 50 })).toMatchObject({ status: Status.AMOUNT_ERROR, reason: 'large_payout', id_check: 100 });
      expect(await update({ id_check: 0 })).toMatchObject({ status: Status.AMOUNT_ERROR, reason: 'large_payout' });
      expect((await update({ min_age: 17 })).status).toBe(Status.INPUT_ERROR);
      expect((await s.call('/store/update', { ...desks.counter, min_age: 19 })).status).toBe(Status.PERMISSION_ERROR);
      expect(await s.call('/customer/getDayLimit', { ...desks.counter })).toMatchObject({ status: Status.OK, id_check: 100 });

      const c = await newCustomer(s, desks.counter);
      await withoutBirthday(s, c.id);
      await giveWinnings(s, c.id, 10_00);
      const refusal = { status: Status.CUSTOMER_ERROR, reason: RefusalReason.BIRTHDAY };
      expect(await s.call('/customer/purchase', { ...desks.counter, id: c.id, amount: 5, key: await s.key() })).toMatchObject(refusal);
      expect(await redeem(c.id, 5)).toMatchObject(refusal);
      expect(await command({ type: 'purchase', mobile_id: c.mobile_id, amount_cents: 5_00 })).toMatchObject({ ok: false, reason: 'birthday_required' });
      // Filled in (old enough for this store's 21): money moves again.
      expect((await s.call('/customer/update', { ...desks.counter, id: c.id, birthday: '1990-05-01' })).status).toBe(Status.OK);
      expect(await s.call('/customer/purchase', { ...desks.counter, id: c.id, amount: 5, key: await s.key() })).toMatchObject({ status: Status.OK, entries: 5 });
      expect(await command({ type: 'redeem', mobile_id: c.mobile_id, pin: c.pin, amount_cents: 5_00 })).toMatchObject({ ok: true, winnings_cents: 5_00 });
      expect((await update({ min_age: 18, birthday_required: false })).status).toBe(Status.OK);
    });
  },
  { verifyEach: true },
);
