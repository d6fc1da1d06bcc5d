import { describe, expect, it } from 'vitest';
import type { Caller } from '../../http/call.js';
import { describeOnDatabases } from '../../testing/server.js';
import { SCREENS, Status } from '@moneybox/contract';
import { menuFor } from './menu.js';

const caller = (role: Caller['role'], mode: Caller['mode']): Caller => ({
  sessionId: 1,
  accountId: 1,
  storeId: 1001,
  username: 'someone1',
  role,
  mode,
});

const links = (entries: Array<{ func_link: string }>) => entries.map((e) => e.func_link);

describe('menuFor: the server-driven menu', () => {
  it('gives a boss at a drawer every screen of the registry meant for a boss, in registry order', () => {
    expect(links(menuFor(caller('boss', 'pos'), 'en'))).toEqual(SCREENS.filter((s) => s.audience.includes('boss')).map((s) => s.link));
    expect(links(menuFor(caller('boss', 'pos'), 'en'))).toEqual(expect.arrayContaining(['/CustomerAccount', '/Drawer', '/SystemSetup/DrawerSetup']));
  });

  it('keeps boss-only screens from a cashier', () => {
    const l = links(menuFor(caller('cashier', 'pos'), 'en'));
    expect(l).not.toContain('/SystemSetup/DrawerSetup');
    expect(l).toContain('/Drawer');
    expect(l).toContain('/CustomerAccount');
  });

  it('keeps drawer screens from a boss in viewer mode', () => {
    const l = links(menuFor(caller('boss', 'viewer'), 'en'));
    expect(l).not.toContain('/Drawer');
    expect(l).toContain('/SystemSetup/DrawerSetup');
  });

  it('lists the transaction and shift reports for everyone, the daily and large-payouts reports and the day close for bosses only', () => {
    const reports = (role: Caller['role'], mode: Caller['mode']) => links(menuFor(caller(role, mode), 'en')).filter((l) => l.startsWith('/Reports/'));
    expect(reports('cashier', 'pos')).toEqual(['/Reports/TransactionReports', '/Reports/ShiftReports']);
    expect(reports('boss', 'pos')).toEqual(['/Reports/TransactionReports', '/Reports/ShiftReports', '/Reports/DailyReports', '/Reports/LargePayouts', '/Reports/CashLog', '/Reports/DayClose']);
    expect(reports('boss', 'viewer')).toEqual(['/Reports/TransactionReports', '/Reports/ShiftReports', '/Reports/DailyReports', '/Reports/LargePayouts', '/Reports/CashLog', '/Reports/DayClose']);
    expect(menuFor(caller('cashier', 'pos'), 'cn').find((e) => e.func_link === '/Reports/ShiftReports')?.func_name).toBe('班次报表');
  });

  it('names entries in each menu language (en, es, cn)', () => {
    const name = (lang: 'en' | 'es' | 'cn') => menuFor(caller('boss', 'pos'), lang).find((e) => e.func_link === '/Drawer')!.func_name;
    expect(name('en')).toBe('Drawer');
    expect(name('es')).toBe('Caja');
    expect(name('cn')).toBe('钱箱');
    for (const lang of ['en', 'es', 'cn'] as const) {
      for (const e of menuFor(caller('boss', 'pos'), lang)) {
        expect(e.func_name).toMatch(/\S/);
        expect(e.group).toMatch(/\S/);
      }
    }
    expect(new Set(['en', 'es', 'cn'].map((l) => name(l as 'en')))).toHaveProperty('size', 3);
  });
});

describeOnDatabases('/user/menu', (s) => {

  it('answers the menu of the built screens with serverVer and env, in every language', async () => {
    const me = await s.login();
    for (const lang of ['en', 'es', 'cn', undefined]) {
      const r = await s.call('/user/menu', { UID: me.UID, TOKEN: me.TOKEN, ...(lang && { lang }) });
      expect(r).toMatchObject({ status: Status.OK, menu: expect.any(Array), serverVer: expect.any(String), env: expect.any(String) });
    }
  });

  it('refuses a language the menu does not have (13) and a missing session (5)', async () => {
    const me = await s.login();
    expect((await s.call('/user/menu', { UID: me.UID, TOKEN: me.TOKEN, lang: 'fr' })).status).toBe(Status.INPUT_ERROR);
    expect((await s.call('/user/menu', { lang: 'en' })).status).toBe(Status.SESSION_REPLACED);
  });
});
