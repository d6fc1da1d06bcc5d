/** The platform console's roles (zod-free, so the web imports it by subpath). */
export type ConsoleRole = 'admin' | 'distributor' | 'support';
export const CONSOLE_ROLES: readonly ConsoleRole[] = ['admin', 'distributor', 'support'];
