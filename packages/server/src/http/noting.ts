import type { AuthedContext } from './call.js';

/**
 * A call's handler that changes one customer (its input's `id`): once it has returned, so its
 * change is committed, the customer's open screens in the store are told (live/live-changes.ts).
 * A refusal throws and notes nothing.
 */
export function notingCustomer<I extends { id: number }, R>(fn: (input: I, ctx: AuthedContext) => Promise<R>) {
  return async (input: I, ctx: AuthedContext): Promise<R> => {
    const r = await fn(input, ctx);
    ctx.deps.live?.note(ctx.caller.storeId, { customers: [input.id] });
    return r;
  };
}
