export * from './status.js';
export * from './money.js';
export * from './layout.js';
export * from './common.js';
export * from './config.js';
export * from './user.js';
export * from './drawer.js';

/** The POS version the web app shows (spec section 9). */
export const POS_VERSION = '18720';
export const SERVER_VERSION = '1.0.0';
export * from './customer.js';
