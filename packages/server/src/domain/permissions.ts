import { CALLS, CALL_BODY_BYTES, CONSOLE_PATHS, CONSOLE_WHO, SCREENS, WHO, type Audience, type CallPath, type CallSpec, type ConsoleWho, type Rule, type Who } from '@moneybox/contract';
import { EXPECTED_BALANCE_REPLIES } from './expected-balance.js';

export { WHO, type Rule, type Who };

/** A row of the matrix: the store's columns for a store call, the platform roles for a console call (anonymous in both). */
export type PermissionRow = Readonly<Partial<Record<Who | ConsoleWho, boolean>>>;

/**
 * THE permission matrix: for every call of every audience, who may make it. It is the `who` column
 * of the contract's call registry (CALLS), so a call without a row does not compile. The envelope
 * enforces it (anonymous on a session call → 5; a signed-in account refused → 21), the menu derives
 * from it (a screen is listed only when every call it needs is allowed), docs/PERMISSIONS.md shows it
 * (generated; a test keeps them equal), and tests walk every call × every kind of caller.
 *
 * A store call's columns: anonymous (no session), cashier, boss in viewer mode (no drawer), boss at a
 * drawer. A console call's: anonymous, admin, distributor, support.
 */
export const PERMISSIONS: Readonly<Record<CallPath, PermissionRow>> = Object.fromEntries(
  Object.entries(CALLS).map(([path, spec]) => [path, spec.who]),
) as Record<CallPath, PermissionRow>;

/** The row of a call; undefined when the call has none (the envelope then refuses everyone). */
export function permissionOf(path: string): PermissionRow | undefined {
  return Object.prototype.hasOwnProperty.call(PERMISSIONS, path) ? PERMISSIONS[path as CallPath] : undefined;
}

export function allowed(path: string, who: Who): boolean {
  return permissionOf(path)?.[who] ?? false;
}

/** The store calls an audience may make (its column of the matrix): what `/user/menu` lists, so the web offers only the actions the server allows. */
export function storeCallsOf(audience: Audience): string[] {
  return (Object.entries(CALLS) as [string, CallSpec][]).filter(([path, spec]) => spec.audience === 'store' && allowed(path, audience)).map(([path]) => path);
}

/** The console calls a platform role may make (its column of the matrix): what `/operator/me` lists, so the web guards its pages by the same rule. */
export function consoleCallsOf(role: ConsoleWho): string[] {
  return CONSOLE_PATHS.filter((path) => PERMISSIONS[path][role] === true);
}

/**
 * The calls each screen needs to open (its reads; a viewer may open a screen whose changes it is
 * refused, and sees it read-only): the screen's audience in the contract's registry must be allowed
 * every one of them (a test checks), and the menu lists a screen only for those allowed all of them.
 */
export const SCREEN_CALLS: Readonly<Record<string, readonly CallPath[]>> = {
  '/CustomerAccount': ['/customer/search', '/customer/info', '/customer/history'],
  '/Customer/CustomerInfo': ['/customer/customerInfo'],
  '/Customer/Protected': ['/customer/protected'],
  '/Drawer': ['/drawer/info', '/drawer/movements'],
  '/Machine': ['/machine/list'],
  '/SystemSetup/DrawerSetup': ['/drawer/setupList'],
  '/Reports/TransactionReports': ['/drawer/transaction', '/customer/getDayLimit'],
  '/Reports/ShiftReports': ['/drawer/shiftLog', '/customer/getDayLimit', '/drawer/shiftReport'],
  '/Reports/DailyReports': ['/drawer/dailyLog', '/customer/getDayLimit'],
  '/Reports/LargePayouts': ['/drawer/largePayouts', '/customer/getDayLimit'],
  '/Reports/CashLog': ['/drawer/cashLog'],
  '/Reports/DayClose': ['/dayClose/get', '/dayClose/close', '/dayClose/annotate', '/kiosk/boxes'],
  '/SystemSetup/StoreInformationIndex': ['/store/info', '/store/quota'],
  '/SystemSetup/userSettingSpecifyGroup': ['/user/list', '/audit/list'],
  '/News/view-all-news': ['/bulletin/news'],
  '/News/download-poster': ['/bulletin/download'],
  '/News/regulations': ['/bulletin/regulations'],
  '/News/event-news': ['/bulletin/event_news'],
};

/** Whether an audience may open a screen, by the matrix: every call the screen makes is allowed. */
function screenAllowed(link: string, audience: Audience): boolean {
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

/** One audience's calls as a Markdown table: the call, read or write, and a column per caller. */
function matrixTable(audience: CallSpec['audience'], columns: readonly (Who | ConsoleWho)[], titles: readonly string[]): string[] {
  const mark = (b: boolean | undefined) => (b ? 'allowed' : '—');
  const rows = (Object.entries(CALLS) as [string, CallSpec][]).filter(([, spec]) => spec.audience === audience);
  return [
    `| call | kind | ${titles.join(' | ')} |`,
    `|---|---|${titles.map(() => '---|').join('')}`,
    ...rows.map(([path, spec]) => `| \`${path}\` | ${spec.kind} | ${columns.map((w) => mark((spec.who as PermissionRow)[w])).join(' | ')} |`),
  ];
}

/** The matrix as Markdown tables (docs/PERMISSIONS.md is this text; a test keeps them equal). */
export function permissionsMarkdown(): string {
  const lines = [
    '# Permission matrix',
    '',
    'Generated from the call registry (`CALLS` in `packages/contract/src/registry.ts`: the store\'s calls in `calls.ts`, the platform console\'s in `console.ts`; each entry\'s `who` and `kind`) and `SCREEN_CALLS` in `packages/server/src/domain/permissions.ts` (`npm run -s admin -- permissions > docs/PERMISSIONS.md`).',
    'Refused: anonymous → status 5 (sign in), a signed-in account → status 21 (Permission error).',
    'A read changes nothing; a write changes something (the web runs it through its one mutation path).',
    '',
    '## Store calls',
    '',
    'Made with a store session (a staff account of one store); a console session is refused them with status 5.',
    '',
    ...matrixTable('store', WHO, ['anonymous', 'cashier', 'boss (viewer)', 'boss']),
    '',
    '## Platform console calls',
    '',
    'Posted at `/API/operator/...` with a console session (a platform account signed in with its second factor); a store session is refused them with status 5.',
    'A distributor or support account acts on the stores in its scope only: lists cover its scope, and a call that names a store is checked as the next table says.',
    '',
    ...matrixTable('console', CONSOLE_WHO, ['anonymous', 'admin', 'distributor', 'support']),
    '',
    '## Store scope of the console calls',
    '',
    'The input fields of each console call that name stores by kiosk id (each entry\'s `stores`, `packages/contract/src/store-scope.ts`): the envelope refuses 21, naming the ids beyond the account\'s scope (or unknown), before the call runs. An admin\'s scope is every store.',
    '',
    '| call | fields naming stores |',
    '|---|---|',
    ...(Object.entries(CALLS) as [string, CallSpec][]).flatMap(([path, spec]) => (spec.audience === 'console' && spec.stores ? [`| \`${path}\` | ${spec.stores.map((f) => `\`${f}\``).join(', ')} |`] : [])),
    '',
    '## Body limits',
    '',
    `A request body may have ${CALL_BODY_BYTES / 1024} KiB (a larger one answers 13), except:`,
    '',
    '| call | body limit |',
    '|---|---|',
    ...(Object.entries(CALLS) as [string, CallSpec][]).flatMap(([path, spec]) => (spec.bodyLimit === undefined ? [] : [`| \`${path}\` | ${spec.bodyLimit / 1024 / 1024} MiB |`])),
    '',
    '## Screens and the calls they make',
    '',
    '| screen | calls |',
    '|---|---|',
    ...Object.entries(SCREEN_CALLS).map(([link, calls]) => `| \`${link}\` | ${calls.map((c) => `\`${c}\``).join(', ')} |`),
    '',
    '## Blind count: who sees the expected drawer balance',
    '',
    'While the store asks for a blind count (`blind_count`), a cashier counts the drawer at shift close without knowing',
    'what it should hold: the server leaves the expected balance, and every figure it follows from (initial amount,',
    'fills, bleeds, purchases, redeems, totals, an open shift\'s movement amounts), out of the replies below until the',
    'shift is closed.',
    'A boss always gets it; with blind count off, so does a cashier. One rule decides: `seesExpectedBalance` in',
    '`packages/server/src/domain/expected-balance.ts`.',
    '',
    '| call | under blind count |',
    '|---|---|',
    ...EXPECTED_BALANCE_REPLIES.map(([path, what]) => `| \`${path}\` | ${what} |`),
    '',
  ];
  return lines.join('\n');
}
