import { CALLS, CONSOLE_CALLS, CONSOLE_PATHS, STORE_PATHS, Status, type ConsolePath } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { consoleAccount, type ConsoleSession } from '../../../testing/console-kit.js';
import { describeOnDatabases, type Body } from '../../../testing/server.js';
import { createStore } from '../../../services/operator/operator.service.js';
import type { Cents } from '@moneybox/contract';
import { OPERATOR, SEED } from '../../../services/audit/audit.js';
import { publish } from '../../../services/operator/publish.service.js';
import { createAnnouncement } from '../../../services/operator/notice.service.js';

/**
 * The callers, in the columns' order of the table below: the admin; distributor A (bound to 1001), its
 * support account and its sub-distributor (bound to 4004 only); distributor B (bound to 2002) and B's
 * support; the operator's own support (every store, read-only); a store's boss and cashier; anonymous.
 */
const CALLERS = ['admin', 'distributor', 'support', 'subDistributor', 'otherDistributor', 'otherSupport', 'operatorSupport', 'boss', 'cashier', 'anonymous'] as const;
type CallerName = (typeof CALLERS)[number];
/** The callers on distributor A's side who must never reach distributor B's store 2002. */
const A_SIDE = ['distributor', 'support', 'subDistributor'] as const;

/** The cross-store report's day: today in both stores' zone, so each has a movement on it. */
const REPORT_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/**
 * One case per console call, keyed by the console map: the request body it is made with and whether it
 * names store 1001 (so the scope decides besides the matrix), or is a sign-in step (anonymous by design,
 * tested in console-login.test.ts). A new call of CONSOLE_CALLS without a case here does not compile,
 * and the first test below fails on it too (vitest does not type-check).
 */
interface Case {
  kind: 'store1001' | 'platform' | 'signIn';
  body?: (i: number) => Body;
}

/**
 * Every console call × admin, distributor (bound to 1001), another distributor (bound to 2002), support
 * (the first distributor's), store boss, cashier and anonymous: the answer is exactly what the platform
 * matrix and the scope say, and a refused call changes nothing (no audit row, no state change).
 */
describeOnDatabases('console authorization matrix', (s) => {
  const sessions = new Map<CallerName, Body>();
  let bossId = 0;
  let throwaway = 0;
  /** An account only the admin's `/operator/accountRemove` takes off (once). */
  let removable = 0;
  /** A distributor with no store: where the admin moves store 3003 (a store no caller's scope depends on). */
  let spareDistributor = 0;
  let n = 0;
  /** Alerts of store 1001 and webhooks, one per call that acts on one (a resolved alert is not resolved twice). */
  const alerts: number[] = [];
  const webhooks: number[] = [];
  /** Hosts of store 1001, one per removal. */
  const hosts: string[] = [];
  /** News items for store 1001 and announcements, one per call that withdraws one. */
  const news: number[] = [];
  const announcements: number[] = [];
  /** Distributor B's: alerts of store 2002 and a news item aimed at it only. */
  const alerts2002: number[] = [];
  let news2002 = 0;

  beforeAll(async () => {
    await createStore({ handle: s.handle }, SEED, { id: 2002, name: 'Other Arcade', timezone: 'America/Chicago', credit: 0 as Cents, compsBudget: 0 as Cents, maxDrawers: 2, maxMachines: 2, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 1 });
    const admin = await consoleAccount(s, 'admin');
    const dist = await consoleAccount(s, 'distributor', { stores: [1001] });
    const other = await consoleAccount(s, 'distributor', { stores: [2002] });
    const support = await consoleAccount(s, 'support', { parentId: dist.UID });
    await createStore({ handle: s.handle }, SEED, { id: 4004, name: 'Sub Arcade', timezone: 'America/Chicago', credit: 0 as Cents, compsBudget: 0 as Cents, maxDrawers: 1, maxMachines: 1, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 1 });
    const sub = await consoleAccount(s, 'distributor', { stores: [4004], parentId: dist.UID });
    const otherSupport = await consoleAccount(s, 'support', { parentId: other.UID });
    const operatorSupport = await consoleAccount(s, 'support');
    const auth = (c: ConsoleSession) => ({ UID: c.UID, TOKEN: c.TOKEN });
    sessions.set('admin', auth(admin)).set('distributor', auth(dist)).set('otherDistributor', auth(other)).set('support', auth(support));
    sessions.set('subDistributor', auth(sub)).set('otherSupport', auth(otherSupport)).set('operatorSupport', auth(operatorSupport));
    // Distributor A's credit, which its store's comps budget comes out of.
    expect((await s.call('/operator/creditMove', { ...auth(admin), distributor_id: dist.UID, amount: 1000, key: 'matrix-credit' })).status).toBe(Status.OK);
    for (let i = 0; i < A_SIDE.length; i++) {
      const [a] = await s.handle.db.insertInto('alert').values({ kind: 'lockouts', store_id: 2002, subject: `account:${8000 + i}`, open_key: `lockouts|account:${8000 + i}`, raised_at: new Date().toISOString() }).returning('id').execute();
      alerts2002.push(a!.id);
    }
    news2002 = (await publish({ handle: s.handle }, OPERATOR, { kind: 'news', texts: [{ lang: 'en', title: 'For 2002', body: 'b' }], stores: [2002] })).id;
    await s.handle.db.insertInto('domain_layout').values({ host: 'other2002.example.com', layout: 1, store_id: 2002 }).execute();
    const boss = await s.login({ username: 'boss01', password: 'boss1234' }, 'viewer');
    sessions.set('boss', { UID: boss.UID, TOKEN: boss.TOKEN });
    const cashier = await s.login({ username: 'cashier01', password: 'cash1234' });
    sessions.set('cashier', { UID: cashier.UID, TOKEN: cashier.TOKEN });
    sessions.set('anonymous', {});
    bossId = (await s.handle.db.selectFrom('account').select('id').where('username', '=', 'boss01').executeTakeFirstOrThrow()).id;
    throwaway = (await consoleAccount(s, 'support')).UID;
    removable = (await consoleAccount(s, 'support')).UID;
    await createStore({ handle: s.handle }, SEED, { id: 3003, name: 'Moved Arcade', timezone: 'America/Chicago', credit: 0 as Cents, compsBudget: 0 as Cents, maxDrawers: 1, maxMachines: 1, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 1 });
    spareDistributor = (await consoleAccount(s, 'distributor')).UID;
    for (let i = 0; i < 2 * CALLERS.length; i++) {
      const [a] = await s.handle.db.insertInto('alert').values({ kind: 'lockouts', store_id: 1001, subject: `account:${9000 + i}`, open_key: `lockouts|account:${9000 + i}`, raised_at: new Date().toISOString() }).returning('id').execute();
      alerts.push(a!.id);
    }
    for (let i = 0; i < CALLERS.length; i++) {
      hosts.push(`matrix${i}.example.com`);
      await s.handle.db.insertInto('domain_layout').values({ host: `matrix${i}.example.com`, layout: 1, store_id: 1001 }).execute();
    }
    for (let i = 0; i < CALLERS.length + 1; i++) {
      news.push((await publish({ handle: s.handle }, OPERATOR, { kind: 'news', texts: [{ lang: 'en', title: `Matrix ${i}`, body: 'b' }], stores: [1001] })).id);
      announcements.push(await createAnnouncement({ handle: s.handle }, OPERATOR, { msg: `Matrix ${i}`, modes: [0] }));
    }
    for (let i = 0; i < CALLERS.length; i++) webhooks.push((await s.handle.db.insertInto('webhook').values({ url: 'http://127.0.0.1:9/hook', secret: 'x', created_at: '2026-01-01', created_by: 't' }).returning('id').execute())[0]!.id);
  });

  const CASES: Record<ConsolePath, Case> = {
    '/operator/login': { kind: 'signIn' },
    '/operator/secondFactor': { kind: 'signIn' },
    '/operator/enrol': { kind: 'signIn' },
    '/operator/me': { kind: 'platform' },
    '/operator/logout': { kind: 'platform' },
    '/operator/stores': { kind: 'platform' },
    '/operator/store': { kind: 'store1001', body: () => ({ kid: 1001 }) },
    '/operator/storeFreeze': { kind: 'store1001', body: () => ({ kid: 1001, freeze: false }) },
    '/operator/bossCreate': { kind: 'store1001', body: (i) => ({ kid: 1001, username: `mboss${String(i).padStart(4, '0')}`, password: 'pass1234' }) },
    '/operator/bossUnlock': { kind: 'store1001', body: () => ({ kid: 1001, id: bossId }) },
    // The boss's own password again: its sessions end (the boss column answers 5 to console calls regardless).
    '/operator/bossPassword': { kind: 'store1001', body: () => ({ kid: 1001, id: bossId, password: 'boss1234' }) },
    '/operator/storeRename': { kind: 'store1001', body: (i) => ({ kid: 1001, address: `${i} Matrix Street` }) },
    '/operator/storeQuota': { kind: 'store1001', body: () => ({ kid: 1001, max_machines: 20 }) },
    // Store 3003, bound to no caller: only the admin moves it (to a distributor no caller is), once.
    '/operator/storeDistributor': { kind: 'platform', body: () => ({ kid: 3003, distributor_id: spareDistributor }) },
    '/operator/storeCreate': {
      kind: 'platform',
      body: (i) => ({ kid: 70000 + i, name: `Matrix ${i}`, timezone: 'America/Chicago', max_drawers: 2, max_machines: 2, limit_day: 31, limit_hourly: 0, limit_daily: 0, limit_weekly: 0, drawers: 1 }),
    },
    '/operator/accounts': { kind: 'platform' },
    '/operator/accountCreate': { kind: 'platform', body: (i) => ({ username: `macct${String(i).padStart(4, '0')}`, password: 'pass1234', role: 'support' }) },
    '/operator/accountUnlock': { kind: 'platform', body: () => ({ id: throwaway }) },
    '/operator/accountResetFactor': { kind: 'platform', body: () => ({ id: throwaway }) },
    '/operator/accountPassword': { kind: 'platform', body: () => ({ id: throwaway, password: 'pass1234' }) },
    '/operator/accountDisable': { kind: 'platform', body: () => ({ id: throwaway, disable: true }) },
    '/operator/accountRemove': { kind: 'platform', body: () => ({ id: removable }) },
    '/operator/distributors': { kind: 'platform' },
    // A comps budget: no giver's balance in the way, so only the matrix and the scope decide.
    '/operator/creditMove': { kind: 'store1001', body: (i) => ({ kid: 1001, fund: 'comps', amount: 1, key: `matrix-key-${i}` }) },
    '/operator/creditHistory': { kind: 'store1001', body: () => ({ kid: 1001 }) },
    '/operator/creditMoves': { kind: 'store1001', body: (i) => ({ moves: [{ kid: 1001, amount: 1, key: `matrix-moves-${i}` }] }) },
    '/operator/alerts': { kind: 'store1001', body: () => ({ kid: 1001 }) },
    '/operator/alertCount': { kind: 'platform' },
    '/operator/alertAcknowledge': { kind: 'store1001', body: () => ({ id: alerts[0]! }) },
    '/operator/alertResolve': { kind: 'store1001', body: () => ({ id: alerts.pop()!, note: 'checked' }) },
    '/operator/thresholds': { kind: 'store1001', body: () => ({ kid: 1001 }) },
    '/operator/thresholdsSet': { kind: 'platform', body: () => ({ values: { long_shift: 12 } }) },
    '/operator/exclusionSharing': { kind: 'store1001', body: () => ({ kid: 1001 }) },
    '/operator/exclusionSharingSet': { kind: 'store1001', body: () => ({ kid: 1001, on: false }) },
    '/operator/unusualActivity': { kind: 'platform' },
    '/operator/unusualActivitySet': { kind: 'platform', body: () => ({ structuring_on: false, structuring_count: 3, structuring_band: 10, structuring_window: 'day', little_play_on: false, little_play_redeem: 90, little_play_play: 10 }) },
    '/operator/webhooks': { kind: 'platform' },
    // A receiver on loopback, which the operator's allow-list below admits (nothing is delivered: no deliverer runs).
    '/operator/webhookAdd': { kind: 'platform', body: (i) => ({ url: `https://127.0.0.1:9/hooks/${i}` }) },
    '/operator/webhookRemove': { kind: 'platform', body: () => ({ id: webhooks.pop()! }) },
    '/operator/audit': { kind: 'store1001', body: () => ({ kid: 1001 }) },
    '/operator/auditExport': { kind: 'store1001', body: () => ({ kid: 1001 }) },
    '/operator/storeHost': { kind: 'store1001', body: (i) => ({ kid: 1001, host: `m${i}.example.com`, layout: 2 }) },
    '/operator/storeHostRemove': { kind: 'store1001', body: () => ({ kid: 1001, host: hosts.pop()! }) },
    '/operator/storeDailyReport': { kind: 'store1001', body: () => ({ kid: 1001 }) },
    '/operator/storeShiftReport': { kind: 'store1001', body: () => ({ kid: 1001 }) },
    '/operator/storeTransactionReport': { kind: 'store1001', body: () => ({ kid: 1001 }) },
    '/operator/storeDayClose': { kind: 'store1001', body: () => ({ kid: 1001 }) },
    '/operator/storeCashLog': { kind: 'store1001', body: () => ({ kid: 1001, level: 'log' }) },
    '/operator/cashThresholds': { kind: 'store1001', body: () => ({ kid: 1001 }) },
    '/operator/cashThresholdsSet': { kind: 'store1001', body: () => ({ kids: [1001], cash_log_cents: 0, cash_report_cents: 0 }) },
    // Both stores asked for: every platform account answers 0, with only its scope's rows (the test below).
    '/operator/report': { kind: 'platform', body: () => ({ from: REPORT_DAY, to: REPORT_DAY, kids: [1001, 2002] }) },
    // News aimed at store 1001 only: listed by every platform account, published, changed or withdrawn within the scope (never by support).
    '/operator/news': { kind: 'platform' },
    '/operator/newsPublish': { kind: 'store1001', body: (i) => ({ kind: 'news', texts: [{ lang: 'en', title: `Matrix news ${i}`, body: 'Hello' }], target: { type: 'stores', kids: [1001] } }) },
    '/operator/newsUpdate': { kind: 'store1001', body: (i) => ({ id: news[0]!, texts: [{ lang: 'en', title: `Changed ${i}` }] }) },
    '/operator/newsWithdraw': { kind: 'store1001', body: () => ({ id: news.pop()! }) },
    '/operator/announcements': { kind: 'platform' },
    '/operator/announcementCreate': { kind: 'platform', body: (i) => ({ msg: `Matrix announcement ${i}`, modes: [0, 4] }) },
    '/operator/announcementUpdate': { kind: 'platform', body: (i) => ({ id: announcements[0]!, msg: `Changed ${i}` }) },
    '/operator/announcementWithdraw': { kind: 'platform', body: () => ({ id: announcements.pop()! }) },
    '/operator/maintenance': { kind: 'platform' },
    '/operator/maintenanceSet': { kind: 'platform', body: () => ({ on: false }) },
  };
  const body = (path: ConsolePath): Body => CASES[path].body?.(++n) ?? {};

  /**
   * THE expected answer of every console call to every caller, written out by hand (not read from
   * CONSOLE_CALLS.who, the table the server enforces), in the order of CALLERS:
   * admin, A, A's support, A's sub-distributor, B, B's support, the operator's support, boss, cashier, anonymous.
   * Store calls name store 1001 (A's). 0 served, 21 refused, 5 no console session.
   */
  // prettier-ignore
  const EXPECTED: Record<Exclude<ConsolePath, '/operator/login' | '/operator/secondFactor' | '/operator/enrol'>, string> = {
    //                                  adm  A  A.sup sub  B  B.sup op.sup boss cash anon
    '/operator/me':                     '0   0   0   0   0   0   0   5 5 5',
    '/operator/logout':                 '0   0   0   0   0   0   0   5 5 5',
    '/operator/stores':                 '0   0   0   0   0   0   0   5 5 5',
    '/operator/store':                  '0   0   0   21  21  21  0   5 5 5',
    '/operator/storeFreeze':            '0   0   21  21  21  21  21  5 5 5',
    '/operator/bossCreate':             '0   0   21  21  21  21  21  5 5 5',
    '/operator/bossUnlock':             '0   0   21  21  21  21  21  5 5 5',
    '/operator/bossPassword':           '0   0   21  21  21  21  21  5 5 5',
    '/operator/storeRename':            '0   0   21  21  21  21  21  5 5 5',
    '/operator/storeHost':              '0   0   21  21  21  21  21  5 5 5',
    '/operator/storeHostRemove':        '0   0   21  21  21  21  21  5 5 5',
    '/operator/storeDailyReport':       '0   0   0   21  21  21  0   5 5 5',
    '/operator/storeShiftReport':       '0   0   0   21  21  21  0   5 5 5',
    '/operator/storeTransactionReport': '0   0   0   21  21  21  0   5 5 5',
    '/operator/storeDayClose':          '0   0   0   21  21  21  0   5 5 5',
    '/operator/storeCashLog':           '0   0   0   21  21  21  0   5 5 5',
    '/operator/cashThresholds':         '0   0   0   21  21  21  0   5 5 5',
    '/operator/cashThresholdsSet':      '0   21  21  21  21  21  21  5 5 5',
    '/operator/storeCreate':            '0   21  21  21  21  21  21  5 5 5',
    '/operator/storeQuota':             '0   21  21  21  21  21  21  5 5 5',
    '/operator/storeDistributor':       '0   21  21  21  21  21  21  5 5 5',
    '/operator/accounts':               '0   21  21  21  21  21  21  5 5 5',
    '/operator/accountCreate':          '0   21  21  21  21  21  21  5 5 5',
    '/operator/accountUnlock':          '0   21  21  21  21  21  21  5 5 5',
    '/operator/accountResetFactor':     '0   21  21  21  21  21  21  5 5 5',
    '/operator/accountPassword':        '0   21  21  21  21  21  21  5 5 5',
    '/operator/accountDisable':         '0   21  21  21  21  21  21  5 5 5',
    '/operator/accountRemove':          '0   21  21  21  21  21  21  5 5 5',
    '/operator/distributors':           '0   0   0   0   0   0   0   5 5 5',
    '/operator/creditHistory':          '0   0   0   21  21  21  0   5 5 5',
    '/operator/creditMove':             '0   0   21  21  21  21  21  5 5 5',
    '/operator/creditMoves':            '0   0   21  21  21  21  21  5 5 5',
    '/operator/alerts':                 '0   0   0   21  21  21  0   5 5 5',
    '/operator/alertCount':             '0   0   0   0   0   0   0   5 5 5',
    '/operator/alertAcknowledge':       '0   0   21  21  21  21  21  5 5 5',
    '/operator/alertResolve':           '0   0   21  21  21  21  21  5 5 5',
    '/operator/thresholds':             '0   0   0   21  21  21  0   5 5 5',
    '/operator/thresholdsSet':          '0   21  21  21  21  21  21  5 5 5',
    '/operator/exclusionSharing':       '0   0   0   21  21  21  0   5 5 5',
    '/operator/exclusionSharingSet':    '0   21  21  21  21  21  21  5 5 5',
    '/operator/unusualActivity':        '0   21  21  21  21  21  21  5 5 5',
    '/operator/unusualActivitySet':     '0   21  21  21  21  21  21  5 5 5',
    '/operator/webhooks':               '0   21  21  21  21  21  21  5 5 5',
    '/operator/webhookAdd':             '0   21  21  21  21  21  21  5 5 5',
    '/operator/webhookRemove':          '0   21  21  21  21  21  21  5 5 5',
    '/operator/audit':                  '0   0   0   21  21  21  0   5 5 5',
    '/operator/auditExport':            '0   0   0   21  21  21  0   5 5 5',
    '/operator/report':                 '0   0   0   0   0   0   0   5 5 5',
    '/operator/news':                   '0   0   0   0   0   0   0   5 5 5',
    '/operator/newsPublish':            '0   0   21  21  21  21  21  5 5 5',
    '/operator/newsUpdate':             '0   0   21  21  21  21  21  5 5 5',
    '/operator/newsWithdraw':           '0   0   21  21  21  21  21  5 5 5',
    '/operator/announcements':          '0   21  21  21  21  21  21  5 5 5',
    '/operator/announcementCreate':     '0   21  21  21  21  21  21  5 5 5',
    '/operator/announcementUpdate':     '0   21  21  21  21  21  21  5 5 5',
    '/operator/announcementWithdraw':   '0   21  21  21  21  21  21  5 5 5',
    '/operator/maintenance':            '0   21  21  21  21  21  21  5 5 5',
    '/operator/maintenanceSet':         '0   21  21  21  21  21  21  5 5 5',
  };
  function expected(path: ConsolePath, caller: CallerName): number {
    const row = EXPECTED[path as keyof typeof EXPECTED].trim().split(/\s+/).map(Number);
    expect(row, path).toHaveLength(CALLERS.length);
    return row[CALLERS.indexOf(caller)]!;
  }

  /** Each store call of the table aimed at distributor B's store 2002 instead (its kid, or an object of it). */
  const ON_2002 = (path: ConsolePath, i: number): Body | undefined => {
    const c = CASES[path];
    if (c.kind !== 'store1001') return undefined;
    switch (path) {
      case '/operator/alertAcknowledge':
        return { id: alerts2002[0]! };
      case '/operator/alertResolve':
        return { id: alerts2002[0]!, note: 'not mine' };
      case '/operator/newsPublish':
        return { kind: 'news', texts: [{ lang: 'en', title: `Into 2002 ${i}`, body: 'x' }], target: { type: 'stores', kids: [2002] } };
      case '/operator/newsUpdate':
        return { id: news2002, texts: [{ lang: 'en', title: `Taken ${i}` }] };
      case '/operator/newsWithdraw':
        return { id: news2002 };
      case '/operator/storeHostRemove':
        return { kid: 2002, host: 'other2002.example.com' };
      case '/operator/creditMoves':
        return { moves: [{ kid: 2002, amount: 1, key: `matrix-moves-2002-${i}` }] };
      default:
        return { ...c.body!(i), kid: 2002 };
    }
  };

  // Logout last: it ends the session the other calls use.
  const paths = CONSOLE_PATHS.filter((p) => CASES[p].kind !== 'signIn' && p !== '/operator/logout').concat('/operator/logout');

  it('has a case and a row of the table for every call of the console map and none for a call it does not have', () => {
    expect(Object.keys(CASES).sort()).toEqual([...CONSOLE_PATHS].sort());
    expect(Object.keys(EXPECTED).sort()).toEqual(CONSOLE_PATHS.filter((p) => CASES[p].kind !== 'signIn').sort());
    // A sign-in step is anonymous by design; every other call is in the matrix test below.
    expect(CONSOLE_PATHS.filter((p) => CASES[p].kind === 'signIn')).toEqual(CONSOLE_PATHS.filter((p) => CONSOLE_CALLS[p].who.anonymous));
  });

  it('never lets a console session reach a store call', async () => {
    for (const caller of ['admin', 'distributor', 'support', 'subDistributor', 'otherSupport', 'operatorSupport'] as const) {
      expect((await s.call('/operator/me', sessions.get(caller)!)).status).toBe(Status.OK);
      for (const path of STORE_PATHS) {
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
    expect(await kids('subDistributor')).toEqual([4004]);
    expect(await kids('otherSupport')).toEqual([2002]);
    expect(await kids('operatorSupport')).toEqual(expect.arrayContaining([1001, 2002, 4004]));
  });

  it('reports across stores only the stores in scope: a distributor never sees the other distributor\'s store, whatever it asks for', async () => {
    const now = new Date().toISOString();
    await s.handle.db.insertInto('ledger').values([1001, 2002].map((store_id) => ({ store_id, at: now, kind: 'purchase', channel: 'online', account_id: null, drawer_id: null, shift_id: null, customer_id: null, machine_id: null, amount_cents: 1234, key: null, reverts_id: null }))).execute();
    const seen = async (caller: CallerName, filter: object) => {
      const r = await s.call('/operator/report', { ...sessions.get(caller)!, from: REPORT_DAY, to: REPORT_DAY, ...filter });
      expect(r.status, `${caller} ${JSON.stringify(r).slice(0, 200)}`).toBe(Status.OK);
      return [...new Set((r.list as { kid: number }[]).map((x) => x.kid))].sort();
    };
    const filters: Array<{ kids?: number[] }> = [{}, { kids: [1001, 2002] }, { kids: [2002] }, { kids: [1001] }];
    for (const filter of filters) {
      const asked = filter.kids ?? [1001, 2002];
      expect(await seen('admin', filter)).toEqual(expect.arrayContaining(asked));
      expect(await seen('distributor', filter)).toEqual(asked.filter((k) => k === 1001));
      expect(await seen('support', filter)).toEqual(asked.filter((k) => k === 1001));
      expect(await seen('otherDistributor', filter)).toEqual(asked.filter((k) => k === 2002));
    }
    for (const caller of ['boss', 'cashier', 'anonymous'] as const) {
      expect((await s.call('/operator/report', { ...sessions.get(caller)!, from: REPORT_DAY, to: REPORT_DAY })).status).toBe(Status.SESSION_REPLACED);
    }
  });

  it("refuses every store call on distributor B's store to distributor A, its support and its sub-distributor, leaving no trace", async () => {
    const leaks: string[] = [];
    for (const path of paths) {
      for (const caller of A_SIDE) {
        const input = ON_2002(path, ++n);
        if (!input) continue;
        const before = await s.handle.db.selectFrom('audit').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        const reply = await s.call(path, { ...sessions.get(caller), ...input });
        if (reply.status !== Status.PERMISSION_ERROR) leaks.push(`${path} on 2002 as ${caller}: ${reply.status} ${JSON.stringify(reply).slice(0, 200)}`);
        const after = await s.handle.db.selectFrom('audit').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        if (Number(after.n) !== Number(before.n)) leaks.push(`${path} on 2002 as ${caller}: audited`);
      }
    }
    expect(leaks).toEqual([]);
    // B's objects are as they were.
    expect(await s.handle.db.selectFrom('bulletin').select('withdrawn_at').where('id', '=', news2002).executeTakeFirstOrThrow()).toEqual({ withdrawn_at: null });
    expect(await s.handle.db.selectFrom('alert').select(['acknowledged_at', 'resolved_at']).where('id', '=', alerts2002[0]!).executeTakeFirstOrThrow()).toEqual({ acknowledged_at: null, resolved_at: null });
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

}, { settings: { webhooks: { allowNetworks: ['127.0.0.1/32'], allowHttp: false }, webhookDeliverMs: 0 } });
