import type { CallInput, CallReply, CustomerSearchType } from '@moneybox/contract';
import { ApiError, callWith } from '../../api/call';
import type { ReadPath } from '../../api/call-kinds';

export type { CustomerRecord, CustomerSearchType } from '@moneybox/contract';

export const SEARCH_TYPES: CustomerSearchType[] = ['any', 'id', 'mobile_id', 'phone', 'name'];

/** Query payloads, one place, so writes can refresh exactly what they change. */
export const infoPayload = (id: number) => ({ type: 'id' as const, rule: String(id) });
export const idPayload = (id: number) => ({ id });

/**
 * A read whose business refusal is shown in place (an inline alert) rather than in a message box.
 * Session loss, a gone page and maintenance still get the spec's global handling.
 */
export function callInline<P extends ReadPath>(path: P, payload: CallInput<P>): Promise<CallReply<P>> {
  return callWith(path, payload, { handle: 'inline' });
}

export function statusOf(err: unknown): number | undefined {
  return err instanceof ApiError && err.failure.kind === 'message' ? err.failure.status : undefined;
}
