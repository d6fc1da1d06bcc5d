/**
 * Drawer field rules shared by the server's schemas and the web forms. Zod-free, so the web app
 * imports it by subpath (`@moneybox/contract/drawer-fields`) without the schemas.
 */

/** Longest reason a fill or bleed may carry. */
export const REASON_MAX = 200;
