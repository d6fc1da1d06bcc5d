import { CALLS, CALL_PATHS, CONSOLE_CALLS, CONSOLE_PATHS, Status, type ConsolePath } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { consoleAccount, type ConsoleSession } from '../../../testing/console-kit.js';
import { describeOnDatabases, type Body } from '../../../testing/server.js';
import { createStore } from '../../../services/operator/operator.service.js';
import type { Cents } from '@moneybox/contract';

type CallerName = 'admin' | 'distributor' | 'otherDistributor' | 'support' | 'boss' | 'cashier' | 'anonymous';
const CALLERS: CallerName[] = ['admin', 'distributor', 'otherDistributor', 'support', 'boss', 'cashier', 'anonymous'];
/** The platform role of each caller (store staff and anonymous have none). */
const ROLE = { admin: 'admin', distributor: 'distributor', otherDistributor: 'distributor', support: 'support' } as const;
/** Which callers have store 1001 in scope (the target of every store call below). */
const SEES_1001: ReadonlySet<CallerName> = new Set(['admin', 'distributor', 'support']);
/** The calls that name store 1001. */
const ON_STORE_1001: ReadonlySet<ConsolePath> = new Set([
  '/operator/creditMove',
  '/operator/creditHistory',
  '/operator/store',
  '/operator/storeFreeze',
  '/operator/bossCreate',
  '/operator/bossUnlock',
  '/operator/storeQuota',
  '/operator/alerts',
  '/operator/alertAcknowledge',
  '/operator/alertResolve',
  '/operator/thresholds',
  '/operator/audit',
]);
/** Anonymous by design: the sign-in steps. Everything else is in the matrix below. */
const SIGN_IN: ReadonlySet<ConsolePath> = new Set(['/operator/login', '/operator/secondFactor', '/operator/enrol']);

/**
 * Every console call × admin, distributor (bound to 1001), another distributor (bound to 2002), support
 * (the first distributor's), store boss, cashier and anonymous: the answer is exactly what the platform
 * matrix and the scope say, and a refused call changes nothing (no audit row, no state change).
 */
describeOnDatabases('console authorization matrix', (s) => {
  const sessions = new Map<CallerName, Body>();
  let bossId = 0;
  let throwaway = 0;
  let n = 0;
  /** Alerts of store 1001 and webhooks, one per call that acts on one (a resolved alert is not resolved twice). */
  const alerts: number[] = [];
  const webhooks: number[] = [];

  beforeAll(async () => {
    await createStore(s.handle.db, { id: 2002, name: 'Other Arcade', timezone: 'America/Chicago', credit: 0 as Cents, compsBudget: 0 as Cents, maxDrawers: 2, maxMachines: 2, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 1 });
    const admin = await consoleAccount(s, 'admin');
    const dist = await consoleAccount(s, 'distributor', { stores: [1001] });
    const other = await consoleAccount(s, 'distributor', { stores: [2002] });
    const support = await consoleAccount(s, 'support', { parentId: dist.UID });
    const auth = (c: ConsoleSession) => ({ UID: c.UID, TOKEN: c.TOKEN });
    sessions.set('admin', auth(admin)).set('distributor', auth(dist)).set('otherDistributor', auth(other)).set('support', auth(support));
    const boss = await s.login({ username: 'boss01', password: 'boss1234' }, 'viewer');
    sessions.set('boss', { UID: boss.UID, TOKEN: boss.TOKEN });
    const cashier = await s.login({ username: 'cashier01', password: 'cash1234' });
    sessions.set('cashier', { UID: cashier.UID, TOKEN: cashier.TOKEN });
    sessions.set('anonymous', {});
    bossId = (await s.handle.db.selectFrom('account').select('id').where('username', '=', 'boss01').executeTakeFirstOrThrow()).id;
    throwaway = (await consoleAccount(s, 'support')).UID;
    for (let i = 0; i < 2 * CALLERS.length; i++) {
      const [a] = await s.handle.db.insertInto('alert').values({ kind: 'lockouts', store_id: 1001, subject: `account:${9000 + i}`, open_key: `lockouts|account:${9000 + i}`, raised_at: new Date().toISOString() }).returning('id').execute();
      alerts.push(a!.id);
    }
    for (let i = 0; i < CALLERS.length; i++) webhooks.push((await s.handle.db.insertInto('webhook').values({ url: 'http://127.0.0.1:9/hook', secret: 'x', created_at: '2026-01-01', created_by: 't' }).returning('id').execute())[0]!.id);
  });

  function body(path: ConsolePath): Body {
    const i = ++n;
    switch (path) {
      case '/operator/store':
        return { kid: 1001 };
      case '/operator/storeFreeze':
        return { kid: 1001, freeze: false };
      case '/operator/bossCreate':
        return { kid: 1001, username: `mboss${String(i).padStart(4, '0')}`, password: 'pass1234' };
      case '/operator/bossUnlock':
        return { kid: 1001, id: bossId };
      case '/operator/storeQuota':
        return { kid: 1001, max_machines: 20 };
      case '/operator/creditMove':
        // A comps budget: no giver's balance in the way, so only the matrix and the scope decide.
        return { kid: 1001, fund: 'comps', amount: 1, key: `matrix-key-${i}` };
      case '/operator/creditHistory':
        return { kid: 1001 };
      case '/operator/storeCreate':
        return { kid: 70000 + i, name: `Matrix ${i}`, timezone: 'America/Chicago', max_drawers: 2, max_machines: 2, limit_day: 31, limit_hourly: 0, limit_daily: 0, limit_weekly: 0, drawers: 1 };
      case '/operator/accountCreate':
        return { username: `macct${String(i).padStart(4, '0')}`, password: 'pass1234', role: 'support' };
      case '/operator/alerts':
      case '/operator/thresholds':
      case '/operator/audit':
        return { kid: 1001 };
      case '/operator/alertAcknowledge':
        return { id: alerts[0]! };
      case '/operator/alertResolve':
        return { id: alerts.pop()!, note: 'checked' };
      case '/operator/thresholdsSet':
        return { values: { long_shift: 12 } };
      case '/operator/webhookAdd':
        return { url: `https://hooks.example.com/${i}` };
      case '/operator/webhookRemove':
        return { id: webhooks.pop()! };
      case '/operator/accountUnlock':
      case '/operator/accountResetFactor':
        return { id: throwaway };
      default:
        return {};
    }
  }

  function expected(path: ConsolePath, caller: CallerName): number {
    const role = caller in ROLE ? ROLE[caller as keyof typeof ROLE] : undefined;
    if (!role) return Status.SESSION_REPLACED; // no console session: anonymous, or a store's staff token
    if (!CONSOLE_CALLS[path].who[role]) return Status.PERMISSION_ERROR;
    if (ON_STORE_1001.has(path) && !SEES_1001.has(caller)) return Status.PERMISSION_ERROR;
    return Status.OK;
  }

  // Logout last: it ends the session the other calls use.
  const paths = CONSOLE_PATHS.filter((p) => !SIGN_IN.has(p) && p !== '/operator/logout').concat('/operator/logout');

  it('never lets a console session reach a store call', async () => {
    for (const caller of ['admin', 'distributor', 'support'] as const) {
      expect((await s.call('/operator/me', sessions.get(caller)!)).status).toBe(Status.OK);
      for (const path of CALL_PATHS) {
        if (CALLS[path].who.anonymous) continue;
        const r = await s.call(path, { ...sessions.get(caller) });
        expect(r.status, `${path} as ${caller}`).toBe(Status.SESSION_REPLACED);
      }
    }
  });
  it('lists only the stores in scope: each distributor its own, support its distributor\'s, the admin all', async () => {
    const kids = async (caller: CallerName) => ((await s.call('/operator/stores', sessions.get(caller)!)).list as { kid: number }[]).map((x) => x.kid);
    expect(await kids('admin')).toEqual(expect.arrayContaining([1001, 2002]));
    expect(await kids('distributor')).toEqual([1001]);
    expect(await kids('otherDistributor')).toEqual([2002]);
    expect(await kids('support')).toEqual([1001]);
  });

  it('answers every console call to every kind of caller exactly as the matrix and the scope say, and a refusal leaves no trace', async () => {
    const leaks: string[] = [];
    for (const path of paths) {
      for (const caller of CALLERS) {
        const before = await s.handle.db.selectFrom('audit').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        const reply = await s.call(path, { ...sessions.get(caller), ...body(path) });
        const want = expected(path, caller);
        if (reply.status !== want) leaks.push(`${path} as ${caller}: ${reply.status}, want ${want} ${JSON.stringify(reply).slice(0, 200)}`);
        const after = await s.handle.db.selectFrom('audit').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        if (want !== Status.OK && Number(after.n) !== Number(before.n)) leaks.push(`${path} as ${caller}: refused but audited`);
      }
    }
    expect(leaks).toEqual([]);
  });

});
