import type { CallPath } from '@moneybox/contract';
import type { CallDef } from '../call.js';
import { configCalls } from './config/config.calls.js';
import { drawerCalls } from './drawer/drawer.calls.js';
import { userCalls } from './user/user.calls.js';
import { customerCalls } from './customer/customer.calls.js';
import { machineCalls } from './machine/machine.calls.js';
import { staffCalls } from './user/staff.calls.js';
import { storeCalls } from './store/store.calls.js';
import { auditCalls } from './audit/audit.calls.js';
import { bulletinCalls } from './bulletin/bulletin.calls.js';
import { reportCalls } from './drawer/report.calls.js';
import { kioskCalls } from './reload-kiosk/kiosk.calls.js';
import { dayCloseCalls } from './day-close/day-close.calls.js';
import { consoleCalls } from './console/console.calls.js';

const groups = [configCalls, userCalls, drawerCalls, customerCalls, machineCalls, staffCalls, storeCalls, auditCalls, reportCalls, bulletinCalls, kioskCalls, dayCloseCalls, consoleCalls] as const;

/** The paths of the registry that no group defines a call for: `never` when every call has its handler. */
export type Unhandled<Defined extends CallPath> = Exclude<CallPath, Defined>;
type Defined = (typeof groups)[number][number]['path'];
/**
 * Does not compile while a call of the contract's registry (CALLS, every audience) has no handler: the error names the
 * missing paths (`missing: "/group/name"`). A test feeds it a bad case (http/api/call-map.test.ts).
 */
export const everyCallHandled: [Unhandled<Defined>] extends [never] ? true : { missing: Unhandled<Defined> } = true;

/** Every API call the server answers, store and console, one per entry of the contract's call registry. */
export const allCalls: readonly CallDef[] = groups.flat() as readonly CallDef[];
