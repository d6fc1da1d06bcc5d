// Zod-free, so the web imports it by subpath (`@moneybox/contract/terminal-kinds`) without the schemas.

/** The kinds of terminal a store enrols. Only game machines seat customers and play rounds. */
export const TERMINAL_KINDS = ['game', 'reload_kiosk', 'reloader', 'online'] as const;
export type TerminalKind = (typeof TERMINAL_KINDS)[number];
