import type { MenuEntry, MenuLang } from '@moneybox/contract';
import type { Caller } from '../../http/call.js';

type Names = Record<MenuLang, string>;

interface MenuItem {
  link: string;
  group: string;
  names: Names;
  /** Who sees it; omitted means everyone. */
  bossOnly?: boolean;
  /** Hidden from a boss in viewer mode (it needs a drawer). */
  needsDrawer?: boolean;
}

/**
 * The server-driven menu: the web app shows tiles and side-menu entries for exactly these.
 * Only screens that exist are listed; later capabilities add their entries here.
 */
const ITEMS: MenuItem[] = [
  { link: '/CustomerAccount', group: 'customer', names: { en: 'Customer Account', es: 'Cuenta de cliente', cn: '客户账户' } },
  { link: '/Customer/CustomerInfo', group: 'customer', names: { en: 'Customer Info', es: 'Información del cliente', cn: '客户信息' } },
  { link: '/Drawer', group: 'drawer', names: { en: 'Drawer', es: 'Caja', cn: '钱箱' }, needsDrawer: true },
  { link: '/SystemSetup/DrawerSetup', group: 'setup', names: { en: 'Drawer Setup', es: 'Configuración de cajas', cn: '钱箱设置' }, bossOnly: true },
];

export function menuFor(caller: Caller, lang: MenuLang, available: ReadonlySet<string>): MenuEntry[] {
  return ITEMS.filter((i) => available.has(i.link))
    .filter((i) => !i.bossOnly || caller.role === 'boss')
    .filter((i) => !i.needsDrawer || caller.mode === 'pos')
    .map((i) => ({ func_name: i.names[lang], func_link: i.link, group: i.group }));
}
