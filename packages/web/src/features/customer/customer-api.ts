import type {
  customerBlockReply,
  customerCreateReply,
  customerDayLimitReply,
  customerGiftHistoryReply,
  customerHistoryReply,
  customerInfoReply,
  customerKickReply,
  customerListReply,
  customerMoneyReply,
  customerResetReply,
  customerSearchReply,
  customerUpdateReply,
  CustomerSearchType,
} from '@moneybox/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, call, handleFailure } from '../../api/call';

export type { CustomerRecord, CustomerSearchType } from '@moneybox/contract';
export type SearchReply = z.output<typeof customerSearchReply>;
export type InfoReply = z.output<typeof customerInfoReply>;
export type CreateReply = z.output<typeof customerCreateReply>;
export type UpdateReply = z.output<typeof customerUpdateReply>;
export type MoneyReply = z.output<typeof customerMoneyReply>;
export type DayLimitReply = z.output<typeof customerDayLimitReply>;
export type BlockReply = z.output<typeof customerBlockReply>;
export type ResetReply = z.output<typeof customerResetReply>;
export type KickReply = z.output<typeof customerKickReply>;
export type HistoryReply = z.output<typeof customerHistoryReply>;
export type GiftReply = z.output<typeof customerGiftHistoryReply>;
export type ListReply = z.output<typeof customerListReply>;

export const SEARCH_TYPES: CustomerSearchType[] = ['any', 'id', 'mobile_id', 'phone', 'name'];

/** Query payloads, one place, so writes can refresh exactly what they change. */
export const infoPayload = (id: number) => ({ type: 'id' as const, rule: String(id) });
export const idPayload = (id: number) => ({ id });

/**
 * A call whose business refusal is shown in place (an inline alert) rather than in a message box.
 * Session loss, a gone page and maintenance still get the spec's global handling.
 */
export async function callInline<T extends object>(path: string, payload: object): Promise<T> {
  try {
    return await call<T>(path, payload, { handle: false });
  } catch (err) {
    if (err instanceof ApiError && err.failure.kind !== 'message') void handleFailure(err);
    throw err;
  }
}

export function statusOf(err: unknown): number | undefined {
  return err instanceof ApiError && err.failure.kind === 'message' ? err.failure.status : undefined;
}

/** After a write: the customer's card, limits and block state, the list, the drawer's numbers. */
export function refreshCustomer(client: QueryClient): Promise<unknown> {
  return Promise.all(
    ['/customer/info', '/customer/getDayLimit', '/customer/blockState', '/customer/customerInfo', '/customer/search', '/drawer/info'].map((path) =>
      client.invalidateQueries({ queryKey: [path] }),
    ),
  );
}
