import { isoNow } from '../../clock.js';
import type { ConsoleActor } from '../../domain/console-actor.js';
import { exclusionSharingRepository, ownerSummary } from '../../repositories/exclusion-sharing.repository.js';
import { idCardHash } from '../../money/protection.js';
import type { Deps } from '../deps.js';
import { consoleAudited } from './console-audit.js';

/**
 * Self-exclusions shared across an operator's stores on an ID match (issue 24, docs/DECISIONS.md
 * "Shared exclusions"): the switch of a store's operator (its distributor, or the platform's own stores).
 * Anyone who reaches the store reads it; the admin switches it (audited).
 */
export async function getExclusionSharing(deps: Deps, actor: ConsoleActor, input: { kid: number }) {
  const db = deps.handle.db;
  const owner = await exclusionSharingRepository.ownerOf(db, input.kid);
  const [summary, state] = await Promise.all([ownerSummary(db, owner), exclusionSharingRepository.state(db, owner)]);
  return { owner: summary.name, stores: summary.stores, on: state !== null, since: state?.since ?? null };
}

/**
 * Switches sharing on (the exclusions running in the operator's stores are shared at once: ID cards
 * without a hash yet are hashed first) or off (no store of the operator carries another's exclusion
 * any more). Asking for the state it is in changes nothing and writes no row.
 */
export async function setExclusionSharing(deps: Deps, actor: ConsoleActor, input: { kid: number; on: boolean }) {
  const before = await getExclusionSharing(deps, actor, { kid: input.kid });
  if (before.on === input.on) return {};
  return consoleAudited(deps, actor, async (tx, audit) => {
    const db = tx.handle.db;
    const owner = await exclusionSharingRepository.ownerOf(db, input.kid);
    const at = isoNow();
    if (input.on) {
      for (const c of await exclusionSharingRepository.unhashed(db, owner)) await exclusionSharingRepository.setHash(db, c.id, idCardHash(c.drivers_license));
      await exclusionSharingRepository.switchOn(db, owner, actor.accountId, at);
    } else {
      await exclusionSharingRepository.switchOff(db, owner);
    }
    await audit({
      storeId: input.kid,
      kind: 'console.exclusion_sharing',
      target: { type: 'platform', id: owner, label: before.owner ?? 'platform' },
      before: { on: before.on },
      after: { on: input.on, stores: before.stores },
    });
    return {};
  });
}
