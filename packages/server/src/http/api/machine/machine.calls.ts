import { defineCall, serve } from '../../call.js';
import { createEnrolCode } from '../../../services/machine/enrolment.service.js';
import { listMachines, releaseMachine, renameMachine } from '../../../services/machine/machine.service.js';

const list = defineCall('/machine/list', { handler: (_i, ctx) => listMachines(ctx.deps, ctx.caller) });
const update = defineCall('/machine/update', { handler: serve(renameMachine) });
const remove = defineCall('/machine/remove', { handler: serve(releaseMachine) });
const enrolCode = defineCall('/machine/enrolCode', { handler: serve(createEnrolCode) });

export const machineCalls = [list, update, remove, enrolCode];
