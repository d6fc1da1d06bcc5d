/**
 * THE call map: every call of the API with its input schema, its status-0 reply schema and who may
 * make it. The server registers one handler per entry (api/index.ts fails to compile when one is
 * missing), its permission matrix is this map's `who` column, the OpenAPI document derives from it,
 * and the web's `call(path, input)` is typed by it (`CallInput<P>`, `CallReply<P>`), so a call's
 * types can never drift between the three. Adding a call is one entry here, one handler, and the
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
  drawerHandoverReply,
  drawerXReportReply,
  drawerXReportRequest,
} from './drawer.js';
import { dailyLogReply, dailyLogRequest, largePayoutsReply, largePayoutsRequest, shiftLogReply, shiftLogRequest, transactionReportReply, transactionReportRequest } from './reports.js';
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

export interface CallSpec {
  /** The request body's schema (session calls include UID and TOKEN). */
  input: z.ZodType;
  /** The status-0 reply's schema. */
  reply: z.ZodType;
  /** The call's row of the permission matrix. */
  who: Rule;
}

/** The body of a public call that takes nothing: any object. */
const anything = z.object({}).passthrough();

export const CALLS = {
  '/config/localtime': { input: auth, reply: localtimeReply, who: MAY.signedIn },
  '/config/key': { input: anything, reply: keyReply, who: MAY.anyone },
  '/config/announce': { input: auth, reply: announceReply, who: MAY.signedIn },
  '/config/maintain': { input: anything, reply: maintainReply, who: MAY.anyone },

  '/user/posLogin': { input: posLoginRequest, reply: posLoginReply, who: MAY.anyone },
  '/user/chooseDrawer': { input: chooseDrawerRequest, reply: chooseDrawerReply, who: MAY.signedIn },
  '/user/menu': { input: menuRequest, reply: menuReply, who: MAY.signedIn },
  '/user/logout': { input: auth, reply: logoutReply, who: MAY.signedIn },
  '/user/list': { input: userListRequest, reply: userListReply, who: MAY.boss },
  '/user/create': { input: userCreateRequest, reply: userCreateReply, who: MAY.bossAtADrawer },
  '/user/update': { input: userUpdateRequest, reply: userUpdateReply, who: MAY.bossAtADrawer },
  '/user/disable': { input: userDisableRequest, reply: userDisableReply, who: MAY.bossAtADrawer },
  '/user/remove': { input: userRemoveRequest, reply: userRemoveReply, who: MAY.bossAtADrawer },
  '/user/unlock': { input: userUnlockRequest, reply: userUnlockReply, who: MAY.bossAtADrawer },

  '/drawer/list': { input: drawerListRequest, reply: drawerListReply, who: MAY.anyone },
  '/drawer/init': { input: drawerInitRequest, reply: drawerInitReply, who: MAY.atADrawer },
  '/drawer/fills': { input: drawerFillsRequest, reply: drawerCashReply, who: MAY.atADrawer },
  '/drawer/bleeds': { input: drawerBleedsRequest, reply: drawerCashReply, who: MAY.atADrawer },
  '/drawer/info': { input: drawerInfoRequest, reply: drawerInfoReply, who: MAY.signedIn },
  '/drawer/movements': { input: drawerMovementsRequest, reply: drawerMovementsReply, who: MAY.signedIn },
  '/drawer/freeze': { input: drawerFreezeRequest, reply: drawerFreezeReply, who: MAY.boss },
  '/drawer/create': { input: drawerCreateRequest, reply: drawerCreateReply, who: MAY.boss },
  '/drawer/setupList': { input: drawerSetupListRequest, reply: drawerSetupListReply, who: MAY.boss },
  '/drawer/shift': { input: drawerShiftRequest, reply: drawerShiftReply, who: MAY.signedIn },
  '/drawer/forceClose': { input: drawerForceCloseRequest, reply: drawerForceCloseReply, who: MAY.boss },
  '/drawer/handover': { input: drawerHandoverRequest, reply: drawerHandoverReply, who: MAY.atADrawer },
  '/drawer/shiftReport': { input: drawerShiftReportRequest, reply: drawerShiftReportReply, who: MAY.signedIn },
  '/drawer/recentShifts': { input: drawerRecentShiftsRequest, reply: drawerRecentShiftsReply, who: MAY.signedIn },
  '/drawer/xReport': { input: drawerXReportRequest, reply: drawerXReportReply, who: MAY.signedIn },
  // Reports: a cashier gets the rows of their own shifts only (the server's report scope).
  '/drawer/transaction': { input: transactionReportRequest, reply: transactionReportReply, who: MAY.signedIn },
  '/drawer/shiftLog': { input: shiftLogRequest, reply: shiftLogReply, who: MAY.signedIn },
  '/drawer/dailyLog': { input: dailyLogRequest, reply: dailyLogReply, who: MAY.boss },
  // Checked payouts (issue 24): the redeems above the large-payout threshold, a boss's (viewer too).
  '/drawer/largePayouts': { input: largePayoutsRequest, reply: largePayoutsReply, who: MAY.boss },

  '/customer/search': { input: customerSearchRequest, reply: customerSearchReply, who: MAY.signedIn },
  '/customer/info': { input: customerInfoRequest, reply: customerInfoReply, who: MAY.signedIn },
  '/customer/create': { input: customerCreateRequest, reply: customerCreateReply, who: MAY.signedIn },
  '/customer/update': { input: customerUpdateRequest, reply: customerUpdateReply, who: MAY.signedIn },
  '/customer/getDayLimit': { input: customerDayLimitRequest, reply: customerDayLimitReply, who: MAY.signedIn },
  '/customer/purchase': { input: customerMoneyRequest, reply: customerMoneyReply, who: MAY.atADrawer },
  '/customer/redeem': { input: customerRedeemRequest, reply: customerMoneyReply, who: MAY.atADrawer },
  '/customer/comps': { input: customerMoneyRequest, reply: customerMoneyReply, who: MAY.atADrawer },
  '/customer/revert': { input: customerMoneyRequest, reply: customerMoneyReply, who: MAY.atADrawer },
  '/customer/block': { input: customerBlockRequest, reply: customerBlockReply, who: MAY.signedIn },
  '/customer/blockState': { input: customerIdRequest, reply: customerBlockReply, who: MAY.signedIn },
  '/customer/reset': { input: customerResetRequest, reply: customerResetReply, who: MAY.signedIn },
  '/customer/kick': { input: customerIdRequest, reply: customerKickReply, who: MAY.signedIn },
  // Player protection (issue 24): a cashier or a boss sets it (a viewer too: it moves no cash); only a boss lists them.
  '/customer/protect': { input: customerProtectRequest, reply: customerProtectReply, who: MAY.signedIn },
  '/customer/limits': { input: customerLimitsRequest, reply: customerLimitsReply, who: MAY.signedIn },
  '/customer/protected': { input: customerProtectedRequest, reply: customerProtectedReply, who: MAY.boss },
  '/customer/history': { input: customerHistoryRequest, reply: customerHistoryReply, who: MAY.signedIn },
  '/customer/giftHistory': { input: customerGiftHistoryRequest, reply: customerGiftHistoryReply, who: MAY.signedIn },
  '/customer/customerInfo': { input: customerListRequest, reply: customerListReply, who: MAY.signedIn },

  '/machine/list': { input: machineListRequest, reply: machineListReply, who: MAY.boss },
  '/machine/update': { input: machineUpdateRequest, reply: machineUpdateReply, who: MAY.boss },
  '/machine/remove': { input: machineRemoveRequest, reply: machineRemoveReply, who: MAY.boss },
  // Reload kiosks' cash boxes: a boss's (a viewer sees them; collecting is at a drawer).
  '/kiosk/boxes': { input: kioskBoxesRequest, reply: kioskBoxesReply, who: MAY.boss },
  '/kiosk/collect': { input: kioskCollectRequest, reply: kioskCollectReply, who: MAY.bossAtADrawer },
  // The store day close (Z report): a boss's, in viewer mode too (a drawer's open shift would block the close); never a cashier.
  '/dayClose/get': { input: dayCloseGetRequest, reply: dayCloseReply, who: MAY.boss },
  '/dayClose/close': { input: dayCloseRequest, reply: dayCloseReply, who: MAY.boss },
  '/dayClose/annotate': { input: dayCloseAnnotateRequest, reply: dayCloseReply, who: MAY.boss },
  '/machine/enrolCode': { input: machineEnrolCodeRequest, reply: machineEnrolCodeReply, who: MAY.boss },

  '/store/info': { input: storeInfoRequest, reply: storeInfoReply, who: MAY.boss },
  '/store/update': { input: storeUpdateRequest, reply: storeUpdateReply, who: MAY.bossAtADrawer },
  '/store/quota': { input: storeQuotaRequest, reply: storeQuotaReply, who: MAY.boss },
  '/audit/list': { input: auditListRequest, reply: auditListReply, who: MAY.boss },
  '/audit/export': { input: auditExportRequest, reply: auditExportReply, who: MAY.boss },

  // Platform news: everyone signed in reads what the operator published for their own store.
  '/bulletin/news': { input: newsRequest, reply: newsReply, who: MAY.signedIn },
  '/bulletin/event_news': { input: eventNewsRequest, reply: eventNewsReply, who: MAY.signedIn },
  '/bulletin/download': { input: downloadRequest, reply: downloadReply, who: MAY.signedIn },
  '/bulletin/regulations': { input: regulationsRequest, reply: regulationsReply, who: MAY.signedIn },
} as const satisfies Record<`/${string}/${string}`, CallSpec>;

export type Calls = typeof CALLS;
/** Every call's path. */
export type CallPath = keyof Calls;
/** What a caller sends, less the session fields the transport adds. */
export type CallInput<P extends CallPath> = Omit<z.input<Calls[P]['input']>, 'UID' | 'TOKEN'>;
/** The status-0 reply. */
export type CallReply<P extends CallPath> = z.output<Calls[P]['reply']>;

export const CALL_PATHS = Object.keys(CALLS) as CallPath[];
