import { Status } from '@moneybox/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { balances, giveWinnings, newCustomer } from '../testing/customer-kit.js';
import { namesCustomer, openLive, type LiveSocket } from '../testing/live-kit.js';
import { payoutDesks } from '../testing/payout-kit.js';
import { describeOnDatabases } from '../testing/server.js';
import { DEMO_KIOSK } from '../cli/seed/seed.js';
import { onMovementCommitted, type CommittedMovement } from './money-observer.js';

/**
 * The money core's one event after commit (money-observer.ts onMovementCommitted): every committed
 * movement is told once, whichever path posted it (the counter's session fast path, the ordinary
 * path of a checked payout, a reload kiosk's command), and never a refused one or a resent key; the
 * app turns it into the live screens' note (app.ts), so no service notes a money movement by hand.
 */
describeOnDatabases('movement events after commit', (s) => {
  const { desks, redeem, command } = payoutDesks(s);
  const told: CommittedMovement[] = [];
  let unlisten: () => void = () => undefined;
  let live: LiveSocket;
  beforeAll(async () => {
    unlisten = onMovementCommitted(s.handle.db, (m) => told.push(m));
    live = openLive(s.url, desks.boss);
    await live.next((m) => m.type === 'hello', 30_000);
  });
  afterAll(() => {
    unlisten();
    live?.close();
  });
  const since = (mark: number) => told.slice(mark).map((m) => ({ kind: m.kind, channel: m.channel, storeId: m.storeId, customerId: m.customerId }));

  it('tells each committed movement once, by whichever path, and the live screens hear it', async () => {
    const c = await newCustomer(s, desks.counter, { drivers_license: 'EV-1' });
    const mark = told.length;
    const key = await s.key();
    // The counter's fast path (a plain purchase), then the same key again: answered, not moved again.
    expect(await s.call('/customer/purchase', { ...desks.counter, id: c.id, amount: 5, key })).toMatchObject({ status: Status.OK });
    expect(await s.call('/customer/purchase', { ...desks.counter, id: c.id, amount: 5, key })).toMatchObject({ status: Status.KEY_ERROR });
    // Refused (more than the customer holds): nothing told.
    expect((await redeem(c.id, 1)).status).not.toBe(Status.OK);
    expect(since(mark)).toEqual([{ kind: 'purchase', channel: 'pos', storeId: DEMO_KIOSK, customerId: c.id }]);

    // A reload kiosk's command, through the terminal protocol.
    await giveWinnings(s, c.id, 300_00);
    const afterGift = told.length;
    const kiosk = await command({ type: 'redeem', mobile_id: c.mobile_id, pin: c.pin, amount_cents: 10_00 });
    expect(kiosk, JSON.stringify(kiosk)).toMatchObject({ ok: true });
    expect(since(afterGift)).toMatchObject([{ kind: 'redeem', storeId: DEMO_KIOSK, customerId: c.id }]);

    // The ordinary path (a payout with the customer's ID has an audit row): told, and the boss's screen hears it.
    const heard = live.mark();
    const afterKiosk = told.length;
    expect(await redeem(c.id, 150, { id_type: 'drivers_license', id_number: 'EV-1' })).toMatchObject({ status: Status.OK });
    expect(since(afterKiosk)).toEqual([{ kind: 'redeem', channel: 'pos', storeId: DEMO_KIOSK, customerId: c.id }]);
    await live.next(namesCustomer(c.id), 30_000, heard);
  });

  it('a listener that throws after the commit neither fails the purchase nor keeps the others from hearing it', async () => {
    const c = await newCustomer(s, desks.counter);
    const failures: unknown[] = [];
    const stopThrowing = onMovementCommitted(s.handle.db, () => {
      throw new Error('a broken listener');
    }, (err) => failures.push(err));
    try {
      const mark = told.length;
      const key = await s.key();
      expect(await s.call('/customer/purchase', { ...desks.counter, id: c.id, amount: 7, key })).toMatchObject({ status: Status.OK });
      expect(since(mark)).toEqual([{ kind: 'purchase', channel: 'pos', storeId: DEMO_KIOSK, customerId: c.id }]);
      expect(failures).toHaveLength(1);
      expect(String(failures[0])).toContain('a broken listener');
      // The purchase stands, once.
      expect(await balances(s, c.id)).toMatchObject({ entries: 7_00 });
    } finally {
      stopThrowing();
    }
  });
});
