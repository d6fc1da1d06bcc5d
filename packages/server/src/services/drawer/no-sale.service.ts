import { Status } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import type { Actor } from '../../domain/actor.js';
import { refuse } from '../../domain/status-refusal.js';
import { auditRepository } from '../../repositories/audit.repository.js';
import { storeScope } from '../../repositories/store-scope.js';
import { audited } from '../change.js';
import { openStore } from '../store/store-guard.js';
import type { Deps } from '../deps.js';
import { callerShift } from './shift-steps.js';

/** The far end of "this shift so far" for the count of openings. */
const END_OF_TIME = '9999-12-31T23:59:59.999Z';

/**
 * "No sale" (docs/HARDWARE.md): the caller's cash drawer opened with no movement, recorded before it
 * opens (the web pulses the drawer only once this answers), so every opening has its row: who, which
 * drawer, which shift, when. Only at one's own open shift, never at a frozen drawer or in a frozen
 * store; a viewer never (the matrix). A lost reply and a second press leave two rows and one opening: never an
 * opening without its row.
 */
export async function noSale(deps: Deps, actor: Actor): Promise<{ at: string; this_shift: number }> {
  return audited(deps, actor, async (tx, audit) => {
    const db = tx.handle.db;
    await openStore(storeScope(db, actor.storeId));
    const { shift, drawer } = await callerShift(db, actor);
    if (drawer.frozen === 1) refuse(Status.DRAWER_FROZEN);
    const at = isoNow();
    await audit({ kind: 'drawer.no_sale', target: { type: 'drawer', id: drawer.id, label: String(drawer.number) }, after: { shift_id: shift.id, at } });
    const thisShift = await auditRepository.count(db, { storeId: actor.storeId, accountId: actor.accountId, kinds: ['drawer.no_sale'], from: shift.started_at, to: END_OF_TIME });
    return { at, this_shift: thisShift };
  });
}
