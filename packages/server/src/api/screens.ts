/**
 * Screens the web app has built: the menu lists only these, so no tile leads to a missing page.
 * Each capability adds its routes here when its screen lands.
 */
export const screens: ReadonlySet<string> = new Set<string>(['/Drawer', '/SystemSetup/DrawerSetup', '/CustomerAccount', '/Customer/CustomerInfo']);
