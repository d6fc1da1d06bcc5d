import {
  drawerBleedsRequest,
  drawerCreateRequest,
  drawerFillsRequest,
  drawerForceCloseRequest,
  drawerFreezeRequest,
  drawerInfoRequest,
  drawerInitRequest,
  drawerListRequest,
  drawerMovementsRequest,
  drawerRecentShiftsRequest,
  drawerSetupListRequest,
  drawerShiftReportRequest,
  drawerShiftRequest, drawerCashReply, drawerCreateReply, drawerForceCloseReply, drawerFreezeReply, drawerInfoReply, drawerInitReply, drawerListReply, drawerMovementsReply, drawerRecentShiftsReply, drawerSetupListReply, drawerShiftReply, drawerShiftReportReply
} from '@moneybox/contract';
import { defineCall } from '../../http/call.js';
import { moveCash } from './cash.service.js';
import { drawerInfo, shiftMovements } from './drawer-info.service.js';
import { auditedDrawer } from './drawer-audit.js';
import { kioskDrawers, setupList as listForSetup } from './drawer-setup.service.js';
import { initDrawer } from './drawer.service.js';
import { recentShifts as recent, shiftReportFor } from './shift-record.service.js';

/** For the login page: the kiosk's drawers and who holds them. Public: it runs before login. */
export const list = defineCall({
  path: '/drawer/list',
  access: 'public',
  input: drawerListRequest,
  reply: drawerListReply,
  handler: (input, { deps }) => kioskDrawers(deps, input.kioskID),
});

export const init = defineCall({
  path: '/drawer/init',
  access: 'session',
  input: drawerInitRequest,
  reply: drawerInitReply,
  handler: (input, ctx) => initDrawer(ctx.deps, ctx.caller, { amount: input.amount, key: input.key }),
});

export const fills = defineCall({
  path: '/drawer/fills',
  access: 'session',
  input: drawerFillsRequest,
  reply: drawerCashReply,
  handler: (input, ctx) => moveCash(ctx.deps, ctx.caller, { kind: 'fill', shiftId: input.shift_id, amount: input.amount, key: input.key, reason: input.reason }),
});

export const bleeds = defineCall({
  path: '/drawer/bleeds',
  access: 'session',
  input: drawerBleedsRequest,
  reply: drawerCashReply,
  handler: (input, ctx) => moveCash(ctx.deps, ctx.caller, { kind: 'bleed', shiftId: input.shift_id, amount: input.amount, key: input.key, reason: input.reason }),
});

export const info = defineCall({
  path: '/drawer/info',
  access: 'session',
  input: drawerInfoRequest,
  reply: drawerInfoReply,
  handler: (input, ctx) => drawerInfo(ctx.deps, ctx.caller, input.id),
});

export const movements = defineCall({
  path: '/drawer/movements',
  access: 'session',
  input: drawerMovementsRequest,
  reply: drawerMovementsReply,
  handler: (input, ctx) => shiftMovements(ctx.deps, ctx.caller, { shiftId: input.shift_id, page: input.page, limit: input.limit }),
});

export const freeze = defineCall({
  path: '/drawer/freeze',
  access: 'session',
  input: drawerFreezeRequest,
  reply: drawerFreezeReply,
  handler: (input, ctx) => auditedDrawer.freeze(ctx.deps, ctx.caller, { id: input.id, freeze: input.freeze }),
});

export const create = defineCall({
  path: '/drawer/create',
  access: 'session',
  input: drawerCreateRequest,
  reply: drawerCreateReply,
  handler: (_input, ctx) => auditedDrawer.create(ctx.deps, ctx.caller),
});

export const setupList = defineCall({
  path: '/drawer/setupList',
  access: 'session',
  input: drawerSetupListRequest,
  reply: drawerSetupListReply,
  handler: (_input, ctx) => listForSetup(ctx.deps, ctx.caller),
});

/** Shift close. `counted` (the blind cash count) and `count_detail` (denominations) are optional. */
export const shift = defineCall({
  path: '/drawer/shift',
  access: 'session',
  input: drawerShiftRequest,
  reply: drawerShiftReply,
  handler: (input, ctx) => auditedDrawer.closeOwn(ctx.deps, ctx.caller, { counted: input.counted, count_detail: input.count_detail }),
});

export const forceClose = defineCall({
  path: '/drawer/forceClose',
  access: 'session',
  input: drawerForceCloseRequest,
  reply: drawerForceCloseReply,
  handler: (input, ctx) => auditedDrawer.forceClose(ctx.deps, ctx.caller, { drawerId: input.id, count: { counted: input.counted, count_detail: input.count_detail } }),
});

export const shiftReport = defineCall({
  path: '/drawer/shiftReport',
  access: 'session',
  input: drawerShiftReportRequest,
  reply: drawerShiftReportReply,
  handler: (input, ctx) => shiftReportFor(ctx.deps, ctx.caller, input.shift_id),
});

export const recentShifts = defineCall({
  path: '/drawer/recentShifts',
  access: 'session',
  input: drawerRecentShiftsRequest,
  reply: drawerRecentShiftsReply,
  handler: async (input, ctx) => ({ list: await recent(ctx.deps, ctx.caller, input.limit) }),
});

export const drawerCalls = [list, init, fills, bleeds, info, movements, freeze, create, setupList, shift, forceClose, shiftReport, recentShifts];
