import { z } from 'zod';
import { amount, auth, id, key } from './common.js';

export const drawerStatus = z.enum(['available', 'occupied', 'frozen']);
export type DrawerStatus = z.infer<typeof drawerStatus>;

export const drawerListRequest = z.object({
  kioskID: id,
  freeze: z.unknown().optional(),
  fields: z.unknown().optional(),
});
export const drawerListItem = z.object({
  id: z.number().int(),
  number: z.number().int(),
  status: drawerStatus,
  freeze: z.boolean(),
  account: z.string().nullable(),
  createTime: z.string(),
  lastLogin: z.string().nullable(),
});
export const drawerListReply = z.object({ status: z.literal(0), list: z.array(drawerListItem) });

export const drawerInitRequest = auth.extend({ amount, key });
export const drawerInitReply = z.object({ status: z.literal(0), initial_amount: z.number(), balance: z.number() });

export const drawerShiftRequest = auth;
/** Shift-close numbers (spec section 3); amounts in currency units, times ISO-8601 UTC. */
export const shiftReport = z.object({
  shift_id: z.number().int(),
  moneybox: z.number().int(),
  account: z.string(),
  closedBy: z.string().nullable(),
  createTime: z.string(),
  shiftTime: z.string().nullable(),
  initial_amount: z.number(),
  fills: z.number(),
  bleeds: z.number(),
  purchases: z.number(),
  redeems: z.number(),
  comps: z.number(),
  special_comps: z.number(),
  balance: z.number(),
  counted: z.number().nullable(),
  over_short: z.number().nullable(),
});
export type ShiftReport = z.infer<typeof shiftReport>;
export const drawerShiftReply = shiftReport.extend({ status: z.literal(0) });
