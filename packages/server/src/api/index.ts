import type { CallDef } from '../http/call.js';
import { configCalls } from './config/config.calls.js';
import { drawerCalls } from './drawer/drawer.calls.js';
import { userCalls } from './user/user.calls.js';
import { customerCalls } from './customer/customer.calls.js';
import { machineCalls } from './machine/machine.calls.js';

/** Every API call the server answers; each group's file lists its own. */
export const allCalls: CallDef[] = [...configCalls, ...userCalls, ...drawerCalls, ...customerCalls, ...machineCalls] as CallDef[];
