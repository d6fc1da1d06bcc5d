import { SCREENS, type Audience } from '@moneybox/contract';

/**
 * THE permission matrix: for every registered call, who may make it. The envelope enforces it
 * (anonymous on a session call → 5; a signed-in account refused → 21), the menu derives from it
 * (a screen is listed only when every call it needs is allowed), docs/PERMISSIONS.md shows it
 * (generated from this table; a test keeps them equal), and one test walks every call × every kind
 * of caller. A call without a row here answers 21 to everyone and fails that test.
 *
 * Columns: anonymous (no session), cashier, boss in viewer mode (no drawer), boss at a drawer.
 */
export type Who = 'anonymous' | 'cashier' | 'viewer' | 'boss';
export const WHO: readonly Who[] = ['anonymous', 'cashier', 'viewer', 'boss'];
export type Rule = Readonly<Record<Who, boolean>>;

const rule = (anonymous: boolean, cashier: boolean, viewer: boolean, boss: boolean): Rule => ({ anonymous, cashier, viewer, boss });

/** Public: the login page's calls. */
export const ANYONE = rule(true, true, true, true);
/** Any signed-in account, in any mode. */
export const SIGNED_IN = rule(false, true, true, true);
/** Moves cash: a cashier or a boss at a drawer, never a viewer. */
export const AT_A_DRAWER = rule(false, true, false, true);
/** Boss only, also in viewer mode (reads and changes that move no cash). */
export const BOSS = rule(false, false, true, true);
/** Boss only, at a drawer (not a viewer): changes to the store's staff and settings. */
export const BOSS_AT_A_DRAWER = rule(false, false, false, true);

export const PERMISSIONS: Readonly<Record<string, Rule>> = {
  '/config/localtime': SIGNED_IN,
  '/config/key': ANYONE,
  '/config/announce': SIGNED_IN,
  '/config/maintain': ANYONE,

  '/user/posLogin': ANYONE,
  '/user/chooseDrawer': SIGNED_IN,
  '/user/menu': SIGNED_IN,
  '/user/logout': SIGNED_IN,
  '/user/list': BOSS,
  '/user/create': BOSS_AT_A_DRAWER,
  '/user/update': BOSS_AT_A_DRAWER,
  '/user/disable': BOSS_AT_A_DRAWER,
  '/user/remove': BOSS_AT_A_DRAWER,
  '/user/unlock': BOSS_AT_A_DRAWER,

  '/drawer/list': ANYONE,
  '/drawer/init': AT_A_DRAWER,
  '/drawer/fills': AT_A_DRAWER,
  '/drawer/bleeds': AT_A_DRAWER,
  '/drawer/info': SIGNED_IN,
  '/drawer/movements': SIGNED_IN,
  '/drawer/freeze': BOSS,
  '/drawer/create': BOSS,
  '/drawer/setupList': BOSS,
  '/drawer/shift': SIGNED_IN,
  '/drawer/forceClose': BOSS,
  '/drawer/shiftReport': SIGNED_IN,
  '/drawer/recentShifts': SIGNED_IN,
  // Reports (issue 8): a cashier gets the rows of their own shifts only (api/report/report-scope.ts).
  '/drawer/transaction': SIGNED_IN,
  '/drawer/shiftLog': SIGNED_IN,
  '/drawer/dailyLog': BOSS,

  '/customer/search': SIGNED_IN,
  '/customer/info': SIGNED_IN,
  '/customer/create': SIGNED_IN,
  '/customer/update': SIGNED_IN,
  '/customer/getDayLimit': SIGNED_IN,
  '/customer/purchase': AT_A_DRAWER,
  '/customer/redeem': AT_A_DRAWER,
  '/customer/comps': AT_A_DRAWER,
  '/customer/revert': AT_A_DRAWER,
  '/customer/block': SIGNED_IN,
  '/customer/blockState': SIGNED_IN,
  '/customer/reset': SIGNED_IN,
  '/customer/kick': SIGNED_IN,
  '/customer/history': SIGNED_IN,
  '/customer/giftHistory': SIGNED_IN,
  '/customer/customerInfo': SIGNED_IN,

  '/machine/list': BOSS,
  '/machine/update': BOSS,
  '/machine/remove': BOSS,
  '/machine/enrolCode': BOSS,

  '/store/info': BOSS,
  '/store/update': BOSS_AT_A_DRAWER,
  '/store/quota': BOSS,
  '/audit/list': BOSS,
  '/audit/export': BOSS,

  // Platform news: everyone signed in reads what the operator published for their own store.
  '/bulletin/news': SIGNED_IN,
  '/bulletin/event_news': SIGNED_IN,
  '/bulletin/download': SIGNED_IN,
  '/bulletin/regulations': SIGNED_IN,

};

/** The row of a call; undefined when the call has none (the envelope then refuses everyone). */
export function permissionOf(path: string): Rule | undefined {
  return Object.prototype.hasOwnProperty.call(PERMISSIONS, path) ? PERMISSIONS[path] : undefined;
}

export function allowed(path: string, who: Who): boolean {
  return permissionOf(path)?.[who] ?? false;
}

/**
 * The calls each screen needs to open (its reads; a viewer may open a screen whose changes it is
 * refused, and sees it read-only): the screen's audience in the contract's registry must be allowed
 * every one of them (a test checks), and the menu lists a screen only for those allowed all of them.
 */
export const SCREEN_CALLS: Readonly<Record<string, readonly string[]>> = {
  '/CustomerAccount': ['/customer/search', '/customer/info', '/customer/history'],
  '/Customer/CustomerInfo': ['/customer/customerInfo'],
  '/Drawer': ['/drawer/info', '/drawer/movements'],
  '/Machine': ['/machine/list'],
  '/SystemSetup/DrawerSetup': ['/drawer/setupList'],
  '/Reports/TransactionReports': ['/drawer/transaction', '/customer/getDayLimit'],
  '/Reports/ShiftReports': ['/drawer/shiftLog', '/customer/getDayLimit', '/drawer/shiftReport'],
  '/Reports/DailyReports': ['/drawer/dailyLog', '/customer/getDayLimit'],
  '/SystemSetup/StoreInformationIndex': ['/store/info', '/store/quota'],
  '/SystemSetup/userSettingSpecifyGroup': ['/user/list', '/audit/list'],
  '/News/view-all-news': ['/bulletin/news'],
  '/News/download-poster': ['/bulletin/download'],
  '/News/regulations': ['/bulletin/regulations'],
  '/News/event-news': ['/bulletin/event_news'],
};

/** Whether an audience may open a screen, by the matrix: every call the screen makes is allowed. */
export function screenAllowed(link: string, audience: Audience): boolean {
  const calls = SCREEN_CALLS[link];
  return calls !== undefined && calls.every((c) => allowed(c, audience));
}

/** The screens of the registry listed in an audience's menu: its audience includes it and the matrix allows it. */
export function screensAllowed(audience: Audience) {
  return SCREENS.filter((s) => s.audience.includes(audience) && screenAllowed(s.link, audience));
}

/**
 * The links an audience may open by the matrix alone (the menu may leave some out, e.g. a viewer
 * looks at /Drawer read-only); the web shows 'Permission error' for any other screen.
 */
export function screensOpenable(audience: Audience): string[] {
  return SCREENS.filter((s) => screenAllowed(s.link, audience)).map((s) => s.link);
}

/** The matrix as a Markdown table (docs/PERMISSIONS.md is this text; a test keeps them equal). */
export function permissionsMarkdown(): string {
  const mark = (b: boolean) => (b ? 'allowed' : '—');
  const lines = [
    '# Permission matrix',
    '',
    'Generated from `packages/server/src/domain/permissions.ts` (`npm run -s admin -- permissions > docs/PERMISSIONS.md`).',
    'Refused: anonymous → status 5 (sign in), a signed-in account → status 21 (Permission error).',
    '',
    '| call | anonymous | cashier | boss (viewer) | boss |',
    '|---|---|---|---|---|',
    ...Object.entries(PERMISSIONS).map(([path, r]) => `| \`${path}\` | ${WHO.map((w) => mark(r[w])).join(' | ')} |`),
    '',
    '## Screens and the calls they make',
    '',
    '| screen | calls |',
    '|---|---|',
    ...Object.entries(SCREEN_CALLS).map(([link, calls]) => `| \`${link}\` | ${calls.map((c) => `\`${c}\``).join(', ')} |`),
    '',
  ];
  return lines.join('\n');
}
