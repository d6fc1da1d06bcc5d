import { SaType, Status } from '@moneybox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KIOSK, DEMO_LOGINS } from '../../cli/seed/seed.js';
import { createAccount } from '../operator/operator.service.js';
import { describeOnDatabases } from '../../testing/server.js';
import type { Actor } from '../../domain/actor.js';
import { scrub, SEED } from './audit.js';
import { audited } from '../change.js';

describe('scrub', () => {
  it('drops passwords, PINs, tokens, keys and hashes at any depth', () => {
    expect(scrub({ username: 'abc', password: 'x1', pin: '123456', nested: { TOKEN: 't', pin_hash: 'h', ok: 1 }, key: 'k', UID: 3 })).toEqual({
      username: 'abc',
      nested: { ok: 1 },
    });
  });
});

describeOnDatabases('the audit trail', (s) => {
  let boss: { UID: number; TOKEN: string };
  beforeAll(async () => {
    boss = await s.login(DEMO_LOGINS.boss, 'viewer');
  });

  const rows = () => s.handle.db.selectFrom('audit').selectAll().orderBy('id').execute();
  const last = async () => (await rows()).at(-1)!;
  const as = (who: { UID: number; TOKEN: string }) => ({ UID: who.UID, TOKEN: who.TOKEN });

  it('writes one row per change: who, store, when, what, target, before and after, never the PIN', async () => {
    const before = (await rows()).length;
    const created = await s.call('/customer/create', { ...as(boss), first_name: 'Ana', last_name: 'Ruiz', phone: '5551234', birthday: '1970-01-01' });
    expect(created.status).toBe(Status.OK);
    const row = await last();
    expect(row).toMatchObject({ store_id: DEMO_KIOSK, actor_name: 'boss01', actor_role: 'boss', kind: 'customer.create', target_type: 'customer', target_id: created.id, target_label: 'Ana Ruiz' });
    expect(Date.now() - Date.parse(row.at)).toBeLessThan(60_000);
    expect(JSON.parse(row.after_json!)).toMatchObject({ first_name: 'Ana', phone: '5551234', mobile_id: created.mobile_id });
    expect(row.after_json).not.toContain(String(created.pin));

    expect((await s.call('/customer/update', { ...as(boss), id: created.id, phone: '5559999' })).status).toBe(Status.OK);
    const edit = await last();
    expect(edit.kind).toBe('customer.update');
    expect(JSON.parse(edit.before_json!)).toEqual({ phone: '5551234' });
    expect(JSON.parse(edit.after_json!)).toEqual({ phone: '5559999' });

    expect((await s.call('/customer/block', { ...as(boss), id: created.id, block: 1 })).status).toBe(Status.OK);
    expect(await last()).toMatchObject({ kind: 'customer.block', before_json: '{"block":false}', after_json: '{"block":true}' });
    const reset = await s.call('/customer/reset', { ...as(boss), id: created.id });
    expect(reset.status).toBe(Status.OK);
    const resetRow = await last();
    expect(resetRow.kind).toBe('customer.reset_pin');
    expect(JSON.stringify(resetRow)).not.toContain(String(reset.pin));
    expect((await s.call('/customer/kick', { ...as(boss), id: created.id })).status).toBe(Status.OK);
    expect((await last()).kind).toBe('customer.kick');
    expect((await rows()).length).toBe(before + 5);
  });

  it('records Drawer Setup changes: freeze, unfreeze, create, force-close', async () => {
    await s.loginAt(1, DEMO_LOGINS.cashier);
    const d1 = await s.handle.db.selectFrom('drawer').select('id').where('store_id', '=', DEMO_KIOSK).where('number', '=', 1).executeTakeFirstOrThrow();
    expect((await s.call('/drawer/forceClose', { ...as(boss), id: d1.id })).status).toBe(Status.OK);
    expect(await last()).toMatchObject({ kind: 'drawer.force_close', target_type: 'drawer', target_id: d1.id, target_label: '1' });
    expect(JSON.parse((await last()).before_json!)).toMatchObject({ account: 'cashier01' });
    expect((await s.call('/drawer/freeze', { ...as(boss), id: d1.id, freeze: 1 })).status).toBe(Status.OK);
    expect(await last()).toMatchObject({ kind: 'drawer.freeze', after_json: '{"freeze":true}' });
    expect((await s.call('/drawer/freeze', { ...as(boss), id: d1.id, freeze: 0 })).status).toBe(Status.OK);
    expect((await last()).kind).toBe('drawer.unfreeze');
    const made = await s.call('/drawer/create', as(boss));
    expect(made.status).toBe(Status.OK);
    expect(await last()).toMatchObject({ kind: 'drawer.create', target_label: String((made.drawer as { number: number }).number) });
  });

  it("records a cashier's own shift close with the report's numbers", async () => {
    const c = await s.loginAt(2, DEMO_LOGINS.cashier);
    expect((await s.call('/drawer/init', { ...as(c), amount: 100, key: await s.key() })).status).toBe(Status.OK);
    const closed = await s.call('/drawer/shift', { ...as(c), counted: 100 });
    expect(closed.status).toBe(Status.OK);
    const row = await last();
    expect(row).toMatchObject({ kind: 'drawer.shift_close', actor_name: 'cashier01', target_type: 'drawer', target_label: '2' });
    expect(JSON.parse(row.after_json!)).toMatchObject({ shift_id: closed.shift_id, balance: 100, counted: 100, over_short: 0 });
    // A second close has no shift: refused, no row.
    expect((await s.call('/drawer/shift', as(c))).status).toBe(Status.SHIFT_ERROR);
    expect((await last()).id).toBe(row.id);
  });

  it('leaves no row for a refused change', async () => {
    const before = (await rows()).length;
    const cashier = await s.login(DEMO_LOGINS.cashier);
    expect((await s.call('/customer/update', { ...as(boss), id: 999_999, phone: '1' })).status).toBe(Status.CUSTOMER_ERROR);
    expect((await s.call('/drawer/freeze', { ...as(boss), id: 999_999, freeze: 1 })).status).toBe(Status.DRAWER_ERROR);
    expect((await s.call('/drawer/freeze', { ...as(cashier), id: 1, freeze: 1 })).status).toBe(Status.PERMISSION_ERROR);
    expect((await s.call('/customer/block', { ...as(boss), id: 999_999, block: 1 })).status).toBe(Status.CUSTOMER_ERROR);
    // The cashier's login above wrote its own row; nothing else.
    expect((await rows()).slice(before).map((r) => r.kind)).toEqual(['login']);
  });

  it('rolls the row back with the change when the change fails after writing it', async () => {
    const before = (await rows()).length;
    const account = await s.handle.db.selectFrom('account').selectAll().where('username', '=', 'boss01').executeTakeFirstOrThrow();
    const actor: Actor = { sessionId: 0, accountId: account.id, storeId: DEMO_KIOSK, username: 'boss01', role: 'boss', mode: 'pos' };
    await expect(
      audited({ handle: s.handle, settings: s.settings }, actor, async (tx, audit) => {
        await tx.handle.db.updateTable('store').set({ phone: '000' }).where('id', '=', DEMO_KIOSK).execute();
        await audit({ kind: 'store.update', target: { type: 'store', id: DEMO_KIOSK }, after: { phone: '000' } });
        throw new Error('boom after the row');
      }),
    ).rejects.toThrow('boom');
    expect((await rows()).length).toBe(before);
    expect((await s.handle.db.selectFrom('store').select('phone').where('id', '=', DEMO_KIOSK).executeTakeFirstOrThrow()).phone).not.toBe('000');
  });

  it('is append-only: the database refuses to update or delete a row', async () => {
    const row = await last();
    await expect(s.handle.db.updateTable('audit').set({ kind: 'x' }).where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
    await expect(s.handle.db.deleteFrom('audit').where('id', '=', row.id).execute()).rejects.toThrow(/append-only/);
  });

  it('records logins, failed logins and the lockout, with the same transaction as the counter', async () => {
    await createAccount({ handle: s.handle }, SEED, { storeId: DEMO_KIOSK, username: 'lockme001', password: 'lock1234', saType: SaType.CASHIER });
    const tryLogin = (password: string) => s.call('/user/posLogin', { mode: 'pos', username: 'lockme001', password, kiosk_id: DEMO_KIOSK });
    expect((await tryLogin('lock1234')).status).toBe(Status.OK);
    expect(await last()).toMatchObject({ kind: 'login', actor_name: 'lockme001', actor_role: 'cashier', target_label: 'lockme001' });
    for (let i = 0; i < 4; i++) expect((await tryLogin('wrong123')).status).toBe(Status.WRONG_PASSWORD);
    expect((await tryLogin('wrong123')).status).toBe(Status.ACCOUNT_LOCKED);
    const mine = (await rows()).filter((r) => r.target_label === 'lockme001').map((r) => r.kind);
    expect(mine).toEqual(['login', 'login.failed', 'login.failed', 'login.failed', 'login.failed', 'login.locked']);
    expect((await rows()).every((r) => !/lock1234|wrong123/.test(JSON.stringify(r)))).toBe(true);
  });
});
