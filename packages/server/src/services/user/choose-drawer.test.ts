import { SaType, Status } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { createAccount } from '../operator/operator.service.js';
import { describeOnDatabases, type Session } from '../../testing/server.js';
import { SEED } from '../audit/audit.js';

describeOnDatabases('chooseDrawer', (s) => {
  const pw = 'pass1234';
  const choose = (who: Session, moneybox: unknown) => s.call('/user/chooseDrawer', { UID: who.UID, TOKEN: who.TOKEN, moneybox, lang: 'en' });
  const loginAs = (username: string) => s.login({ username, password: pw });

  beforeAll(async () => {
    for (const u of ['chooseA1', 'chooseB1', 'chooseC1']) await createAccount({ handle: s.handle }, SEED, { storeId: 1001, username: u, password: pw, saType: SaType.CASHIER });
  });

  it('answers 5 without a valid posLogin session: a drawer is never handed out on a username alone', async () => {
    expect((await s.call('/user/chooseDrawer', { moneybox: 1, username: 'cashier01', kiosk_id: 1001 })).status).toBe(Status.SESSION_REPLACED);
    expect((await s.call('/user/chooseDrawer', { UID: 1, TOKEN: 'not-a-token', moneybox: 1 })).status).toBe(Status.SESSION_REPLACED);
  });

  it('answers 9 for a drawer number the store does not have, 13 for one that is not a number', async () => {
    const a = await loginAs('chooseA1');
    expect(await choose(a, 99)).toMatchObject({ status: Status.DRAWER_NOT_AVAILABLE, error: 'Money box not available' });
    expect((await choose(a, 0)).status).toBe(Status.DRAWER_NOT_AVAILABLE);
    expect((await choose(a, -1)).status).toBe(Status.DRAWER_NOT_AVAILABLE);
    expect((await choose(a, 'one')).status).toBe(Status.INPUT_ERROR);
    expect((await choose(a, 1.5)).status).toBe(Status.INPUT_ERROR);
  });

  it('opens a shift, answers 4 to another account, 37 when the holder picks another drawer, and resumes its own shift', async () => {
    const a = await loginAs('chooseA1');
    const first = await choose(a, 1);
    expect(first).toMatchObject({ status: Status.OK, moneybox: 1, account: 'chooseA1', initAmount: false });
    const shiftId = first.shift_id as number;

    const b = await loginAs('chooseB1');
    expect(await choose(b, 1)).toMatchObject({ status: Status.DRAWER_OCCUPIED, error: 'Money box occupied' });
    expect(await choose(a, 2)).toMatchObject({ status: Status.OTHER_DRAWER, error: 'Logged in to another money box' });
    // Choosing the drawer it already holds is not a second shift.
    expect(await choose(a, 1)).toMatchObject({ status: Status.OK, shift_id: shiftId });

    // A crashed PC: the account logs in again; posLogin tells which drawer it holds and the shift resumes.
    const again = await loginAs('chooseA1');
    expect(again.moneybox).toBe(1);
    expect(await choose(again, 1)).toMatchObject({ status: Status.OK, shift_id: shiftId, moneybox: 1 });
    expect(await choose(again, 3)).toMatchObject({ status: Status.OTHER_DRAWER });
    const open = await s.handle.db.selectFrom('shift').select('id').where('ended_at', 'is', null).where('drawer_id', 'in', s.handle.db.selectFrom('drawer').select('id').where('number', '=', 1)).execute();
    expect(open).toHaveLength(1);

    // Closing the shift frees the drawer for the next cashier.
    expect((await s.call('/drawer/shift', { UID: again.UID, TOKEN: again.TOKEN })).status).toBe(Status.OK);
    const b2 = await loginAs('chooseB1');
    const next = await choose(b2, 1);
    expect(next).toMatchObject({ status: Status.OK, moneybox: 1, account: 'chooseB1' });
    expect(next.shift_id).not.toBe(shiftId);
    expect((await s.call('/drawer/shift', { UID: b2.UID, TOKEN: b2.TOKEN })).status).toBe(Status.OK);
  });

  it('answers 45 for a frozen drawer, and the list shows it frozen', async () => {
    await s.handle.db.updateTable('drawer').set({ frozen: 1 }).where('store_id', '=', 1001).where('number', '=', 3).execute();
    const c = await loginAs('chooseC1');
    expect(await choose(c, 3)).toMatchObject({ status: Status.DRAWER_FROZEN, error: 'Money box frozen' });
    const list = await s.call('/drawer/list', { kioskID: 1001 });
    expect((list.list as Array<{ number: number; status: string; freeze: boolean }>).find((d) => d.number === 3)).toMatchObject({
      status: 'frozen',
      freeze: true,
    });
    await s.handle.db.updateTable('drawer').set({ frozen: 0 }).where('store_id', '=', 1001).where('number', '=', 3).execute();
    expect((await choose(c, 3)).status).toBe(Status.OK);
    expect((await s.call('/drawer/shift', { UID: c.UID, TOKEN: c.TOKEN })).status).toBe(Status.OK);
  });

  it('hands one drawer to exactly one of 10 cashiers choosing it at the same moment', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `race${String(i).padStart(2, '0')}ab`);
    for (const n of names) await createAccount({ handle: s.handle }, SEED, { storeId: 1001, username: n, password: pw, saType: SaType.CASHIER });
    const sessions = await Promise.all(names.map((n) => loginAs(n)));
    const replies = await Promise.all(sessions.map((who) => choose(who, 2)));
    const statuses = replies.map((r) => r.status).sort((x, y) => x - y);
    expect(statuses).toEqual([0, 4, 4, 4, 4, 4, 4, 4, 4, 4]);
    const open = await s.handle.db
      .selectFrom('shift')
      .innerJoin('drawer', 'drawer.id', 'shift.drawer_id')
      .select(['shift.account_id'])
      .where('drawer.number', '=', 2)
      .where('shift.ended_at', 'is', null)
      .execute();
    expect(open).toHaveLength(1);
    const winner = sessions[replies.findIndex((r) => r.status === 0)]!;
    expect(open[0]!.account_id).toBe(winner.UID);
    expect((await s.call('/drawer/shift', { UID: winner.UID, TOKEN: winner.TOKEN })).status).toBe(Status.OK);
  });

  it('gives one account one drawer when it races for two drawers at once', async () => {
    await createAccount({ handle: s.handle }, SEED, { storeId: 1001, username: 'greedy01', password: pw, saType: SaType.CASHIER });
    const g = await loginAs('greedy01');
    const replies = await Promise.all([1, 2, 3, 1, 2, 3].map((n) => choose(g, n)));
    const won = new Set(replies.filter((r) => r.status === 0).map((r) => r.moneybox));
    expect(won.size).toBe(1);
    for (const r of replies) expect([0, 37], JSON.stringify(replies)).toContain(r.status);
    const open = await s.handle.db.selectFrom('shift').select('id').where('account_id', '=', g.UID).where('ended_at', 'is', null).execute();
    expect(open).toHaveLength(1);
    expect((await s.call('/drawer/shift', { UID: g.UID, TOKEN: g.TOKEN })).status).toBe(Status.OK);
  });
});
