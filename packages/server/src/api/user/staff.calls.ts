import { userCreateRequest, userDisableRequest, userListRequest, userRemoveRequest, userUnlockRequest, userUpdateRequest, userCreateReply, userDisableReply, userListReply, userRemoveReply, userUnlockReply, userUpdateReply } from '@moneybox/contract';
import { defineCall, type CallDef } from '../../http/call.js';
import { createStaff, disableStaff, listStaff, removeStaff, unlockStaff, updateStaff } from './staff.service.js';

/** Account Setting's calls (who may make them: http/permissions.ts). */
const list = defineCall({ path: '/user/list', access: 'session', input: userListRequest, reply: userListReply, handler: (_i, ctx) => listStaff(ctx) });
const create = defineCall({ path: '/user/create', access: 'session', input: userCreateRequest, reply: userCreateReply, handler: (i, ctx) => createStaff(i, ctx) });
const update = defineCall({ path: '/user/update', access: 'session', input: userUpdateRequest, reply: userUpdateReply, handler: (i, ctx) => updateStaff(i, ctx) });
const disable = defineCall({ path: '/user/disable', access: 'session', input: userDisableRequest, reply: userDisableReply, handler: (i, ctx) => disableStaff(i, ctx) });
const remove = defineCall({ path: '/user/remove', access: 'session', input: userRemoveRequest, reply: userRemoveReply, handler: (i, ctx) => removeStaff(i, ctx) });
const unlock = defineCall({ path: '/user/unlock', access: 'session', input: userUnlockRequest, reply: userUnlockReply, handler: (i, ctx) => unlockStaff(i, ctx) });

export const staffCalls: CallDef[] = [list, create, update, disable, remove, unlock] as CallDef[];
