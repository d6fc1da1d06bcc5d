import { Status } from '@moneybox/contract';
import { describe, expect, it, vi } from 'vitest';
import { consoleAccount, totpCode, type ConsoleSession } from '../../testing/console-kit.js';
import { describeOnDatabases, useSecondServer, useTestServer, type Reply, type TestServer } from '../../testing/server.js';
import { CONSOLE_MAX_TRIES } from './console-login.service.js';

// Which secrets this server actually checked: the hash check of a password, the TOTP check of a code.
const checked = vi.hoisted(() => ({ passwords: [] as string[], codes: [] as string[] }));
vi.mock('../../auth/password.js', async (original) => {
  const m = await original<typeof import('../../auth/password.js')>();
  return { ...m, verifySecret: (secret: string, stored: string) => (checked.passwords.push(secret), m.verifySecret(secret, stored)) };
});
vi.mock('../../auth/totp.js', async (original) => {
  const m = await original<typeof import('../../auth/totp.js')>();
  return { ...m, acceptTotp: (secret: string, code: string, after: number, now?: number) => (checked.codes.push(code), m.acceptTotp(secret, code, after, now)) };
});

const WRONG_PASSWORD = 'wrong-burst1';

/** Waits (capped, against a hang) until the account is locked: the burst has taken its tries. */
async function untilLocked(s: TestServer, id: number) {
  for (const until = Date.now() + 10_000; Date.now() < until; ) {
    if ((await s.handle.db.selectFrom('platform_account').select('locked').where('id', '=', id).executeTakeFirst())?.locked === 1) return;
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** Six-digit codes none of which is the account's code near now. */
async function wrongCodes(secret: string, n: number): Promise<string[]> {
  const near = new Set(await Promise.all([-2, -1, 0, 1, 2].map((o) => totpCode(secret, o))));
  const out: string[] = [];
  for (let i = 100_000; out.length < n; i += 7919) if (!near.has(String(i))) out.push(String(i));
  return out;
}

async function failures(s: TestServer, a: ConsoleSession) {
  return s.handle.db.selectFrom('audit').select('kind').where('actor_name', '=', a.username).where('kind', 'in', ['console.login_failed', 'console.login_locked']).execute();
}

function expectLockedOnce(replies: Reply[]) {
  expect(replies.filter((r) => r.status === Status.WRONG_PASSWORD).map((r) => r.try_times as number).sort()).toEqual([1, 2, 3, 4]);
  expect(replies.filter((r) => r.status === Status.ACCOUNT_LOCKED)).toHaveLength(replies.length - (CONSOLE_MAX_TRIES - 1));
}

describeOnDatabases('console lockout under a burst', (s) => {
  const signIn = (username: string, password: string) => s.call('/operator/login', { username, password });

  it('30 wrong passwords at once, then the right one: five passwords checked, no ticket, the account locked', async () => {
    const a = await consoleAccount(s, 'distributor');
    checked.passwords.length = 0;
    const wrong = Array.from({ length: 30 }, () => signIn(a.username, WRONG_PASSWORD));
    await untilLocked(s, a.UID);
    const right = await signIn(a.username, a.password);
    const replies = await Promise.all(wrong);
    expect(right.status).toBe(Status.ACCOUNT_LOCKED);
    expect(right.ticket).toBeUndefined();
    expectLockedOnce(replies);
    expect(checked.passwords.filter((p) => p === WRONG_PASSWORD)).toHaveLength(CONSOLE_MAX_TRIES);
    expect(await failures(s, a)).toHaveLength(CONSOLE_MAX_TRIES);
  });

  it('20 codes on one ticket, the right one after the lock: five codes checked, no session', async () => {
    const a = await consoleAccount(s, 'distributor');
    const t = await signIn(a.username, a.password);
    expect(t.status).toBe(Status.OK);
    checked.codes.length = 0;
    const codes = await wrongCodes(a.secret, 19);
    const wrong = codes.map((code) => s.call('/operator/secondFactor', { ticket: t.ticket, code }));
    await untilLocked(s, a.UID);
    const right = await s.call('/operator/secondFactor', { ticket: t.ticket, code: await totpCode(a.secret, 1) });
    const replies = await Promise.all(wrong);
    expect(right.status).toBe(Status.ACCOUNT_LOCKED);
    expect(right.token).toBeUndefined();
    expectLockedOnce(replies);
    expect(checked.codes.filter((c) => codes.includes(c))).toHaveLength(CONSOLE_MAX_TRIES);
    // The enrolment's session ended with the lock; none opened since.
    const live = await s.handle.db.selectFrom('platform_session').select('id').where('account_id', '=', a.UID).where('stage', '=', 'full').where('revoked_at', 'is', null).execute();
    expect(live).toEqual([]);
  });

  it('a locked account has no live session: the lock ends it, and an unlock does not bring it back', async () => {
    const a = await consoleAccount(s, 'distributor');
    const admin = await consoleAccount(s, 'admin');
    expect((await s.call('/operator/stores', { UID: a.UID, TOKEN: a.TOKEN })).status).toBe(Status.OK);
    for (let i = 0; i < CONSOLE_MAX_TRIES; i++) await signIn(a.username, WRONG_PASSWORD);
    expect((await s.call('/operator/stores', { UID: a.UID, TOKEN: a.TOKEN })).status).toBe(Status.SESSION_REPLACED);
    expect((await s.call('/operator/accountUnlock', { UID: admin.UID, TOKEN: admin.TOKEN, id: a.UID })).status).toBe(Status.OK);
    expect((await s.call('/operator/me', { UID: a.UID, TOKEN: a.TOKEN })).status).toBe(Status.SESSION_REPLACED);
  });

  it('a session of a locked account is refused even where the lock ended nothing', async () => {
    const a = await consoleAccount(s, 'support');
    await s.handle.db.updateTable('platform_account').set({ locked: 1 }).where('id', '=', a.UID).execute();
    expect((await s.call('/operator/me', { UID: a.UID, TOKEN: a.TOKEN })).status).toBe(Status.SESSION_REPLACED);
  });

  it('a right password gives back only its own try: the code guesses after it still lock the account', async () => {
    const a = await consoleAccount(s, 'distributor');
    for (let i = 0; i < CONSOLE_MAX_TRIES - 1; i++) {
      const t = await signIn(a.username, a.password);
      expect(await s.call('/operator/secondFactor', { ticket: t.ticket, code: (await wrongCodes(a.secret, 1))[0] })).toMatchObject({ status: Status.WRONG_PASSWORD, try_times: CONSOLE_MAX_TRIES - 1 - i });
    }
    const t = await signIn(a.username, a.password);
    expect((await s.call('/operator/secondFactor', { ticket: t.ticket, code: (await wrongCodes(a.secret, 1))[0] })).status).toBe(Status.ACCOUNT_LOCKED);
  });
});

describe('console lockout across two servers on postgres', () => {
  const s = useTestServer('postgres');
  const b = useSecondServer(s, { LOGIN_IP_LIMIT: '1000', LOGIN_USER_LIMIT: '1000' });

  it('a burst split over two servers takes five tries in all; the right password after it gets no ticket', async () => {
    const a = await consoleAccount(s, 'distributor');
    const wrong = Array.from({ length: 30 }, (_, i) => (i % 2 ? b : s).call('/operator/login', { username: a.username, password: WRONG_PASSWORD }));
    await untilLocked(s, a.UID);
    const right = await b.call('/operator/login', { username: a.username, password: a.password });
    const replies = await Promise.all(wrong);
    expect(right.status).toBe(Status.ACCOUNT_LOCKED);
    expectLockedOnce(replies);
    expect(await failures(s, a)).toHaveLength(CONSOLE_MAX_TRIES);
  });
});
