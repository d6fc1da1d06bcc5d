import { userCreateRequest, userDisableRequest, userListRequest, userRemoveRequest, userUnlockRequest, userUpdateRequest, userCreateReply, userDisableReply, userListReply, userRemoveReply, userUnlockReply, userUpdateReply } from '@moneybox/contract';
import { defineCall, type CallDef, serve } from '../../http/call.js';
import { createStaff, disableStaff, listStaff, removeStaff, unlockStaff, updateStaff } from './staff.service.js';

/** Account Setting's calls (who may make them: domain/permissions.ts). */
const list = defineCall({ path: '/user/list', access: 'session', input: userListRequest, reply: userListReply, handler: (_i, ctx) => listStaff(ctx.deps, ctx.caller) });
const create = defineCall({ path: '/user/create', access: 'session', input: userCreateRequest, reply: userCreateReply, handler: serve(createStaff) });
const update = defineCall({ path: '/user/update', access: 'session', input: userUpdateRequest, reply: userUpdateReply, handler: serve(updateStaff) });
const disable = defineCall({ path: '/user/disable', access: 'session', input: userDisableRequest, reply: userDisableReply, handler: serve(disableStaff) });
const remove = defineCall({ path: '/user/remove', access: 'session', input: userRemoveRequest, reply: userRemoveReply, handler: serve(removeStaff) });
const unlock = defineCall({ path: '/user/unlock', access: 'session', input: userUnlockRequest, reply: userUnlockReply, handler: serve(unlockStaff) });

export const staffCalls: CallDef[] = [list, create, update, disable, remove, unlock] as CallDef[];
