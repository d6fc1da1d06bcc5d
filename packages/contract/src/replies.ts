/**
 * The reply type of every call, by name (`DrawerInfoReply` is what /drawer/info answers with status 0),
 * derived from the reply schemas so the web and the API tests read the same shape. Types only: the web
 * imports them with `import type` and no schema or zod reaches its bundle.
 */
import type { z } from 'zod';
import type { announceReply, keyReply, localtimeReply, maintainReply } from './config.js';
import type { chooseDrawerReply, menuReply, posLoginReply } from './user.js';
import type { customerBlockReply, customerCreateReply, customerDayLimitReply, customerGiftHistoryReply, customerHistoryReply, customerInfoReply, customerKickReply, customerListReply, customerMoneyReply, customerResetReply, customerSearchReply, customerUpdateReply } from './customer.js';
import type { drawerCashReply, drawerCreateReply, drawerForceCloseReply, drawerFreezeReply, drawerInfoReply, drawerInitReply, drawerListReply, drawerMovementsReply, drawerRecentShiftsReply, drawerSetupListReply, drawerShiftReply, drawerShiftReportReply } from './drawer.js';

import type { dailyLogReply, shiftLogReply, transactionReportReply } from './reports.js';

type Out<S extends z.ZodType> = z.output<S>;

export type AnnounceReply = Out<typeof announceReply>;
export type KeyReply = Out<typeof keyReply>;
export type LocaltimeReply = Out<typeof localtimeReply>;
export type MaintainReply = Out<typeof maintainReply>;
export type ChooseDrawerReply = Out<typeof chooseDrawerReply>;
export type MenuReply = Out<typeof menuReply>;
export type PosLoginReply = Out<typeof posLoginReply>;
export type CustomerBlockReply = Out<typeof customerBlockReply>;
export type CustomerCreateReply = Out<typeof customerCreateReply>;
export type CustomerDayLimitReply = Out<typeof customerDayLimitReply>;
export type CustomerGiftHistoryReply = Out<typeof customerGiftHistoryReply>;
export type CustomerHistoryReply = Out<typeof customerHistoryReply>;
export type CustomerInfoReply = Out<typeof customerInfoReply>;
export type CustomerKickReply = Out<typeof customerKickReply>;
export type CustomerListReply = Out<typeof customerListReply>;
export type CustomerMoneyReply = Out<typeof customerMoneyReply>;
export type CustomerResetReply = Out<typeof customerResetReply>;
export type CustomerSearchReply = Out<typeof customerSearchReply>;
export type CustomerUpdateReply = Out<typeof customerUpdateReply>;
export type DrawerCashReply = Out<typeof drawerCashReply>;
export type DrawerCreateReply = Out<typeof drawerCreateReply>;
export type DrawerForceCloseReply = Out<typeof drawerForceCloseReply>;
export type DrawerFreezeReply = Out<typeof drawerFreezeReply>;
export type DrawerInfoReply = Out<typeof drawerInfoReply>;
export type DrawerInitReply = Out<typeof drawerInitReply>;
export type DrawerListReply = Out<typeof drawerListReply>;
export type DrawerMovementsReply = Out<typeof drawerMovementsReply>;
export type DrawerRecentShiftsReply = Out<typeof drawerRecentShiftsReply>;
export type DrawerSetupListReply = Out<typeof drawerSetupListReply>;
export type DrawerShiftReply = Out<typeof drawerShiftReply>;
export type DrawerShiftReportReply = Out<typeof drawerShiftReportReply>;
export type TransactionReportReply = Out<typeof transactionReportReply>;
export type ShiftLogReply = Out<typeof shiftLogReply>;
export type DailyLogReply = Out<typeof dailyLogReply>;
