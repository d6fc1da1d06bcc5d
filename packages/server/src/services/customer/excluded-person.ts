import { RefusalReason, Status } from '@moneybox/contract';
import { refuse } from '../../domain/status-refusal.js';
import { PERMANENT_UNTIL } from '../../money/protection.js';
import type { StoreScope } from '../../repositories/store-scope.js';

/**
 * Self-exclusion follows the person, not the record: a person is their ID key (contract
 * document-number.ts, hashed as money/protection.ts idCardHash), matched within the store and, when
 * the operator shares exclusions, across its stores (migration 021's shared scope).
 */

/** Why an ID number is refused: it is a self-excluded person's (`person`), or the record's own exclusion holds its number (`id_change`). */
type Why = 'person' | 'id_change';

function refuseExcluded(x: { since: string; until: string }, why: Why): never {
  const until = x.until === PERMANENT_UNTIL ? null : x.until;
  const error = why === 'person' ? 'this ID number belongs to a self-excluded customer' : 'the ID number of a self-excluded customer cannot be changed';
  return refuse(Status.CUSTOMER_ERROR, { reason: RefusalReason.PROTECTED, protection: 'exclusion', until, excluded: why, error });
}

/**
 * A record may not take an ID number whose person is self-excluded (another record of the store, or
 * another store of the operator when it shares): a new registration or an edit to it is refused
 * (17 'protected', `excluded: 'person'`). `except` is the record being edited.
 */
export async function mustNotBeExcludedPerson(scope: StoreScope, hash: string, at: string, except = 0): Promise<void> {
  const here = await scope.customers.exclusionOfKey(hash, at, except);
  const there = await scope.sharedExclusions.match(hash, at);
  const x = here && (!there || here.until >= there.until) ? here : there;
  if (x) refuseExcluded(x, 'person');
}

/** A record under a running self-exclusion (its own or shared) keeps its ID number: another key would escape it (17 'protected', `excluded: 'id_change'`). */
export function mustKeepExcludedId(running: { kind: string; since: string; until: string | null } | null): void {
  if (running?.kind === 'exclusion') refuseExcluded({ since: running.since, until: running.until ?? PERMANENT_UNTIL }, 'id_change');
}
