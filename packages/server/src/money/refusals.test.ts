import { RefusalReason, type StatusCode, Status } from '@moneybox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isoNow } from '../clock.js';
import { DEMO_KIOSK } from '../cli/seed/seed.js';
import { addCompsBudget, addCredit } from '../services/operator/operator.service.js';
import { describeOnDatabases, type Reply, type Session } from '../testing/server.js';
import { giveWinnings, newCustomer, newStaff, openCounter, seatAtMachine, storeMoney, withoutBirthday } from '../testing/customer-kit.js';
import { post } from './ledger.js';
import { Refusal } from './refusal.js';
import { SEED } from '../services/audit/audit.js';

/**
 * Parity: every reason of the refusal catalogue, produced by the money core on SQLite and on
 * PostgreSQL, answers the same status and figures, and changes nothing (no ledger row, the key
 * still usable for the corrected retry).
 */
describeOnDatabases('every money refusal', (s) => {
  let counter: Session & { drawer: number };
  const seen = new Set<RefusalReason>();

  const ledgerRows = async () => Number((await s.handle.db.selectFrom('ledger').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const setStore = (patch: Record<string, unknown>) => s.handle.db.updateTable('store').set(patch).where('id', '=', DEMO_KIOSK).execute();

  /** Makes the call with a fresh key, expects the refusal, then checks nothing moved and the key is still unused. */
  async function refused(reason: RefusalReason, expected: { status: StatusCode } & Reply, call: (key: string) => Promise<Reply>) {
    const before = await ledgerRows();
    const key = await s.key();
    expect(await call(key)).toMatchObject(expected);
    expect(await ledgerRows()).toBe(before);
    if (reason !== RefusalReason.KEY) {
      const unused = await s.handle.db.selectFrom('one_time_key').select('used_at').where('key', '=', key).executeTakeFirst();
      expect(unused?.used_at ?? null).toBeNull();
    }
    seen.add(reason);
  }
  const money = (kind: string, who: Session, id: number, amount: number | string) => (key: string) => s.call(`/customer/${kind}`, { ...who, id, amount, key });

  beforeAll(async () => {
    counter = await openCounter(s, 50);
  });
  afterAll(() => {
    // Every reason of the catalogue was produced on this database.
    expect([...seen].sort()).toEqual(Object.values(RefusalReason).sort());
  });

  it('key, shift, store, drawer and initial amount', async () => {
    const c = await newCustomer(s, counter);
    const used = await s.key();
    expect((await money('purchase', counter, c.id, 1)(used)).status).toBe(Status.OK);
    await refused(RefusalReason.KEY, { status: Status.KEY_ERROR }, () => money('purchase', counter, c.id, 1)(used));

    const who = await newStaff(s);
    const noDrawer = await s.login(who);
    await refused(RefusalReason.NO_SHIFT, { status: Status.SHIFT_ERROR }, money('purchase', noDrawer, c.id, 1));

    await setStore({ closed: 1 });
    await refused(RefusalReason.STORE_CLOSED, { status: Status.KIOSK_CLOSED }, money('redeem', counter, c.id, 1));
    await setStore({ closed: 0, frozen: 1, freeze_msg: 'audit' });
    await refused(RefusalReason.STORE_FROZEN, { status: Status.STORE_FROZEN, freeze_msg: 'audit' }, money('revert', counter, c.id, 1));
    await setStore({ frozen: 0, freeze_msg: '' });

    const shift = await s.handle.db.selectFrom('shift').select('drawer_id').where('account_id', '=', counter.UID).where('ended_at', 'is', null).executeTakeFirstOrThrow();
    await s.handle.db.updateTable('drawer').set({ frozen: 1 }).where('id', '=', shift.drawer_id).execute();
    await refused(RefusalReason.DRAWER_FROZEN, { status: Status.DRAWER_FROZEN }, money('comps', counter, c.id, 1));
    await s.handle.db.updateTable('drawer').set({ frozen: 0 }).where('id', '=', shift.drawer_id).execute();

    const fresh = await openCounter(s, null);
    await refused(RefusalReason.NEEDS_INIT, { status: Status.PURCHASE_NEEDS_INIT }, money('purchase', fresh, c.id, 1));
    await refused(RefusalReason.NEEDS_INIT, { status: Status.COMPS_NEEDS_INIT }, money('comps', fresh, c.id, 1));
    await refused(RefusalReason.NEEDS_INIT, { status: Status.DRAWER_STATE_ERROR }, async (key) => {
      const shiftId = (await s.call('/drawer/info', fresh)).shift_id;
      return s.call('/drawer/fills', { ...fresh, shift_id: shiftId, amount: 1, key, reason: 'float' });
    });
    await refused(RefusalReason.INIT_ALREADY_SET, { status: Status.DRAWER_STATE_ERROR }, (key) => s.call('/drawer/init', { ...counter, amount: 1, key }));
    const credit = (await storeMoney(s)).credit;
    await refused(RefusalReason.INIT_OVER_CREDIT, { status: Status.INITIAL_OVER_CREDIT }, (key) => s.call('/drawer/init', { ...fresh, amount: (credit + 1) / 100, key }));
  });

  it('customer, amount, limits and balances', async () => {
    const c = await newCustomer(s, counter);
    await refused(RefusalReason.CUSTOMER, { status: Status.CUSTOMER_ERROR }, money('purchase', counter, 987_654_321, 1));
    const excluded = await newCustomer(s, counter);
    expect((await s.call('/customer/protect', { ...counter, id: excluded.id, kind: 'cool_off', days: 7 })).status).toBe(Status.OK);
    await refused(RefusalReason.PROTECTED, { status: Status.CUSTOMER_ERROR, reason: 'protected', protection: 'cool_off' }, money('comps', counter, excluded.id, 1));
    const seated = await newCustomer(s, counter);
    await seatAtMachine(s, seated.id);
    await refused(RefusalReason.PLAYING, { status: Status.REDEEM_PLAYING }, money('redeem', counter, seated.id, 1));
    const bare = await newCustomer(s, counter);
    await withoutBirthday(s, bare.id);
    await setStore({ birthday_required: 1 });
    await refused(RefusalReason.BIRTHDAY, { status: Status.CUSTOMER_ERROR, reason: 'birthday' }, money('purchase', counter, bare.id, 1));
    await setStore({ birthday_required: 0, id_check_cents: 1_00 });
    await giveWinnings(s, bare.id, 5_00);
    await refused(RefusalReason.ID_CHECK, { status: Status.CUSTOMER_ERROR, reason: 'id_check', id_check: 'missing', above: 1 }, money('redeem', counter, bare.id, 2));
    await setStore({ id_check_cents: 0, cash_log_cents: 1_00, cash_report_cents: 2_00 });
    await refused(RefusalReason.CASH_REPORT, { status: Status.CUSTOMER_ERROR, reason: 'cash_report', missing: ['birthday', 'drivers_license', 'address'], direction: 'out', threshold: 2, day_total: 3 }, money('redeem', counter, bare.id, 3));
    await setStore({ cash_log_cents: 0, cash_report_cents: 0 });

    await setStore({ min_age: 99 });
    await refused(RefusalReason.UNDERAGE, { status: Status.CUSTOMER_ERROR, reason: 'underage', min_age: 99 }, money('purchase', counter, c.id, 1));
    await setStore({ min_age: 18 });

    await setStore({ min_amount_cents: 10_00 });
    await refused(RefusalReason.MIN_AMOUNT, { status: Status.AMOUNT_ERROR, min_amount: 10 }, money('purchase', counter, c.id, 5));
    await setStore({ min_amount_cents: 0, limit_hourly_cents: 50_00 });
    await refused(RefusalReason.PURCHASE_LIMIT, { status: Status.AMOUNT_ERROR, reason: 'purchase_limit', limit: 'hourly', left: 50 }, money('purchase', counter, c.id, 60));
    await setStore({ limit_hourly_cents: 0 });
    await refused(RefusalReason.OVER_REVERTABLE, { status: Status.AMOUNT_ERROR, reason: 'over_revertable', revertable: 0 }, money('revert', counter, c.id, 1));
    await refused(RefusalReason.WINNINGS, { status: Status.AMOUNT_ERROR, reason: 'winnings' }, money('redeem', counter, c.id, 1));

    await giveWinnings(s, c.id, 1_000_00);
    await refused(RefusalReason.DRAWER_SHORT, { status: Status.DRAWER_BALANCE_ERROR }, money('redeem', counter, c.id, 500));

    const { credit, budget } = await storeMoney(s);
    await addCredit({ handle: s.handle }, SEED, { storeId: DEMO_KIOSK, amount: -(credit - 1_00), note: 'parity test' });
    await refused(RefusalReason.CREDIT, { status: Status.CREDIT_ERROR }, money('purchase', counter, c.id, 2));
    await addCredit({ handle: s.handle }, SEED, { storeId: DEMO_KIOSK, amount: credit - 1_00, note: 'parity test' });
    if (budget > 1_00) await addCompsBudget({ handle: s.handle }, SEED, { storeId: DEMO_KIOSK, amount: -(budget - 1_00), note: 'parity test' });
    await refused(RefusalReason.BUDGET, { status: Status.CREDIT_ERROR }, money('comps', counter, c.id, 2));
    if (budget > 1_00) await addCompsBudget({ handle: s.handle }, SEED, { storeId: DEMO_KIOSK, amount: budget - 1_00, note: 'parity test' });
  });

  it('the ledger guard refuses entries below zero (a bet the customer cannot cover)', async () => {
    const c = await newCustomer(s, counter);
    const before = await ledgerRows();
    const bet = s.handle.db.transaction().execute((tx) =>
      post(tx, { storeId: DEMO_KIOSK, kind: 'bet', channel: 'machine', amount: 1, customerId: c.id, entries: -1, at: isoNow() }),
    );
    await expect(bet).rejects.toBeInstanceOf(Refusal);
    await expect(bet).rejects.toMatchObject({ reason: RefusalReason.ENTRIES });
    expect(await ledgerRows()).toBe(before);
    seen.add(RefusalReason.ENTRIES);
  });
}, { verifyEach: true });
