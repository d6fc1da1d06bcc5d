import { countDetailCents, readCountNote, Status, toUnits, writeCountNote, type Cents, type KioskBox, type KioskCollectionSlip } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import type { Actor } from '../../domain/actor.js';
import { refuse } from '../../domain/status-refusal.js';
import { storeScope, type StoreScope } from '../../repositories/store-scope.js';
import { audited } from '../change.js';
import type { Deps } from '../deps.js';
import { assertStoreDenominations } from '../store/denominations.js';

/** What a kiosk's box should hold: the cash it took since its last collection (and what it paid out). */
async function sinceLastCollection(scope: StoreScope, machineId: number) {
  const last = await scope.kioskCash.lastCollection(machineId);
  const since = await scope.kioskCash.since(machineId, last?.up_to_cash_id ?? 0);
  return { last, ...since };
}

/** Every reload kiosk of the store with what its box should hold now. */
export async function kioskBoxes(deps: Deps, actor: Actor): Promise<{ list: KioskBox[] }> {
  const scope = storeScope(deps.handle.db, actor.storeId);
  const kiosks = await scope.kioskCash.kiosks();
  const list: KioskBox[] = [];
  for (const k of kiosks) {
    const s = await sinceLastCollection(scope, k.id);
    list.push({ id: k.id, name: String(k.name), expected: toUnits(s.in_cents), paid_out: toUnits(s.out_cents), last_collection: s.last?.at ?? null });
  }
  return { list };
}

interface CollectInput {
  id: number;
  counted?: Cents | undefined;
  count_detail?: Record<string, number> | undefined;
  reason?: string | undefined;
  key: string;
}

async function slip(scope: StoreScope, collectionId: number): Promise<KioskCollectionSlip> {
  const c = (await scope.kioskCash.findCollection(collectionId))!;
  const counted = c.counted_cents === null ? null : Number(c.counted_cents);
  const expected = Number(c.expected_cents);
  return {
    collection_id: Number(c.id),
    kiosk: String(c.name),
    time: c.at,
    collector: c.collector,
    expected: toUnits(expected),
    counted: counted === null ? null : toUnits(counted),
    over_short: counted === null ? null : toUnits(counted - expected),
    count_detail: readCountNote(c.count_detail),
    reason: c.reason,
  };
}

/**
 * A boss collects a reload kiosk's cash box: expected is what it took since the last collection, the
 * count (total and/or by denomination, agreeing: 35; the store's denominations: 13) gives the box's
 * over/short; a count of a box that took nothing since its last collection is refused (13,
 * `nothing_expected`). Without a count it is marked not collected, which needs a reason (13); the cash stays
 * expected for the next collection. Once per key: a resend answers the same slip. Audited.
 */
export function collectKiosk(deps: Deps, actor: Actor, input: CollectInput): Promise<KioskCollectionSlip> {
  return audited(deps, actor, async (tx, audit) => {
    const scope = storeScope(tx.handle.db, actor.storeId);
    // The kiosk first (locked), then the key: a concurrent collection of the same box has committed by now.
    const kiosk = await scope.kioskCash.lockKiosk(input.id, tx.handle.dialect);
    const done = await scope.kioskCash.findByKey(input.key);
    if (done) return slip(scope, Number(done.id));
    if (!kiosk) refuse(Status.INPUT_ERROR, { reason: 'kiosk' });
    const fromDetail = input.count_detail ? countDetailCents(input.count_detail) : null;
    if (input.counted !== undefined && fromDetail !== null && input.counted !== fromDetail) refuse(Status.AMOUNT_ERROR);
    if (input.count_detail) assertStoreDenominations((await scope.store.find())!, input.count_detail);
    const counted = input.counted ?? fromDetail;
    const reason = input.reason ?? '';
    if (counted === null && reason === '') refuse(Status.INPUT_ERROR, { reason: 'reason' });
    const s = await sinceLastCollection(scope, kiosk.id);
    // A count over nothing taken since the last collection is the same cash counted again (a second boss,
    // a retry with a new key): refused, so a box's cash is counted once. A not-collected mark counts nothing.
    if (counted !== null && s.last_id === (s.last?.up_to_cash_id ?? 0)) refuse(Status.INPUT_ERROR, { reason: 'nothing_expected' });
    // Not collected: the box keeps its cash, so the next collection still expects it (the mark records
    // no cut-off); collected: everything taken up to the last cash row is accounted for.
    const upTo = counted === null ? (s.last?.up_to_cash_id ?? 0) : s.last_id;
    const id = await scope.kioskCash.insertCollection({
      machine_id: kiosk.id,
      at: isoNow(),
      account_id: actor.accountId,
      up_to_cash_id: upTo,
      expected_cents: s.in_cents,
      counted_cents: counted,
      count_detail: input.count_detail ? writeCountNote(input.count_detail) : '',
      reason,
      key: input.key,
    });
    const r = await slip(scope, id);
    await audit({
      kind: counted === null ? 'kiosk.not_collected' : 'kiosk.collect',
      target: { type: 'machine', id: kiosk.id, label: String(kiosk.name) },
      after: { expected: r.expected, counted: r.counted, over_short: r.over_short, reason },
    });
    return r;
  });
}
