import { SaType, Status } from '@moneybox/contract';
import { expect, it } from 'vitest';
import { runCli } from '../../cli/main.js';
import { consoleAccount, totpCode } from '../../testing/console-kit.js';
import { describeOnDatabases, type TestServer } from '../../testing/server.js';
import { createAccount } from '../operator/operator.service.js';
import { CONSOLE_MAX_TRIES } from './console-login.service.js';
import { SEED } from '../audit/audit.js';

async function cli(s: TestServer, ...argv: string[]) {
  const lines: string[] = [];
  const code = await runCli(argv, s.handle, (l) => lines.push(l));
  return { code, text: lines.join('\n') };
}

async function consoleRows(s: TestServer, name: string) {
  return s.handle.db.selectFrom('audit').select(['kind', 'actor_role', 'after_json']).where('actor_name', '=', name).orderBy('id').execute();
}

describeOnDatabases('console sign-in', (s) => {
  const signIn = (username: string, password: string) => s.call('/operator/login', { username, password });

  it('create-operator makes an admin who enrols by QR secret, gets ten recovery codes once, and is signed in', async () => {
    const made = await cli(s, 'create-operator', '--username', 'rootadmin1', '--password', 'secret123');
    expect(made.code).toBe(0);
    expect(made.text).not.toContain('secret123');
    const stored = await s.handle.db.selectFrom('platform_account').select(['password_hash', 'role', 'totp_secret']).where('username', '=', 'rootadmin1').executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ role: 'admin', totp_secret: null });
    expect(stored.password_hash).toMatch(/^scrypt\$/);
    // The CLI's audit row never holds the password.
    const audit = await s.handle.db.selectFrom('audit').select('after_json').where('kind', '=', 'operator.command').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.after_json).toContain('create-operator');
    expect(audit.after_json).not.toContain('secret123');

    const first = await signIn('rootadmin1', 'secret123');
    expect(first).toMatchObject({ status: Status.OK, next: 'enrol' });
    expect(first.uri).toMatch(/^otpauth:\/\/totp\/.*rootadmin1\?secret=/);
    // A wrong first code does not enrol.
    expect((await s.call('/operator/enrol', { ticket: first.ticket, code: '000000' })).status).toBe(Status.WRONG_PASSWORD);
    const enrol = await s.call('/operator/enrol', { ticket: first.ticket, code: await totpCode(first.secret as string) });
    expect(enrol).toMatchObject({ status: Status.OK, username: 'rootadmin1', role: 'admin' });
    const codes = enrol.recovery_codes as string[];
    expect(new Set(codes).size).toBe(10);
    // The codes are stored hashed only.
    const hashes = await s.handle.db.selectFrom('platform_recovery_code').select('code_hash').execute();
    for (const c of codes) expect(hashes.map((h) => h.code_hash)).not.toContain(c);
    expect(await s.call('/operator/me', { UID: enrol.uid, TOKEN: enrol.token })).toMatchObject({ status: Status.OK, username: 'rootadmin1', role: 'admin' });
    // The ticket was used once.
    expect((await s.call('/operator/enrol', { ticket: first.ticket, code: await totpCode(first.secret as string, 1) })).status).toBe(Status.SESSION_REPLACED);
    expect((await consoleRows(s, 'rootadmin1')).map((r) => r.kind)).toContain('console.enrol');
  });

  it('asks for the code at the next sign-in; a replayed code and a wrong code are refused, the next code signs in and ends the older session', async () => {
    const a = await consoleAccount(s, 'admin');
    // The enrolment used the code of this step: the same code again is a replay.
    const again = await signIn(a.username, a.password);
    expect(again).toMatchObject({ status: Status.OK, next: 'second_factor' });
    expect(again.secret).toBeUndefined();
    const replay = await s.call('/operator/secondFactor', { ticket: again.ticket, code: a.code });
    expect(replay).toMatchObject({ status: Status.WRONG_PASSWORD, try_times: CONSOLE_MAX_TRIES - 1 });
    const nextCode = await totpCode(a.secret, 1);
    const next = await s.call('/operator/secondFactor', { ticket: again.ticket, code: nextCode });
    expect(next).toMatchObject({ status: Status.OK, username: a.username, role: 'admin' });
    // One console session per account: the enrolment's session ends.
    expect((await s.call('/operator/me', { UID: a.UID, TOKEN: a.TOKEN })).status).toBe(Status.SESSION_REPLACED);
    // The code just used is not good twice, even with a new ticket.
    const third = await signIn(a.username, a.password);
    expect((await s.call('/operator/secondFactor', { ticket: third.ticket, code: nextCode })).status).toBe(Status.WRONG_PASSWORD);
    // The whole sign-in gave the tries back.
    const row = await s.handle.db.selectFrom('platform_account').select('failed_logins').where('username', '=', a.username).executeTakeFirstOrThrow();
    expect(row.failed_logins).toBe(1);
  });

  it('two requests with the same code: one session, one refusal', async () => {
    const a = await consoleAccount(s, 'support');
    const t1 = await signIn(a.username, a.password);
    const t2 = await signIn(a.username, a.password);
    const code = await totpCode(a.secret, 1);
    const replies = await Promise.all([t1, t2].map((t) => s.call('/operator/secondFactor', { ticket: t.ticket, code })));
    // The loser is refused as a replay (42), or finds its ticket ended by the winner's sign-in (5).
    const statuses = replies.map((r) => r.status).sort((x, y) => x - y);
    expect(statuses[0]).toBe(Status.OK);
    expect([Status.SESSION_REPLACED, Status.WRONG_PASSWORD]).toContain(statuses[1]);
    const sessions = await s.handle.db.selectFrom('platform_session').select('id').where('account_id', '=', a.UID).where('stage', '=', 'full').where('revoked_at', 'is', null).execute();
    expect(sessions).toHaveLength(1);
  });

  it('a recovery code signs in once', async () => {
    const a = await consoleAccount(s, 'distributor');
    const t = await signIn(a.username, a.password);
    expect(await s.call('/operator/secondFactor', { ticket: t.ticket, code: a.recovery[0]!.toUpperCase() })).toMatchObject({ status: Status.OK });
    const t2 = await signIn(a.username, a.password);
    expect((await s.call('/operator/secondFactor', { ticket: t2.ticket, code: a.recovery[0] })).status).toBe(Status.WRONG_PASSWORD);
    expect((await s.call('/operator/secondFactor', { ticket: t2.ticket, code: a.recovery[1] })).status).toBe(Status.OK);
  });

  it('locks after five failed tries (wrong passwords and wrong codes alike); the right password is then refused until an admin unlocks', async () => {
    const a = await consoleAccount(s, 'distributor');
    const admin = await consoleAccount(s, 'admin');
    expect(await signIn(a.username, 'wrong1234')).toMatchObject({ status: Status.WRONG_PASSWORD, try_times: 4 });
    expect(await signIn(a.username, 'wrong1234')).toMatchObject({ status: Status.WRONG_PASSWORD, try_times: 3 });
    const t = await signIn(a.username, a.password);
    expect(await s.call('/operator/secondFactor', { ticket: t.ticket, code: '123456' })).toMatchObject({ status: Status.WRONG_PASSWORD, try_times: 2 });
    expect(await s.call('/operator/secondFactor', { ticket: t.ticket, code: 'aaaaa-bbbbb' })).toMatchObject({ status: Status.WRONG_PASSWORD, try_times: 1 });
    expect((await s.call('/operator/secondFactor', { ticket: t.ticket, code: '654321' })).status).toBe(Status.ACCOUNT_LOCKED);
    expect((await signIn(a.username, a.password)).status).toBe(Status.ACCOUNT_LOCKED);
    // Even a right code on a ticket taken before the lock.
    expect((await s.call('/operator/secondFactor', { ticket: t.ticket, code: await totpCode(a.secret, 1) })).status).toBe(Status.ACCOUNT_LOCKED);
    expect((await consoleRows(s, a.username)).map((r) => r.kind)).toContain('console.login_locked');

    expect((await s.call('/operator/accountUnlock', { UID: admin.UID, TOKEN: admin.TOKEN, id: a.UID })).status).toBe(Status.OK);
    const back = await signIn(a.username, a.password);
    expect((await s.call('/operator/secondFactor', { ticket: back.ticket, code: await totpCode(a.secret, 1) })).status).toBe(Status.OK);
  });

  it('an unknown username answers 2, like a malformed one', async () => {
    expect((await signIn('nobody0001', 'pass1234')).status).toBe(Status.LOGIN_INCORRECT);
    expect((await signIn('x', 'y')).status).toBe(Status.LOGIN_INCORRECT);
  });

  it('a reset second factor enrols again at the next sign-in (admin from the console; the CLI for a lost admin)', async () => {
    const a = await consoleAccount(s, 'support');
    const admin = await consoleAccount(s, 'admin');
    expect((await s.call('/operator/accountResetFactor', { UID: admin.UID, TOKEN: admin.TOKEN, id: a.UID })).status).toBe(Status.OK);
    expect((await s.call('/operator/me', { UID: a.UID, TOKEN: a.TOKEN })).status).toBe(Status.SESSION_REPLACED);
    expect(await signIn(a.username, a.password)).toMatchObject({ status: Status.OK, next: 'enrol' });
    expect((await cli(s, 'reset-operator', '--username', admin.username)).code).toBe(0);
    expect(await signIn(admin.username, admin.password)).toMatchObject({ status: Status.OK, next: 'enrol' });
  });

  it('keeps store staff and console accounts apart: neither token opens the other side', async () => {
    const admin = await consoleAccount(s, 'admin');
    const boss = await s.login({ username: 'boss01', password: 'boss1234' }, 'viewer');
    expect((await s.call('/operator/stores', { UID: boss.UID, TOKEN: boss.TOKEN })).status).toBe(Status.SESSION_REPLACED);
    expect((await s.call('/store/info', { UID: admin.UID, TOKEN: admin.TOKEN })).status).toBe(Status.SESSION_REPLACED);
    // A console username is not a staff login and a staff login is not a console one.
    expect((await s.call('/user/posLogin', { mode: 'viewer', username: admin.username, password: admin.password })).status).toBe(Status.LOGIN_INCORRECT);
    await createAccount({ handle: s.handle }, SEED, { storeId: 1001, username: 'samename01', password: 'pass1234', saType: SaType.BOSS });
    expect((await signIn('samename01', 'pass1234')).status).toBe(Status.LOGIN_INCORRECT);
    // A ticket between the two steps is no session.
    const half = await signIn(admin.username, admin.password);
    expect((await s.call('/operator/stores', { UID: admin.UID, TOKEN: half.ticket })).status).toBe(Status.SESSION_REPLACED);
  });

  it('logout ends the console session', async () => {
    const a = await consoleAccount(s, 'admin');
    expect((await s.call('/operator/logout', { UID: a.UID, TOKEN: a.TOKEN })).status).toBe(Status.OK);
    expect((await s.call('/operator/me', { UID: a.UID, TOKEN: a.TOKEN })).status).toBe(Status.SESSION_REPLACED);
  });
});

describeOnDatabases(
  'console session idle expiry',
  (s) => {
    it('an idle console session answers 5', async () => {
      const a = await consoleAccount(s, 'admin');
      expect((await s.call('/operator/me', { UID: a.UID, TOKEN: a.TOKEN })).status).toBe(Status.OK);
      await s.handle.db.updateTable('platform_session').set({ last_seen_at: new Date(Date.now() - 61_000).toISOString() }).where('account_id', '=', a.UID).execute();
      expect((await s.call('/operator/me', { UID: a.UID, TOKEN: a.TOKEN })).status).toBe(Status.SESSION_REPLACED);
    });
  },
  { settings: { consoleIdleMs: 60_000 } },
);
