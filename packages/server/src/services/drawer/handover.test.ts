import { Status } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { describeOnDatabases } from '../../testing/server.js';
import { info, newCashier, openCounter, setBlindCount } from '../../testing/drawer-kit.js';

/** Issue 23: one-step handover of a drawer to the next cashier. */
describeOnDatabases('drawer handover', (s) => {
  // The figures a cashier reads here; under blind count they are left out (blind-count.test.ts).
  beforeAll(() => setBlindCount(s, false));
  it('closes the outgoing shift with its count and starts the incoming one from exactly that count; a retry after a lost reply answers the same and changes nothing', async () => {
    const out = await openCounter(s, 1, 100);
    const next = await newCashier(s);
    const key = await s.key();
    const handover = (extra: Record<string, unknown>) => s.call('/drawer/handover', { UID: out.UID, TOKEN: out.TOKEN, key, ...next, ...extra });

    // A wrong password or no count hands nothing over: the outgoing shift stays open.
    expect((await handover({ counted: 98.5, password: 'wrong1234' })).status).toBe(Status.WRONG_PASSWORD);
    expect((await handover({})).status).toBe(Status.AMOUNT_ERROR);
    expect((await info(s, out)).shift_id).toBe(out.shift_id);

    const r = await handover({ count_detail: { '50': 1, '20': 2, '5': 1, '1': 3, '0.25': 2 } });
    expect(r).toMatchObject({ status: Status.OK, shift_id: out.shift_id, counted: 98.5, over_short: -1.5, next_account: next.username });
    const closed = await s.handle.db.selectFrom('shift').select(['ended_at', 'counted_cents']).where('id', '=', out.shift_id).executeTakeFirstOrThrow();
    expect(closed.counted_cents).toBe(9850);
    expect(closed.ended_at).not.toBeNull();

    // The incoming cashier signs in and finds the drawer with its initial amount set to the count.
    const login = await s.login(next);
    expect(login.moneybox).toBe(1);
    const chosen = await s.call('/user/chooseDrawer', { UID: login.UID, TOKEN: login.TOKEN, moneybox: 1 });
    expect(chosen).toMatchObject({ status: Status.OK, initAmount: true, shift_id: r.next_shift_id });
    const x = await s.call('/drawer/xReport', { UID: login.UID, TOKEN: login.TOKEN });
    expect(x).toMatchObject({ initial_amount: 98.5, carried: 98.5, float_difference: 0 });

    // The retry after a lost reply (same key, same request) answers the first reply again and changes nothing.
    expect(await handover({ count_detail: { '50': 1, '20': 2, '5': 1, '1': 3, '0.25': 2 } })).toEqual(r);
    // The same key to another incoming cashier is not that handover: refused, nothing changes.
    const other = await newCashier(s);
    expect((await s.call('/drawer/handover', { UID: out.UID, TOKEN: out.TOKEN, key, ...other, counted: 98.5 })).status).toBe(Status.SHIFT_ERROR);
    const inits = await s.handle.db.selectFrom('ledger').select('amount_cents').where('shift_id', '=', r.next_shift_id as number).where('kind', '=', 'init').execute();
    expect(inits).toHaveLength(1);
    const audit = await s.handle.db.selectFrom('audit').select('kind').where('kind', '=', 'drawer.handover').execute();
    expect(audit).toHaveLength(1);
  });
}, { verifyEach: true });
