import { countUsesStoreDenominations, parseDenominations, Status } from '@moneybox/contract';
import type { Store } from '../../db/schema.js';
import { refuse } from '../../domain/status-refusal.js';

/** The store's own denominations, largest first; empty when it counts the currency's defaults. */
export function storeDenominations(store: Pick<Store, 'denominations'>): string[] {
  if (store.denominations === '') return [];
  try {
    const v = JSON.parse(store.denominations) as unknown;
    return (Array.isArray(v) && parseDenominations(v.map(String))) || [];
  } catch {
    return [];
  }
}

/** A count naming a bill or coin the store does not count is an input error (13). */
export function assertStoreDenominations(store: Pick<Store, 'denominations'>, detail: Record<string, number> | undefined): void {
  if (detail && !countUsesStoreDenominations(detail, storeDenominations(store))) refuse(Status.INPUT_ERROR, { reason: 'denomination' });
}
