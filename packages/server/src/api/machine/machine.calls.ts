import { machineEnrolCodeRequest, machineListRequest, machineRemoveRequest, machineUpdateRequest, machineEnrolCodeReply, machineListReply, machineRemoveReply, machineUpdateReply } from '@moneybox/contract';
import { defineCall, type CallDef, serve } from '../../http/call.js';
import { createEnrolCode } from './enrolment.service.js';
import { listMachines, releaseMachine, renameMachine } from './machine.service.js';

const list = defineCall({ path: '/machine/list', access: 'session', input: machineListRequest, reply: machineListReply, handler: (_i, ctx) => listMachines(ctx.deps, ctx.caller) });
const update = defineCall({ path: '/machine/update', access: 'session', input: machineUpdateRequest, reply: machineUpdateReply, handler: serve(renameMachine) });
const remove = defineCall({ path: '/machine/remove', access: 'session', input: machineRemoveRequest, reply: machineRemoveReply, handler: serve(releaseMachine) });
const enrolCode = defineCall({
  path: '/machine/enrolCode',
  access: 'session',
  input: machineEnrolCodeRequest,
  reply: machineEnrolCodeReply,
  handler: serve(createEnrolCode),
});

export const machineCalls: CallDef[] = [list, update, remove, enrolCode] as CallDef[];
