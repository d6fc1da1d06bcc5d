import fs from 'node:fs';
import path from 'node:path';
import { SCREENS, SaType, Status, cents } from '@moneybox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '../http/api/index.js';
import { DEMO_LOGINS } from '../cli/seed/seed.js';
import { createAccount, createStore } from '../services/operator/operator.service.js';
import { hashToken } from '../auth/token.js';
import { describeOnDatabases, type Body } from '../testing/server.js';
import { PERMISSIONS, SCREEN_CALLS, WHO, permissionOf, permissionsMarkdown, type Who } from './permissions.js';
import { SEED } from '../services/audit/audit.js';

const RULES = 'MAY.anyone, MAY.signedIn, MAY.atADrawer (moves cash), MAY.boss (also in viewer mode), MAY.bossAtADrawer';
const MATRIX_FILE = 'packages/contract/src/calls.ts';
const SCREENS_FILE = 'packages/server/src/domain/permissions.ts';
const DOCS = path.resolve(import.meta.dirname, '../../../../docs/PERMISSIONS.md');

describe('the permission matrix, as a table', () => {
  it('has a row for every registered call', () => {
    const missing = allCalls.map((c) => c.path).filter((p) => !permissionOf(p));
    expect(
      missing,
      missing.map((p) => `Give ${p} its who in CALLS in ${MATRIX_FILE}, e.g.  who: MAY.boss  (one of ${RULES})`).join('\n') +
        '\nthen regenerate the docs: npm run -s admin -- permissions > docs/PERMISSIONS.md',
    ).toEqual([]);
  });

  it('has no row for a call that is not registered', () => {
    const registered = new Set<string>(allCalls.map((c) => c.path));
    const stale = Object.keys(PERMISSIONS).filter((p) => !registered.has(p));
    expect(stale, `These calls of CALLS in ${MATRIX_FILE} have no handler registered: ${stale.join(', ')}`).toEqual([]);
  });

  it('lets anonymous make exactly the public calls (a session call needs UID and TOKEN)', () => {
    for (const c of allCalls) {
      expect(permissionOf(c.path)?.anonymous, `${c.path} is access '${c.access}': its row's anonymous column must be ${c.access === 'public'}`).toBe(c.access === 'public');
    }
  });

  it('lets a call with a session fast path be made exactly by accounts at a drawer (what the fast path accepts)', () => {
    for (const c of allCalls) {
      if (c.access === 'session' && c.withSession) expect(permissionOf(c.path), `${c.path} has withSession: its who must be MAY.atADrawer`).toMatchObject({ cashier: true, viewer: false, boss: true });
    }
  });

  it("lets every screen's audience make every call the screen needs (the menu derives from both)", () => {
    const registered = new Set<string>(allCalls.map((c) => c.path));
    for (const s of SCREENS) {
      const calls = SCREEN_CALLS[s.link];
      expect(calls, `Add '${s.link}': [the calls the page makes to open] to SCREEN_CALLS in ${SCREENS_FILE}`).toBeDefined();
      for (const c of calls ?? []) {
        expect(registered.has(c), `SCREEN_CALLS['${s.link}'] names ${c}, which is not a registered call`).toBe(true);
        for (const a of s.audience) {
          expect(permissionOf(c)?.[a], `${s.link} is for '${a}' (contract screens.ts) but the matrix refuses ${c} to '${a}': change one of them`).toBe(true);
        }
      }
    }
  });

  it('is what docs/PERMISSIONS.md shows', () => {
    const docs = fs.existsSync(DOCS) ? fs.readFileSync(DOCS, 'utf8') : '';
    expect(docs.trimEnd(), 'docs/PERMISSIONS.md is out of date: run  npm run -s admin -- permissions > docs/PERMISSIONS.md').toBe(permissionsMarkdown().trimEnd());
  });
});

type Caller = { UID: unknown; TOKEN: unknown } | Record<string, never>;
type Column = Who | 'wrong token' | 'boss of another store';

describeOnDatabases('the permission matrix, enforced: every call × every kind of caller', (s) => {
  const sessions = new Map<Column, Caller>();
  const logins: Partial<Record<Column, () => Promise<Caller>>> = {};

  beforeAll(async () => {
    const db = s.handle.db;
    await createAccount({ handle: { db } }, SEED, { storeId: 1001, username: 'viewboss01', password: 'view1234', saType: SaType.BOSS });
    await createStore({ handle: { db } }, SEED, {
      id: 2002, name: 'Other Arcade', timezone: 'UTC', credit: cents(100_000), compsBudget: cents(0), maxDrawers: 3, maxMachines: 1,
      limitDay: 31, limitHourly: cents(0), limitDaily: cents(0), limitWeekly: cents(0), drawers: 2,
    });
    await createAccount({ handle: { db } }, SEED, { storeId: 2002, username: 'otherboss1', password: 'other1234', saType: SaType.BOSS });
    const session = (r: { UID: number; TOKEN: string }) => ({ UID: r.UID, TOKEN: r.TOKEN });
    logins.cashier = async () => session(await s.loginAt(1, DEMO_LOGINS.cashier));
    logins.boss = async () => session(await s.loginAt(2, DEMO_LOGINS.boss));
    logins.viewer = async () => session(await s.login({ username: 'viewboss01', password: 'view1234' }, 'viewer'));
    logins['boss of another store'] = async () => {
      const r = await s.call('/user/posLogin', { mode: 'pos', username: 'otherboss1', password: 'other1234' });
      return { UID: r.uid, TOKEN: r.token };
    };
    sessions.set('anonymous', {});
    for (const [who, login] of Object.entries(logins)) sessions.set(who as Column, await login());
    sessions.set('wrong token', { UID: (sessions.get('boss') as { UID: number }).UID, TOKEN: 'not-a-token-0123456789' });
  });

  /** A call made with an empty payload may end its own session (/user/logout): sign in again. */
  async function live(who: Column): Promise<Caller> {
    const c = sessions.get(who)!;
    const login = logins[who];
    if (!login || !('TOKEN' in c)) return c;
    const row = await s.handle.db.selectFrom('session').select('revoked_at').where('token_hash', '=', hashToken(String(c.TOKEN))).executeTakeFirst();
    if (row && row.revoked_at === null) return c;
    const fresh = await login();
    sessions.set(who, fresh);
    return fresh;
  }

  const column = (who: Column): Who => (who === 'wrong token' ? 'anonymous' : who === 'boss of another store' ? 'boss' : who);

  it('answers each call as its row says: allowed (neither 5 nor 21) or refused (5 without a session, 21 with one)', async () => {
    const wrong: string[] = [];
    for (const call of allCalls.filter((c) => c.audience === 'store')) {
      const rule = permissionOf(call.path);
      for (const who of [...WHO, 'wrong token', 'boss of another store'] as Column[]) {
        const allowedHere = rule?.[column(who)] ?? false;
        const r = await s.call(call.path, { ...(await live(who)) } as Body);
        const refusedWith = who === 'anonymous' || who === 'wrong token' ? Status.SESSION_REPLACED : Status.PERMISSION_ERROR;
        const ok = allowedHere ? r.status !== Status.SESSION_REPLACED && r.status !== Status.PERMISSION_ERROR : r.status === refusedWith;
        if (!ok) wrong.push(`${call.path} as ${who}: the matrix says ${allowedHere ? 'allowed' : `refused (${refusedWith})`}, the server answered ${r.status}`);
      }
    }
    expect(wrong, `fix the call or its row in ${MATRIX_FILE}`).toEqual([]);
  });
});
