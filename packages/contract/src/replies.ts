/**
 * Reply types by name, for the replies code passes around (`DrawerInfoReply` is what /drawer/info
 * answers with status 0); any other call's reply is `CallReply<'/path'>` of the call map. Derived from
 * the reply schemas, types only: the web imports them with `import type` and no zod reaches its bundle.
 */
import type { z } from 'zod';
import type { customerCreateReply, customerDayLimitReply, customerInfoReply, customerMoneyReply, customerSearchReply, customerUpdateReply } from './customer.js';
import type { drawerInfoReply, drawerShiftReply } from './drawer.js';
import type { dailyLogReply, shiftLogReply, transactionReportReply } from './reports.js';

type Out<S extends z.ZodType> = z.output<S>;

export type CustomerCreateReply = Out<typeof customerCreateReply>;
export type CustomerDayLimitReply = Out<typeof customerDayLimitReply>;
export type CustomerInfoReply = Out<typeof customerInfoReply>;
export type CustomerMoneyReply = Out<typeof customerMoneyReply>;
export type CustomerSearchReply = Out<typeof customerSearchReply>;
export type CustomerUpdateReply = Out<typeof customerUpdateReply>;
export type DrawerInfoReply = Out<typeof drawerInfoReply>;
export type DrawerShiftReply = Out<typeof drawerShiftReply>;
export type TransactionReportReply = Out<typeof transactionReportReply>;
export type ShiftLogReply = Out<typeof shiftLogReply>;
export type DailyLogReply = Out<typeof dailyLogReply>;
