import { defineCall } from '../../call.js';
import { moveCash } from '../../../services/drawer/cash.service.js';
import { drawerInfo, shiftMovements } from '../../../services/drawer/drawer-info.service.js';
import { createDrawer, freezeDrawer, kioskDrawers, setupList as listForSetup } from '../../../services/drawer/drawer-setup.service.js';
import { closeOwnShift, forceClose as forceCloseShift } from '../../../services/drawer/shift-close.service.js';
import { handOver } from '../../../services/drawer/handover.service.js';
import { noSale as openWithNoSale } from '../../../services/drawer/no-sale.service.js';
import { initDrawer } from '../../../services/drawer/drawer.service.js';
import { recentShifts as recent, shiftReportFor, xReport as xReportOf } from '../../../services/drawer/shift-record.service.js';

/** For the login page: the kiosk's drawers and who holds them. Public: it runs before login. */
const list = defineCall('/drawer/list', { handler: (input, ctx) => kioskDrawers(ctx.deps, { ip: ctx.ip, kioskId: input.kioskID }) });

const init = defineCall('/drawer/init', { handler: (input, ctx) => initDrawer(ctx.deps, ctx.caller, { amount: input.amount, key: input.key, count_detail: input.count_detail }) });

const fills = defineCall('/drawer/fills', { handler: (input, ctx) => moveCash(ctx.deps, ctx.caller, { kind: 'fill', shiftId: input.shift_id, amount: input.amount, key: input.key, reason: input.reason }) });

const bleeds = defineCall('/drawer/bleeds', { handler: (input, ctx) => moveCash(ctx.deps, ctx.caller, { kind: 'bleed', shiftId: input.shift_id, amount: input.amount, key: input.key, reason: input.reason }) });

const info = defineCall('/drawer/info', { handler: (input, ctx) => drawerInfo(ctx.deps, ctx.caller, input.id) });

const movements = defineCall('/drawer/movements', { handler: (input, ctx) => shiftMovements(ctx.deps, ctx.caller, { shiftId: input.shift_id, page: input.page, limit: input.limit }) });

const freeze = defineCall('/drawer/freeze', { handler: (input, ctx) => freezeDrawer(ctx.deps, ctx.caller, { id: input.id, freeze: input.freeze }) });

const create = defineCall('/drawer/create', { handler: (_input, ctx) => createDrawer(ctx.deps, ctx.caller) });

const setupList = defineCall('/drawer/setupList', { handler: (_input, ctx) => listForSetup(ctx.deps, ctx.caller) });

/** Shift close. `counted` (the blind cash count) and `count_detail` (denominations) are optional. */
const shift = defineCall('/drawer/shift', { handler: (input, ctx) => closeOwnShift(ctx.deps, ctx.caller, { counted: input.counted, count_detail: input.count_detail }) });

const forceClose = defineCall('/drawer/forceClose', { handler: (input, ctx) => forceCloseShift(ctx.deps, ctx.caller, { drawerId: input.id, count: { counted: input.counted, count_detail: input.count_detail } }) });

/** One-step handover: the caller's shift closes with its count, the incoming cashier's opens from it. */
const handover = defineCall('/drawer/handover', {
  handler: (input, ctx) =>
    handOver(ctx.deps, ctx.caller, { counted: input.counted, count_detail: input.count_detail, key: input.key, username: input.username, password: input.password }),
});

const shiftReport = defineCall('/drawer/shiftReport', { handler: (input, ctx) => shiftReportFor(ctx.deps, ctx.caller, input.shift_id) });

const recentShifts = defineCall('/drawer/recentShifts', { handler: async (input, ctx) => ({ list: await recent(ctx.deps, ctx.caller, input.limit) }) });

/** X report: the open shift's figures without closing it. */
const xReport = defineCall('/drawer/xReport', { handler: (input, ctx) => xReportOf(ctx.deps, ctx.caller, input.id) });

/** "No sale": the drawer opened with no movement, recorded first. */
const noSale = defineCall('/drawer/noSale', { handler: (_input, ctx) => openWithNoSale(ctx.deps, ctx.caller) });
export const drawerCalls = [list, init, fills, bleeds, info, movements, freeze, create, setupList, shift, forceClose, handover, noSale, shiftReport, recentShifts, xReport];
