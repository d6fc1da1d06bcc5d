import type { CallDef } from '../http/call.js';
import { configCalls } from './config/config.calls.js';
import { drawerCalls } from './drawer/drawer.calls.js';
import { userCalls } from './user/user.calls.js';
import { customerCalls } from './customer/customer.calls.js';
import { machineCalls } from './machine/machine.calls.js';
import { staffCalls } from './user/staff.calls.js';
import { storeCalls } from './store/store.calls.js';
import { auditCalls } from './audit/audit.calls.js';
import { bulletinCalls } from './bulletin/bulletin.calls.js';
import { reportCalls } from './report/report.calls.js';

/** Every API call the server answers; each group's file lists its own. */
export const allCalls: CallDef[] = [...configCalls, ...userCalls, ...drawerCalls, ...customerCalls, ...machineCalls, ...staffCalls, ...storeCalls, ...auditCalls, ...reportCalls, ...bulletinCalls] as CallDef[];
