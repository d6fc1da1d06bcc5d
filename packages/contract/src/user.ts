import { z } from 'zod';
import { auth, id, lang } from './common.js';
import { menuEvent } from './bulletin.js';

export const SaType = { BOSS: 1, CASHIER: 2 } as const;
/** An account type's code: 1 boss, 2 cashier. */
export type SaTypeCode = (typeof SaType)[keyof typeof SaType];
export type SaType = (typeof SaType)[keyof typeof SaType];

export * from './credentials.js';

export const posLoginRequest = z.object({
  mode: z.enum(['pos', 'viewer']),
  username: z.string().max(200),
  password: z.string().max(200),
  /** The kiosk id from the login URL; when given, the account must belong to that store. */
  kiosk_id: id.optional(),
});
export const posLoginReply = z.object({
  status: z.literal(0),
  uid: z.number().int(),
  token: z.string(),
  saType: z.number().int(),
  account: z.string(),
  kid: z.number().int(),
  storename: z.string(),
  moneybox: z.number().int(),
  serverVer: z.string(),
  env: z.string(),
});

export const chooseDrawerRequest = auth.extend({
  moneybox: z.union([z.number().int(), z.string().regex(/^\d{1,6}$/).transform(Number)]),
  lang: z.string().max(10).optional(),
  username: z.string().max(200).optional(),
  kiosk_id: id.optional(),
});
export const chooseDrawerReply = z.object({
  status: z.literal(0),
  kid: z.number().int(),
  account: z.string(),
  moneybox: z.number().int(),
  storename: z.string(),
  serverVer: z.string(),
  env: z.string(),
  initAmount: z.boolean(),
  shift_id: z.number().int(),
});

export const menuRequest = auth.extend({ lang: lang.optional().default('en') });
const menuEntry = z.object({
  func_name: z.string(),
  func_link: z.string(),
  group: z.string(),
  /** 'new' badge: the news entries with items published in the last BULLETIN_NEW_DAYS days. */
  isNew: z.boolean().optional(),
  /** Only on a running event's dynamic entry (func_link /News/event_news/{name}). */
  event: menuEvent.optional(),
});
export type MenuEntry = z.infer<typeof menuEntry>;
export const menuReply = z.object({
  status: z.literal(0),
  menu: z.array(menuEntry),
  /** Every screen link the account may open (the permission matrix); others show 'Permission error'. */
  opens: z.array(z.string()),
  /** Every store call the account may make (the permission matrix's column): the web offers only these actions. */
  calls: z.array(z.string()),
  serverVer: z.string(),
  env: z.string(),
});

/** `/user/logout`: the session is ended; nothing else to say. */
export const logoutReply = z.object({ status: z.literal(0) });
