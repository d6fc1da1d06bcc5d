/**
 * The store's calls: every call a store account (cashier, boss, boss in viewer mode) or an anonymous
 * caller of the store app makes, with its input schema, its status-0 reply schema, who may make it,
 * whether it reads or writes, and (rarely) a larger body limit. One part of THE call registry
 * (registry.ts `CALLS`), beside the platform console's part (console.ts): the server registers one
 * handler per entry of the registry, its permission matrix is the registry's `who` column, the
 * OpenAPI document and docs/PERMISSIONS.md derive from it, and the web's `call(path, input)` is typed
 * by it, so a call's types can never drift. Adding a call is one entry here, one handler, and the
 * compiler points at every other missing piece.
 *
 * The web imports this module with `import type` only: the schemas (and zod) stay out of its bundle.
 */
import { z } from 'zod';
import { auth } from './common.js';
import { announceReply, keyReply, localtimeReply, maintainReply } from './config.js';
import { chooseDrawerReply, chooseDrawerRequest, logoutReply, menuReply, menuRequest, posLoginReply, posLoginRequest } from './user.js';
import {
  drawerCashReply,
  drawerBleedsRequest,
  drawerCreateReply,
  drawerCreateRequest,
  drawerFillsRequest,
  drawerForceCloseReply,
  drawerForceCloseRequest,
  drawerFreezeReply,
  drawerFreezeRequest,
  drawerInfoReply,
  drawerInfoRequest,
  drawerInitReply,
  drawerInitRequest,
  drawerListReply,
  drawerListRequest,
  drawerMovementsReply,
  drawerMovementsRequest,
  drawerRecentShiftsReply,
  drawerRecentShiftsRequest,
  drawerSetupListReply,
  drawerSetupListRequest,
  drawerShiftReply,
  drawerShiftReportReply,
  drawerShiftReportRequest,
  drawerShiftRequest,
  drawerHandoverRequest,
  drawerNoSaleRequest,
  drawerNoSaleReply,
  drawerHandoverReply,
  drawerXReportReply,
  drawerXReportRequest,
} from './drawer.js';
import { cashLogReply, cashLogRequest, dailyLogReply, dailyLogRequest, largePayoutsReply, largePayoutsRequest, shiftLogReply, shiftLogRequest, transactionReportReply, transactionReportRequest } from './reports.js';
import {
  customerBlockReply,
  customerBlockRequest,
  customerCreateReply,
  customerCreateRequest,
  customerDayLimitReply,
  customerDayLimitRequest,
  customerGiftHistoryReply,
  customerGiftHistoryRequest,
  customerHistoryReply,
  customerHistoryRequest,
  customerIdRequest,
  customerInfoReply,
  customerInfoRequest,
  customerKickReply,
  customerListReply,
  customerListRequest,
  customerMoneyReply,
  customerLimitsReply,
  customerLimitsRequest,
  customerMoneyRequest,
  customerRedeemRequest,
  customerProtectedReply,
  customerProtectedRequest,
  customerProtectReply,
  customerProtectRequest,
  customerResetReply,
  customerResetRequest,
  customerSearchReply,
  customerSearchRequest,
  customerUpdateReply,
  customerUpdateRequest,
} from './customer.js';
import {
  machineEnrolCodeReply,
  machineEnrolCodeRequest,
  machineListReply,
  machineListRequest,
  machineRemoveReply,
  machineRemoveRequest,
  machineUpdateReply,
  machineUpdateRequest,
} from './machine.js';
import {
  auditExportReply,
  auditExportRequest,
  auditListReply,
  auditListRequest,
  storeInfoReply,
  storeInfoRequest,
  storeQuotaReply,
  storeQuotaRequest,
  storeUpdateReply,
  storeUpdateRequest,
  userCreateReply,
  userCreateRequest,
  userDisableReply,
  userDisableRequest,
  userListReply,
  userListRequest,
  userRemoveReply,
  userRemoveRequest,
  userUnlockReply,
  userUnlockRequest,
  userUpdateReply,
  userUpdateRequest,
} from './staff.js';
import { dayCloseAnnotateRequest, dayCloseGetRequest, dayCloseReply, dayCloseRequest } from './day-close.js';
import { kioskBoxesReply, kioskBoxesRequest, kioskCollectReply, kioskCollectRequest } from './kiosk.js';
import { customerEraseReply, customerEraseRequest, customerExportReply, customerExportRequest } from './customer-export.js';
import { downloadReply, downloadRequest, eventNewsReply, eventNewsRequest, newsReply, newsRequest, regulationsReply, regulationsRequest } from './bulletin.js';

/**
 * Who may make a call. Columns: anonymous (no session), cashier, boss in viewer mode (no drawer),
 * boss at a drawer. The server refuses an anonymous caller with 5 and a signed-in one with 21.
 */
export type Who = 'anonymous' | 'cashier' | 'viewer' | 'boss';
export const WHO: readonly Who[] = ['anonymous', 'cashier', 'viewer', 'boss'];
export type Rule = Readonly<Record<Who, boolean>>;

/** The rules calls use, by name (literal types: a call open to anonymous callers is a public call). */
export const MAY = {
  /** Public: the login page's calls. */
  anyone: { anonymous: true, cashier: true, viewer: true, boss: true },
  /** Any signed-in account, in any mode. */
  signedIn: { anonymous: false, cashier: true, viewer: true, boss: true },
  /** Moves cash: a cashier or a boss at a drawer, never a viewer. */
  atADrawer: { anonymous: false, cashier: true, viewer: false, boss: true },
  /** Boss only, also in viewer mode (reads and changes that move no cash). */
  boss: { anonymous: false, cashier: false, viewer: true, boss: true },
  /** Boss only, at a drawer (not a viewer): changes to the store's staff and settings. */
  bossAtADrawer: { anonymous: false, cashier: false, viewer: false, boss: true },
} as const satisfies Record<string, Rule>;

/** What a call does: a read changes nothing (the web sends it as a query), a write changes something (the web's one mutation path). */
export type CallKind = 'read' | 'write';
export const CALL_KINDS: readonly CallKind[] = ['read', 'write'];
/** Every call's request body limit unless its entry names a larger one (`bodyLimit`). */
export const CALL_BODY_BYTES = 64 * 1024;

/** The fields of every registry entry, whatever its audience. */
export interface CallFields {
  /** The request body's schema (session calls include UID and TOKEN). */
  input: z.ZodType;
  /** The status-0 reply's schema. */
  reply: z.ZodType;
  /** Read or write. */
  kind: CallKind;
  /** Bytes the body may have; absent: CALL_BODY_BYTES. */
  bodyLimit?: number;
}

/** A store call: its row of the store's permission matrix. */
export interface StoreCallSpec extends CallFields {
  who: Rule;
}

/** The body of a public call that takes nothing: any object. */
const anything = z.object({}).passthrough();

export const STORE_CALLS = {
  '/config/localtime': { input: auth, reply: localtimeReply, who: MAY.signedIn, kind: 'read' },
  '/config/key': { input: anything, reply: keyReply, who: MAY.anyone, kind: 'read' },
  '/config/announce': { input: auth, reply: announceReply, who: MAY.signedIn, kind: 'read' },
  '/config/maintain': { input: anything, reply: maintainReply, who: MAY.anyone, kind: 'read' },

  '/user/posLogin': { input: posLoginRequest, reply: posLoginReply, who: MAY.anyone, kind: 'write' },
  '/user/chooseDrawer': { input: chooseDrawerRequest, reply: chooseDrawerReply, who: MAY.signedIn, kind: 'write' },
  '/user/menu': { input: menuRequest, reply: menuReply, who: MAY.signedIn, kind: 'read' },
  '/user/logout': { input: auth, reply: logoutReply, who: MAY.signedIn, kind: 'write' },
  '/user/list': { input: userListRequest, reply: userListReply, who: MAY.boss, kind: 'read' },
  '/user/create': { input: userCreateRequest, reply: userCreateReply, who: MAY.bossAtADrawer, kind: 'write' },
  '/user/update': { input: userUpdateRequest, reply: userUpdateReply, who: MAY.bossAtADrawer, kind: 'write' },
  '/user/disable': { input: userDisableRequest, reply: userDisableReply, who: MAY.bossAtADrawer, kind: 'write' },
  '/user/remove': { input: userRemoveRequest, reply: userRemoveReply, who: MAY.bossAtADrawer, kind: 'write' },
  '/user/unlock': { input: userUnlockRequest, reply: userUnlockReply, who: MAY.bossAtADrawer, kind: 'write' },

  '/drawer/list': { input: drawerListRequest, reply: drawerListReply, who: MAY.anyone, kind: 'read' },
  '/drawer/init': { input: drawerInitRequest, reply: drawerInitReply, who: MAY.atADrawer, kind: 'write' },
  '/drawer/fills': { input: drawerFillsRequest, reply: drawerCashReply, who: MAY.atADrawer, kind: 'write' },
  '/drawer/bleeds': { input: drawerBleedsRequest, reply: drawerCashReply, who: MAY.atADrawer, kind: 'write' },
  '/drawer/info': { input: drawerInfoRequest, reply: drawerInfoReply, who: MAY.signedIn, kind: 'read' },
  '/drawer/movements': { input: drawerMovementsRequest, reply: drawerMovementsReply, who: MAY.signedIn, kind: 'read' },
  '/drawer/freeze': { input: drawerFreezeRequest, reply: drawerFreezeReply, who: MAY.boss, kind: 'write' },
  '/drawer/create': { input: drawerCreateRequest, reply: drawerCreateReply, who: MAY.boss, kind: 'write' },
  '/drawer/setupList': { input: drawerSetupListRequest, reply: drawerSetupListReply, who: MAY.boss, kind: 'read' },
  '/drawer/shift': { input: drawerShiftRequest, reply: drawerShiftReply, who: MAY.signedIn, kind: 'write' },
  '/drawer/forceClose': { input: drawerForceCloseRequest, reply: drawerForceCloseReply, who: MAY.boss, kind: 'write' },
  '/drawer/handover': { input: drawerHandoverRequest, reply: drawerHandoverReply, who: MAY.atADrawer, kind: 'write' },
  '/drawer/noSale': { input: drawerNoSaleRequest, reply: drawerNoSaleReply, who: MAY.atADrawer, kind: 'write' },
  '/drawer/shiftReport': { input: drawerShiftReportRequest, reply: drawerShiftReportReply, who: MAY.signedIn, kind: 'read' },
  '/drawer/recentShifts': { input: drawerRecentShiftsRequest, reply: drawerRecentShiftsReply, who: MAY.signedIn, kind: 'read' },
  '/drawer/xReport': { input: drawerXReportRequest, reply: drawerXReportReply, who: MAY.signedIn, kind: 'read' },
  // Reports: a cashier gets the rows of their own shifts only (the server's report scope).
  '/drawer/transaction': { input: transactionReportRequest, reply: transactionReportReply, who: MAY.signedIn, kind: 'read' },
  '/drawer/shiftLog': { input: shiftLogRequest, reply: shiftLogReply, who: MAY.signedIn, kind: 'read' },
  '/drawer/dailyLog': { input: dailyLogRequest, reply: dailyLogReply, who: MAY.boss, kind: 'read' },
  // Checked payouts (issue 24): the redeems above the large-payout threshold, a boss's (viewer too).
  '/drawer/largePayouts': { input: largePayoutsRequest, reply: largePayoutsReply, who: MAY.boss, kind: 'read' },
  // The cash transaction log (issue 40): the log's entries and the reports' records, a boss's (viewer too).
  '/drawer/cashLog': { input: cashLogRequest, reply: cashLogReply, who: MAY.boss, kind: 'read' },

  '/customer/search': { input: customerSearchRequest, reply: customerSearchReply, who: MAY.signedIn, kind: 'read' },
  '/customer/info': { input: customerInfoRequest, reply: customerInfoReply, who: MAY.signedIn, kind: 'read' },
  '/customer/create': { input: customerCreateRequest, reply: customerCreateReply, who: MAY.signedIn, kind: 'write' },
  '/customer/update': { input: customerUpdateRequest, reply: customerUpdateReply, who: MAY.signedIn, kind: 'write' },
  '/customer/getDayLimit': { input: customerDayLimitRequest, reply: customerDayLimitReply, who: MAY.signedIn, kind: 'read' },
  '/customer/purchase': { input: customerMoneyRequest, reply: customerMoneyReply, who: MAY.atADrawer, kind: 'write' },
  '/customer/redeem': { input: customerRedeemRequest, reply: customerMoneyReply, who: MAY.atADrawer, kind: 'write' },
  '/customer/comps': { input: customerMoneyRequest, reply: customerMoneyReply, who: MAY.atADrawer, kind: 'write' },
  '/customer/revert': { input: customerMoneyRequest, reply: customerMoneyReply, who: MAY.atADrawer, kind: 'write' },
  '/customer/block': { input: customerBlockRequest, reply: customerBlockReply, who: MAY.signedIn, kind: 'write' },
  '/customer/blockState': { input: customerIdRequest, reply: customerBlockReply, who: MAY.signedIn, kind: 'read' },
  '/customer/reset': { input: customerResetRequest, reply: customerResetReply, who: MAY.signedIn, kind: 'write' },
  '/customer/kick': { input: customerIdRequest, reply: customerKickReply, who: MAY.signedIn, kind: 'write' },
  // Player protection (issue 24): a cashier or a boss sets it (a viewer too: it moves no cash); only a boss lists them.
  '/customer/protect': { input: customerProtectRequest, reply: customerProtectReply, who: MAY.signedIn, kind: 'write' },
  '/customer/limits': { input: customerLimitsRequest, reply: customerLimitsReply, who: MAY.signedIn, kind: 'write' },
  '/customer/protected': { input: customerProtectedRequest, reply: customerProtectedReply, who: MAY.boss, kind: 'read' },
  '/customer/history': { input: customerHistoryRequest, reply: customerHistoryReply, who: MAY.signedIn, kind: 'read' },
  '/customer/giftHistory': { input: customerGiftHistoryRequest, reply: customerGiftHistoryReply, who: MAY.signedIn, kind: 'read' },
  '/customer/customerInfo': { input: customerListRequest, reply: customerListReply, who: MAY.signedIn, kind: 'read' },
  // A write: asking for a customer's data is recorded (customer.export).
  '/customer/export': { input: customerExportRequest, reply: customerExportReply, who: MAY.boss, kind: 'write' },
  '/customer/erase': { input: customerEraseRequest, reply: customerEraseReply, who: MAY.boss, kind: 'write' },

  '/machine/list': { input: machineListRequest, reply: machineListReply, who: MAY.boss, kind: 'read' },
  '/machine/update': { input: machineUpdateRequest, reply: machineUpdateReply, who: MAY.boss, kind: 'write' },
  '/machine/remove': { input: machineRemoveRequest, reply: machineRemoveReply, who: MAY.boss, kind: 'write' },
  // Reload kiosks' cash boxes: a boss's, in viewer mode too (issue 37: a collection moves no drawer's cash, and a
  // drawer's shift would block the day's close); never a cashier.
  '/kiosk/boxes': { input: kioskBoxesRequest, reply: kioskBoxesReply, who: MAY.boss, kind: 'read' },
  '/kiosk/collect': { input: kioskCollectRequest, reply: kioskCollectReply, who: MAY.boss, kind: 'write' },
  // The store day close (Z report): a boss's, in viewer mode too (a drawer's open shift would block the close); never a cashier.
  '/dayClose/get': { input: dayCloseGetRequest, reply: dayCloseReply, who: MAY.boss, kind: 'read' },
  '/dayClose/close': { input: dayCloseRequest, reply: dayCloseReply, who: MAY.boss, kind: 'write' },
  '/dayClose/annotate': { input: dayCloseAnnotateRequest, reply: dayCloseReply, who: MAY.boss, kind: 'write' },
  '/machine/enrolCode': { input: machineEnrolCodeRequest, reply: machineEnrolCodeReply, who: MAY.boss, kind: 'write' },

  '/store/info': { input: storeInfoRequest, reply: storeInfoReply, who: MAY.boss, kind: 'read' },
  '/store/update': { input: storeUpdateRequest, reply: storeUpdateReply, who: MAY.bossAtADrawer, kind: 'write' },
  '/store/quota': { input: storeQuotaRequest, reply: storeQuotaReply, who: MAY.boss, kind: 'read' },
  '/audit/list': { input: auditListRequest, reply: auditListReply, who: MAY.boss, kind: 'read' },
  '/audit/export': { input: auditExportRequest, reply: auditExportReply, who: MAY.boss, kind: 'read' },

  // Platform news: everyone signed in reads what the operator published for their own store.
  '/bulletin/news': { input: newsRequest, reply: newsReply, who: MAY.signedIn, kind: 'read' },
  '/bulletin/event_news': { input: eventNewsRequest, reply: eventNewsReply, who: MAY.signedIn, kind: 'read' },
  '/bulletin/download': { input: downloadRequest, reply: downloadReply, who: MAY.signedIn, kind: 'read' },
  '/bulletin/regulations': { input: regulationsRequest, reply: regulationsReply, who: MAY.signedIn, kind: 'read' },
} as const satisfies Record<`/${string}/${string}`, StoreCallSpec>;

export type StoreCalls = typeof STORE_CALLS;
/** Every store call's path. */
export type StorePath = keyof StoreCalls;
export const STORE_PATHS = Object.keys(STORE_CALLS) as StorePath[];
