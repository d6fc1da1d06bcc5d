import { Status, type Cents, type ConsoleCreditMovesResult } from '@moneybox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleAccount, type ConsoleSession } from '../../testing/console-kit.js';
import { describeOnDatabases } from '../../testing/server.js';
import { createStore } from '../operator/operator.service.js';
import { SEED } from '../audit/audit.js';
import { disablePlatformAccount, removePlatformAccount } from './platform-accounts.service.js';

/**
 * Offboarding from the console (issue 37 item 4): disabling and removing a platform account, new
 * passwords for a platform account and a store's boss, a store's name and address, and credit to
 * several stores at once; with the credit refusal's figures (item 2).
 */
describeOnDatabases('console offboarding', (s) => {
  let admin: ConsoleSession;
  let dist: ConsoleSession;
  let otherDist: ConsoleSession;
  const mine = [5501, 5502, 5503];
  const others = 5601;
  const as = (c: ConsoleSession) => ({ UID: c.UID, TOKEN: c.TOKEN });
  const auditOf = (kind: string) => s.handle.db.selectFrom('audit').select(['kind', 'store_id', 'actor_name', 'before_json', 'after_json']).where('kind', '=', kind).orderBy('id').execute();
  const credit = async (kid: number) => Number((await s.handle.db.selectFrom('store').select('credit_cents').where('id', '=', kid).executeTakeFirstOrThrow()).credit_cents);
  const newStore = (id: number, name: string, distributorId?: number) =>
    createStore({ handle: s.handle }, SEED, { id, name, timezone: 'America/Chicago', credit: 0 as Cents, compsBudget: 0 as Cents, maxDrawers: 1, maxMachines: 1, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 1, distributorId });

  beforeAll(async () => {
    admin = await consoleAccount(s, 'admin');
    dist = await consoleAccount(s, 'distributor');
    otherDist = await consoleAccount(s, 'distributor');
    for (const kid of mine) await newStore(kid, `Mine ${kid}`, dist.UID);
    await newStore(others, 'Not Mine', otherDist.UID);
    expect((await s.call('/operator/creditMove', { ...as(admin), distributor_id: dist.UID, amount: 100, key: 'offboard-fund-dist' })).status).toBe(Status.OK);
  });

  describe('a platform account disabled and removed', () => {
    it("ends a disabled account's console sessions at once (its next call is 5), refuses its sign-in, and lets it back in once enabled", async () => {
      const victim = await consoleAccount(s, 'distributor');
      expect((await s.call('/operator/me', as(victim))).status).toBe(Status.OK);
      expect(await s.call('/operator/accountDisable', { ...as(admin), id: victim.UID, disable: true })).toEqual({ status: Status.OK });
      expect((await s.call('/operator/me', as(victim))).status).toBe(Status.SESSION_REPLACED);
      expect((await s.call('/operator/stores', as(victim))).status).toBe(Status.SESSION_REPLACED);
      expect((await s.call('/operator/login', { username: victim.username, password: victim.password })).status).toBe(Status.LOGIN_INCORRECT);
      const listed = (await s.call('/operator/accounts', as(admin))).list as { id: number; disabled: boolean }[];
      expect(listed.find((a) => a.id === victim.UID)).toMatchObject({ disabled: true });
      const [row] = await auditOf('console.account_disable');
      expect(row).toMatchObject({ actor_name: admin.username, store_id: null });
      expect(JSON.parse(row!.after_json!)).toEqual({ disabled: true });

      expect(await s.call('/operator/accountDisable', { ...as(admin), id: victim.UID, disable: false })).toEqual({ status: Status.OK });
      expect((await s.call('/operator/login', { username: victim.username, password: victim.password })).status).toBe(Status.OK);
      // The session it had stays ended.
      expect((await s.call('/operator/me', as(victim))).status).toBe(Status.SESSION_REPLACED);
    });

    it('refuses disabling or removing oneself and the last admin who can sign in, and writes nothing', async () => {
      const before = (await auditOf('console.account_disable')).length;
      expect(await s.call('/operator/accountDisable', { ...as(admin), id: admin.UID, disable: true })).toMatchObject({ status: Status.INPUT_ERROR, reason: 'account_self' });
      expect(await s.call('/operator/accountRemove', { ...as(admin), id: admin.UID })).toMatchObject({ status: Status.INPUT_ERROR, reason: 'account_self' });
      // Two admins and no other: each disabling the other at once, one wins and the other is kept.
      const a = await consoleAccount(s, 'admin');
      const b = await consoleAccount(s, 'admin');
      const sidelined = await s.handle.db.selectFrom('platform_account').select('id').where('role', '=', 'admin').where('disabled', '=', 0).where('id', 'not in', [a.UID, b.UID]).execute();
      const ids = sidelined.map((r) => r.id);
      await s.handle.db.updateTable('platform_account').set({ disabled: 1 }).where('id', 'in', ids).execute();
      try {
        const replies = await Promise.all([s.call('/operator/accountDisable', { ...as(a), id: b.UID, disable: true }), s.call('/operator/accountDisable', { ...as(b), id: a.UID, disable: true })]);
        expect(replies.filter((r) => r.status === Status.OK)).toHaveLength(1);
        expect(replies.filter((r) => r.status === Status.SESSION_REPLACED || r.reason === 'last_admin')).toHaveLength(1);
        expect(await countActiveAdmins()).toBe(1);
        // The one left is the last: an admin whose account went meanwhile (its actor as the service gets it) cannot take it.
        const [left] = await s.handle.db.selectFrom('platform_account').select(['id', 'username']).where('role', '=', 'admin').where('disabled', '=', 0).execute();
        const gone = left!.id === a.UID ? b : a;
        const actor = { sessionId: 0, accountId: gone.UID, username: gone.username, role: 'admin' as const, parentId: null };
        await expect(disablePlatformAccount(s.deps, actor, { id: left!.id, disable: true })).rejects.toMatchObject({ status: Status.INPUT_ERROR, extra: { reason: 'last_admin' } });
        await expect(removePlatformAccount(s.deps, actor, { id: left!.id })).rejects.toMatchObject({ status: Status.INPUT_ERROR, extra: { reason: 'last_admin' } });
        expect(await countActiveAdmins()).toBe(1);
        expect((await auditOf('console.account_disable')).length).toBe(before + 1);
      } finally {
        await s.handle.db.updateTable('platform_account').set({ disabled: 0 }).where('id', 'in', ids).execute();
      }
    });

    it('removes an account: its sessions end, it is listed nowhere and cannot sign in; a distributor with stores or credit is refused', async () => {
      const support = await consoleAccount(s, 'support', { parentId: otherDist.UID });
      expect(await s.call('/operator/accountRemove', { ...as(admin), id: support.UID })).toEqual({ status: Status.OK });
      expect((await s.call('/operator/me', as(support))).status).toBe(Status.SESSION_REPLACED);
      expect((await s.call('/operator/login', { username: support.username, password: support.password })).status).toBe(Status.LOGIN_INCORRECT);
      const ids = ((await s.call('/operator/accounts', as(admin))).list as { id: number }[]).map((a) => a.id);
      expect(ids).not.toContain(support.UID);
      // Removed once: it is no more to be found.
      expect((await s.call('/operator/accountRemove', { ...as(admin), id: support.UID })).status).toBe(Status.USER_NOT_FOUND);
      expect((await s.call('/operator/accountDisable', { ...as(admin), id: support.UID, disable: false })).status).toBe(Status.USER_NOT_FOUND);
      expect((await auditOf('console.account_remove')).map((r) => JSON.parse(r.before_json!))).toEqual([{ username: support.username, role: 'support', disabled: false }]);

      // A distributor with stores, or with credit, stays until they are moved or taken back.
      expect(await s.call('/operator/accountRemove', { ...as(admin), id: otherDist.UID })).toMatchObject({ status: Status.INPUT_ERROR, reason: 'account_in_use' });
      const rich = await consoleAccount(s, 'distributor');
      expect((await s.call('/operator/creditMove', { ...as(admin), distributor_id: rich.UID, amount: 5, key: 'offboard-rich-1' })).status).toBe(Status.OK);
      expect(await s.call('/operator/accountRemove', { ...as(admin), id: rich.UID })).toMatchObject({ reason: 'account_in_use' });
      expect((await s.call('/operator/creditMove', { ...as(admin), distributor_id: rich.UID, amount: 5, back: true, key: 'offboard-rich-2' })).status).toBe(Status.OK);
      expect(await s.call('/operator/accountRemove', { ...as(admin), id: rich.UID })).toEqual({ status: Status.OK });
      const distributors = ((await s.call('/operator/distributors', as(admin))).list as { id: number }[]).map((d) => d.id);
      expect(distributors).not.toContain(rich.UID);
      // A removed distributor is no target for a store.
      expect(await s.call('/operator/storeDistributor', { ...as(admin), kid: others, distributor_id: rich.UID })).toMatchObject({ reason: 'no_distributor' });
    });

    it('refuses every account call to a distributor and to support (21), changing nothing', async () => {
      const victim = await consoleAccount(s, 'distributor');
      const support = await consoleAccount(s, 'support', { parentId: dist.UID });
      for (const c of [dist, support]) {
        expect((await s.call('/operator/accountDisable', { ...as(c), id: victim.UID, disable: true })).status).toBe(Status.PERMISSION_ERROR);
        expect((await s.call('/operator/accountRemove', { ...as(c), id: victim.UID })).status).toBe(Status.PERMISSION_ERROR);
        expect((await s.call('/operator/accountPassword', { ...as(c), id: victim.UID, password: 'taken123' })).status).toBe(Status.PERMISSION_ERROR);
      }
      expect((await s.call('/operator/me', as(victim))).status).toBe(Status.OK);
      expect((await s.call('/operator/login', { username: victim.username, password: victim.password })).status).toBe(Status.OK);
    });
  });

  describe('new passwords', () => {
    it("sets a platform account's password the admin types: stored hashed, its sessions end, the old one no longer signs in; the spec's rules", async () => {
      const who = await consoleAccount(s, 'support');
      expect(await s.call('/operator/accountPassword', { ...as(admin), id: who.UID, password: 'abc' })).toMatchObject({ status: Status.PASSWORD_LENGTH });
      expect(await s.call('/operator/accountPassword', { ...as(admin), id: who.UID, password: 'abcdefgh' })).toMatchObject({ status: Status.PASSWORD_LETTERS_NUMBERS });
      await s.handle.db.updateTable('platform_account').set({ locked: 1 }).where('id', '=', who.UID).execute();
      expect(await s.call('/operator/accountPassword', { ...as(admin), id: who.UID, password: 'fresh2026' })).toEqual({ status: Status.OK });
      expect((await s.call('/operator/me', as(who))).status).toBe(Status.SESSION_REPLACED);
      const row = await s.handle.db.selectFrom('platform_account').select(['password_hash', 'locked']).where('id', '=', who.UID).executeTakeFirstOrThrow();
      expect(row.password_hash).not.toContain('fresh2026');
      expect(row.locked).toBe(0);
      // The old password is a wrong one now (42, tries left).
      expect((await s.call('/operator/login', { username: who.username, password: who.password })).status).toBe(Status.WRONG_PASSWORD);
      expect((await s.call('/operator/login', { username: who.username, password: 'fresh2026' })).status).toBe(Status.OK);
      const [audit] = (await auditOf('console.account_password')).slice(-1);
      expect(audit!.after_json).not.toContain('fresh2026');
      expect(JSON.parse(audit!.after_json!)).toEqual({ credentials_changed: true, locked: false });
    });

    it("sets a boss's password from the console: the boss's sessions end, the new one signs in; another distributor's store is 21", async () => {
      const made = await s.call('/operator/bossCreate', { ...as(admin), kid: 1001, username: 'forgetful1', password: 'first123' });
      expect(made.status).toBe(Status.OK);
      const session = await s.login({ username: 'forgetful1', password: 'first123' }, 'viewer');
      expect((await s.call('/user/menu', { UID: session.UID, TOKEN: session.TOKEN, lang: 'en' })).status).toBe(Status.OK);
      expect((await s.call('/operator/bossPassword', { ...as(dist), kid: 1001, id: made.id, password: 'second123' })).status).toBe(Status.PERMISSION_ERROR);
      expect(await s.call('/operator/bossPassword', { ...as(admin), kid: 1001, id: made.id, password: 'second123' })).toEqual({ status: Status.OK });
      expect((await s.call('/user/menu', { UID: session.UID, TOKEN: session.TOKEN, lang: 'en' })).status).toBe(Status.SESSION_REPLACED);
      await expect(s.login({ username: 'forgetful1', password: 'first123' }, 'viewer')).rejects.toThrow(/login failed/);
      expect((await s.login({ username: 'forgetful1', password: 'second123' }, 'viewer')).status).toBe(Status.OK);
      // Not a boss of that store: 8.
      const cashier = await s.handle.db.selectFrom('account').select('id').where('username', '=', 'cashier01').executeTakeFirstOrThrow();
      expect((await s.call('/operator/bossPassword', { ...as(admin), kid: 1001, id: cashier.id, password: 'second123' })).status).toBe(Status.USER_NOT_FOUND);
      const rows = await auditOf('console.boss_password');
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ store_id: 1001, actor_name: admin.username });
      expect(rows[0]!.after_json).not.toContain('second123');
    });
  });

  describe("a store's name and address", () => {
    it("lets a distributor rename its own store and change its address, audited field by field; another distributor's store is 21", async () => {
      const kid = mine[0]!;
      expect(await s.call('/operator/storeRename', { ...as(dist), kid, name: 'Renamed Arcade', address: '9 New Street', city: 'Austin' })).toEqual({ status: Status.OK });
      expect((await s.call('/operator/store', { ...as(dist), kid })).store).toMatchObject({ name: 'Renamed Arcade', address: '9 New Street', city: 'Austin' });
      const [row] = await auditOf('console.store_rename');
      expect(row).toMatchObject({ store_id: kid, actor_name: dist.username });
      expect(JSON.parse(row!.before_json!)).toEqual({ name: `Mine ${kid}`, address: '', city: '' });
      expect(JSON.parse(row!.after_json!)).toEqual({ name: 'Renamed Arcade', address: '9 New Street', city: 'Austin' });
      // Nothing new: nothing written.
      expect(await s.call('/operator/storeRename', { ...as(dist), kid, name: 'Renamed Arcade' })).toEqual({ status: Status.OK });
      expect(await auditOf('console.store_rename')).toHaveLength(1);

      expect((await s.call('/operator/storeRename', { ...as(dist), kid: others, name: 'Taken Over' })).status).toBe(Status.PERMISSION_ERROR);
      expect((await s.call('/operator/storeRename', { ...as(otherDist), kid, name: 'Taken Over' })).status).toBe(Status.PERMISSION_ERROR);
      const support = await consoleAccount(s, 'support', { parentId: dist.UID });
      expect((await s.call('/operator/storeRename', { ...as(support), kid, name: 'Taken Over' })).status).toBe(Status.PERMISSION_ERROR);
      expect((await s.call('/operator/storeRename', { ...as(dist), kid, name: '   ' })).status).toBe(Status.INPUT_ERROR);
      expect((await s.handle.db.selectFrom('store').select('name').where('id', 'in', [kid, others]).orderBy('id').execute()).map((r) => r.name)).toEqual(['Renamed Arcade', 'Not Mine']);
    });
  });

  describe('credit to several stores at once', () => {
    it('gives each store its amount with its own key; a replay of the same request moves nothing twice', async () => {
      const before = await Promise.all(mine.map(credit));
      const moves = mine.map((kid, i) => ({ kid, amount: 10 + i, key: `multi-give-${kid}` }));
      const first = await s.call('/operator/creditMoves', { ...as(dist), moves, note: 'weekly' });
      expect(first.status).toBe(Status.OK);
      const results = first.results as ConsoleCreditMovesResult[];
      expect(results.map((r) => [r.kid, r.ok, r.child_balance])).toEqual(mine.map((kid, i) => [kid, true, (before[i]! + (10 + i) * 100) / 100]));
      expect(results.map((r) => r.parent_balance)).toEqual([90, 79, 67]);
      const again = await s.call('/operator/creditMoves', { ...as(dist), moves, note: 'weekly' });
      expect(again).toEqual(first);
      expect(await Promise.all(mine.map(credit))).toEqual(mine.map((_, i) => before[i]! + (10 + i) * 100));
      const transfers = await s.handle.db.selectFrom('credit_transfer').select('key').where('key', 'like', 'multi-give-%').execute();
      expect(transfers).toHaveLength(3);
      await s.verify();
    });

    it('reports which stores got it and which did not when the giver runs short; the retry of the refused ones with their keys moves only those', async () => {
      // The distributor holds 67: 30 + 30 fit, the third 30 does not.
      const moves = mine.map((kid) => ({ kid, amount: 30, key: `multi-short-${kid}` }));
      const r = await s.call('/operator/creditMoves', { ...as(dist), moves });
      const results = r.results as ConsoleCreditMovesResult[];
      expect(results.map((x) => x.ok)).toEqual([true, true, false]);
      expect(results[2]).toEqual({ kid: mine[2], key: `multi-short-${mine[2]}`, ok: false, refusal: Status.CREDIT_ERROR, reason: 'giver_credit_short', amount: 30, balance: 7 });
      // More credit arrives; the same request again: the two done answer as before, the third moves now.
      expect((await s.call('/operator/creditMove', { ...as(admin), distributor_id: dist.UID, amount: 50, key: 'offboard-fund-dist-2' })).status).toBe(Status.OK);
      const retry = (await s.call('/operator/creditMoves', { ...as(dist), moves })).results as ConsoleCreditMovesResult[];
      expect(retry.map((x) => x.ok)).toEqual([true, true, true]);
      expect(retry.slice(0, 2)).toEqual(results.slice(0, 2));
      expect(retry[2]!.parent_balance).toBe(27);
      expect(await s.handle.db.selectFrom('credit_transfer').select('key').where('key', 'like', 'multi-short-%').execute()).toHaveLength(3);
      await s.verify();
    });

    it("refuses the whole request when one store is not on the caller's edges (21), and moves nothing", async () => {
      const before = await Promise.all([...mine, others].map(credit));
      const moves = [...mine, others].map((kid) => ({ kid, amount: 1, key: `multi-leak-${kid}` }));
      // The store beyond the scope is named, found in the moves' nested field by the envelope; an unknown kiosk id answers alike.
      expect(await s.call('/operator/creditMoves', { ...as(dist), moves })).toEqual({ status: Status.PERMISSION_ERROR, kids: [others], error: 'Permission error' });
      expect(await s.call('/operator/creditMoves', { ...as(dist), moves: [...moves.slice(0, 1), { kid: 987_654, amount: 1, key: 'multi-leak-unknown' }] })).toEqual({ status: Status.PERMISSION_ERROR, kids: [987_654], error: 'Permission error' });
      const support = await consoleAccount(s, 'support', { parentId: dist.UID });
      expect((await s.call('/operator/creditMoves', { ...as(support), moves: moves.slice(0, 1) })).status).toBe(Status.PERMISSION_ERROR);
      expect(await Promise.all([...mine, others].map(credit))).toEqual(before);
      expect(await s.handle.db.selectFrom('credit_transfer').select('key').where('key', 'like', 'multi-leak-%').execute()).toHaveLength(0);
    });

    it('words a single refused give with the amount and the giver\'s balance, and a take-back with the store\'s', async () => {
      const giver = Number((await s.handle.db.selectFrom('platform_account').select('credit_cents').where('id', '=', dist.UID).executeTakeFirstOrThrow()).credit_cents) / 100;
      expect(await s.call('/operator/creditMove', { ...as(dist), kid: mine[0], amount: 999_999, key: 'offboard-too-much' })).toEqual({
        status: Status.CREDIT_ERROR,
        error: 'the giver has less credit than that',
        reason: 'giver_credit_short',
        amount: 999_999,
        balance: giver,
      });
      const held = (await credit(mine[0]!)) / 100;
      expect(await s.call('/operator/creditMove', { ...as(dist), kid: mine[0], amount: 999_999, back: true, key: 'offboard-too-much-back' })).toMatchObject({ status: Status.CREDIT_ERROR, reason: 'store_credit_short', amount: 999_999, balance: held });
    });
  });

  async function countActiveAdmins() {
    const rows = await s.handle.db.selectFrom('platform_account').select('id').where('role', '=', 'admin').where('disabled', '=', 0).where('removed', '=', 0).execute();
    return rows.length;
  }
});
