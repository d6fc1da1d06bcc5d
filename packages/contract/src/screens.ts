/**
 * The one registry of screens (zod-free, so the web imports it by subpath). Adding a screen is one
 * entry here plus its page in the web's `app/pages.ts` and its folder: the server's menu, the web's
 * router, home tiles and side menu all derive from this list. List a screen only once its page exists
 * (a web test checks both ways), so no tile leads to a missing page.
 */

import { EVENT_NEWS_SCREEN } from './news-links.js';

/** The tile groups of spec section 2 (Home), in the spec's order. */
export const SCREEN_GROUPS = ['customer', 'drawer', 'report', 'machine', 'setup', 'news'] as const;
export type ScreenGroup = (typeof SCREEN_GROUPS)[number];

/** Who opens a screen: a cashier at a drawer, a boss at a drawer, a boss in viewer mode. */
export type Audience = 'cashier' | 'boss' | 'viewer';
const EVERYONE: readonly Audience[] = ['cashier', 'boss', 'viewer'];
const BOSSES: readonly Audience[] = ['boss', 'viewer'];
const AT_A_DRAWER: readonly Audience[] = ['cashier', 'boss'];

interface ScreenDef {
  /** The spec's route, also the menu's `func_link`. */
  link: string;
  group: ScreenGroup;
  /** The menu's `func_name` per menu language code. */
  names: Record<'en' | 'es' | 'cn', string>;
  /** Who sees it in the menu and may open it. */
  audience: readonly Audience[];
  /** The web locale namespace of the screen's texts. */
  namespace: string;
}

/** In each group, the spec's order of entries. */
export const SCREENS: readonly ScreenDef[] = [
  { link: '/CustomerAccount', group: 'customer', names: { en: 'Customer Account', es: 'Cuenta de cliente', cn: '客户账户' }, audience: EVERYONE, namespace: 'customer' },
  { link: '/Customer/CustomerInfo', group: 'customer', names: { en: 'Customer Info', es: 'Información del cliente', cn: '客户信息' }, audience: EVERYONE, namespace: 'customer' },
  { link: '/Customer/Protected', group: 'customer', names: { en: 'Self-excluded customers', es: 'Clientes autoexcluidos', cn: '自我排除客户' }, audience: BOSSES, namespace: 'customer' },
  { link: '/Drawer', group: 'drawer', names: { en: 'Drawer', es: 'Caja', cn: '钱箱' }, audience: AT_A_DRAWER, namespace: 'drawer' },
  { link: '/Reports/TransactionReports', group: 'report', names: { en: 'Transaction Report', es: 'Informe de transacciones', cn: '交易报表' }, audience: EVERYONE, namespace: 'reports' },
  { link: '/Reports/ShiftReports', group: 'report', names: { en: 'Shift Report', es: 'Informe de turnos', cn: '班次报表' }, audience: EVERYONE, namespace: 'reports' },
  { link: '/Reports/DailyReports', group: 'report', names: { en: 'Daily Report', es: 'Informe diario', cn: '每日报表' }, audience: BOSSES, namespace: 'reports' },
  { link: '/Reports/LargePayouts', group: 'report', names: { en: 'Large Payouts', es: 'Pagos grandes', cn: '大额兑奖' }, audience: BOSSES, namespace: 'reports' },
  { link: '/Reports/CashLog', group: 'report', names: { en: 'Cash Log', es: 'Registro de efectivo', cn: '现金交易记录' }, audience: BOSSES, namespace: 'reports' },
  { link: '/Reports/DayClose', group: 'report', names: { en: 'Day Close', es: 'Cierre del día', cn: '日结' }, audience: BOSSES, namespace: 'day-close' },
  { link: '/Machine', group: 'machine', names: { en: 'Machine', es: 'Máquina', cn: '机台' }, audience: BOSSES, namespace: 'machine' },
  { link: '/SystemSetup/StoreInformationIndex', group: 'setup', names: { en: 'Store Information', es: 'Información de la tienda', cn: '店铺信息' }, audience: BOSSES, namespace: 'store-info' },
  { link: '/SystemSetup/DrawerSetup', group: 'setup', names: { en: 'Drawer Setup', es: 'Configuración de cajas', cn: '钱箱设置' }, audience: BOSSES, namespace: 'drawer-setup' },
  { link: '/SystemSetup/userSettingSpecifyGroup', group: 'setup', names: { en: 'Account Setting', es: 'Configuración de cuentas', cn: '账户设置' }, audience: BOSSES, namespace: 'staff' },
  // Platform news: every signed-in account reads what the operator published for its store (the
  // server's matrix: SIGNED_IN). The event screen needs an event name: the server's menu never lists
  // it as such but one dynamic entry per running event (/News/event_news/{name}) in its place.
  { link: '/News/view-all-news', group: 'news', names: { en: 'View All', es: 'Ver todo', cn: '查看全部' }, audience: EVERYONE, namespace: 'news' },
  { link: '/News/download-poster', group: 'news', names: { en: 'Download posters', es: 'Descargar carteles', cn: '下载海报' }, audience: EVERYONE, namespace: 'news' },
  { link: '/News/regulations', group: 'news', names: { en: 'Regulations', es: 'Reglamentos', cn: '规章制度' }, audience: EVERYONE, namespace: 'news' },
  { link: EVENT_NEWS_SCREEN, group: 'news', names: { en: 'Event news', es: 'Noticias de eventos', cn: '活动新闻' }, audience: EVERYONE, namespace: 'news' },
];

/** The audience a signed-in account belongs to. */
export function audienceOf(role: 'boss' | 'cashier', mode: 'pos' | 'viewer'): Audience {
  if (role === 'cashier') return 'cashier';
  return mode === 'viewer' ? 'viewer' : 'boss';
}
