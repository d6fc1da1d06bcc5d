export * from './status.js';
export * from './money.js';
export * from './layout.js';
export * from './common.js';
export * from './config.js';
export * from './user.js';
export * from './drawer.js';

export * from './version.js';
export * from './customer.js';
export * from './screens.js';
export * from './audit-kinds.js';
export * from './terminal.js';
export * from './machine.js';
export type * from './replies.js';
export * from './refusal-reasons.js';
export * from './staff.js';
export * from './reports.js';
export * from './bulletin.js';
