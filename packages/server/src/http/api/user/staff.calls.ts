import { defineCall, serve } from '../../call.js';
import { createStaff, disableStaff, listStaff, removeStaff, unlockStaff, updateStaff } from '../../../services/user/staff.service.js';

/** Account Setting's calls (who may make them: domain/permissions.ts). */
const list = defineCall('/user/list', { handler: (_i, ctx) => listStaff(ctx.deps, ctx.caller) });
const create = defineCall('/user/create', { handler: serve(createStaff) });
const update = defineCall('/user/update', { handler: serve(updateStaff) });
const disable = defineCall('/user/disable', { handler: serve(disableStaff) });
const remove = defineCall('/user/remove', { handler: serve(removeStaff) });
const unlock = defineCall('/user/unlock', { handler: serve(unlockStaff) });

export const staffCalls = [list, create, update, disable, remove, unlock];
