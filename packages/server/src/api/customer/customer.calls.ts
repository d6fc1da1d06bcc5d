import type { CallDef } from '../../http/call.js';

export const customerCalls: CallDef[] = [];
