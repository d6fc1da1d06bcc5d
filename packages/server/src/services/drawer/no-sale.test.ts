import { SaType, Status } from '@moneybox/contract';
import { expect, it } from 'vitest';
import { DEMO_KIOSK, DEMO_LOGINS } from '../../cli/seed/seed.js';
import { SEED } from '../audit/audit.js';
import { createAccount, freezeStore } from '../operator/operator.service.js';
import { describeOnDatabases } from '../../testing/server.js';

/**
 * "No sale" (issue 38): the cash drawer opened with no movement is recorded first (who, drawer, shift,
 * when), counted per shift, and refused to a viewer, without a shift, at a frozen drawer and in a
 * frozen store: a cashier who wants the drawer open unseen finds no way that leaves no row.
 */
describeOnDatabases('no sale', (s) => {
  const rows = async (accountId: number) =>
    (await s.handle.db.selectFrom('audit').select(['kind', 'target_label', 'actor_account_id', 'after_json']).where('kind', '=', 'drawer.no_sale').where('actor_account_id', '=', accountId).orderBy('id').execute()).map((r) => ({
      ...r,
      after: JSON.parse(String(r.after_json)) as { shift_id: number; at: string },
    }));

  it("records each opening at the cashier's own drawer before it opens, counting this shift's", async () => {
    const c = await s.loginAt(1);
    const first = await s.call('/drawer/noSale', c);
    expect(first).toEqual({ status: Status.OK, at: expect.any(String), this_shift: 1 });
    expect(await s.call('/drawer/noSale', c)).toMatchObject({ status: Status.OK, this_shift: 2 });
    const shift = await s.handle.db.selectFrom('shift').select('id').where('account_id', '=', c.UID).where('ended_at', 'is', null).executeTakeFirstOrThrow();
    const written = await rows(c.UID);
    expect(written.map((r) => [r.kind, r.target_label, r.after.shift_id])).toEqual([
      ['drawer.no_sale', '1', shift.id],
      ['drawer.no_sale', '1', shift.id],
    ]);
    expect(written[0]!.after.at).toBe(first.at);
  });

  it("counts the shift's openings on its X report and on the report that closes it; another drawer's, an earlier shift's and a refused one's never", async () => {
    const cashier = async (username: string) => {
      await createAccount({ handle: s.handle }, SEED, { storeId: DEMO_KIOSK, username, password: 'nosale123', saType: SaType.CASHIER });
      return { username, password: 'nosale123' };
    };
    const c = await s.loginAt(3, await cashier('nosale02'));
    expect((await s.call('/drawer/xReport', c)).no_sales).toBe(0);
    await s.call('/drawer/noSale', c);
    await s.call('/drawer/noSale', c);
    // Another drawer's opening at the same time is its own shift's.
    const other = await s.loginAt(1);
    await s.call('/drawer/noSale', other);
    expect((await s.call('/drawer/xReport', c)).no_sales).toBe(2);
    const closed = await s.call('/drawer/shift', { UID: c.UID, TOKEN: c.TOKEN });
    expect(closed).toMatchObject({ status: Status.OK, no_sales: 2 });
    // The stored report says the same later; the next shift at drawer 3 starts from none.
    const boss = await s.login(DEMO_LOGINS.boss, 'viewer');
    expect((await s.call('/drawer/shiftReport', { UID: boss.UID, TOKEN: boss.TOKEN, shift_id: closed.shift_id })).no_sales).toBe(2);
    const next = await s.loginAt(3, await cashier('nosale04'));
    expect((await s.call('/drawer/xReport', next)).no_sales).toBe(0);
  });

  it('refuses a boss in viewer mode (21), a caller with no shift, a frozen drawer (45) and a frozen store (46), and writes no row', async () => {
    const viewer = await s.login(DEMO_LOGINS.boss, 'viewer');
    expect((await s.call('/drawer/noSale', viewer)).status).toBe(Status.PERMISSION_ERROR);
    const fresh = { username: 'nosale01', password: 'nosale123' };
    await createAccount({ handle: s.handle }, SEED, { storeId: DEMO_KIOSK, username: fresh.username, password: fresh.password, saType: SaType.CASHIER });
    // Signed in without choosing a drawer: no shift of its own.
    const noShift = await s.login(fresh);
    expect((await s.call('/drawer/noSale', noShift)).status).toBe(Status.SHIFT_ERROR);

    const c = await s.loginAt(2, DEMO_LOGINS.boss);
    const before = (await rows(c.UID)).length;
    const two = await s.handle.db.selectFrom('drawer').select('id').where('store_id', '=', DEMO_KIOSK).where('number', '=', 2).executeTakeFirstOrThrow();
    await s.handle.db.updateTable('drawer').set({ frozen: 1 }).where('id', '=', two.id).execute();
    expect((await s.call('/drawer/noSale', c)).status).toBe(Status.DRAWER_FROZEN);
    await s.handle.db.updateTable('drawer').set({ frozen: 0 }).where('id', '=', two.id).execute();
    await freezeStore({ handle: s.handle }, SEED, { storeId: DEMO_KIOSK, frozen: true, message: 'Audit' });
    try {
      expect((await s.call('/drawer/noSale', c)).status).toBe(Status.STORE_FROZEN);
    } finally {
      await freezeStore({ handle: s.handle }, SEED, { storeId: DEMO_KIOSK, frozen: false, message: '' });
    }
    expect(await rows(c.UID)).toHaveLength(before);
    expect((await s.call('/drawer/noSale', c)).status).toBe(Status.OK);
  });
});
