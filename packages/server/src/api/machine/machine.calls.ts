import { machineEnrolCodeRequest, machineListRequest, machineRemoveRequest, machineUpdateRequest, machineEnrolCodeReply, machineListReply, machineRemoveReply, machineUpdateReply } from '@moneybox/contract';
import { defineCall, type CallDef } from '../../http/call.js';
import { createEnrolCode } from './enrolment.service.js';
import { listMachines, releaseMachine, renameMachine } from './machine.service.js';

const list = defineCall({ path: '/machine/list', access: 'session', input: machineListRequest, reply: machineListReply, handler: (_i, ctx) => listMachines(ctx) });
const update = defineCall({ path: '/machine/update', access: 'session', input: machineUpdateRequest, reply: machineUpdateReply, handler: (i, ctx) => renameMachine(i, ctx) });
const remove = defineCall({ path: '/machine/remove', access: 'session', input: machineRemoveRequest, reply: machineRemoveReply, handler: (i, ctx) => releaseMachine(i, ctx) });
const enrolCode = defineCall({
  path: '/machine/enrolCode',
  access: 'session',
  input: machineEnrolCodeRequest,
  reply: machineEnrolCodeReply,
  handler: (i, ctx) => createEnrolCode(i, ctx),
});

export const machineCalls: CallDef[] = [list, update, remove, enrolCode] as CallDef[];
