import type { CallPath } from '@moneybox/contract';

/**
 * The calls that only read. Everything else in the call map is a write and goes through the one
 * mutation path (`api/write.ts`, `useKeyedCall` for money): a call added to the map is a write until
 * it is listed here, so it cannot skip the progress overlay by default.
 */
export const READ_PATHS = [
  '/config/localtime',
  '/config/key',
  '/config/announce',
  '/config/maintain',
  '/user/menu',
  '/user/list',
  '/drawer/list',
  '/drawer/info',
  '/drawer/movements',
  '/drawer/setupList',
  '/drawer/shiftReport',
  '/drawer/recentShifts',
  '/drawer/xReport',
  '/drawer/transaction',
  '/drawer/shiftLog',
  '/drawer/dailyLog',
  '/drawer/largePayouts',
  '/dayClose/get',
  '/customer/search',
  '/customer/info',
  '/customer/getDayLimit',
  '/customer/blockState',
  '/customer/history',
  '/customer/giftHistory',
  '/customer/customerInfo',
  '/customer/protected',
  '/machine/list',
  '/kiosk/boxes',
  '/store/info',
  '/store/quota',
  '/audit/list',
  '/audit/export',
  '/bulletin/news',
  '/bulletin/event_news',
  '/bulletin/download',
  '/bulletin/regulations',
] as const satisfies readonly CallPath[];

export type ReadPath = (typeof READ_PATHS)[number];
/** A call that changes something: only through `runWrite` / `useWrite` / `useApiMutation`, or `useKeyedCall` for money. */
export type WritePath = Exclude<CallPath, ReadPath>;
