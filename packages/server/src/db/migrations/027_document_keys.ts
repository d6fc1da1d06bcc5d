import { createHash } from 'node:crypto';
import { normalizeIdNumber } from '@moneybox/contract';
import type { Kysely } from 'kysely';

/** The ID card's hash as money/protection.ts idCardHash writes it now (the database layer imports no money rule; a migration keeps the form it wrote). */
function idCardHash(number: string): string {
  const n = normalizeIdNumber(number);
  return n === '' ? '' : createHash('sha256').update(`drivers_license:${n}`).digest('hex');
}

/**
 * Self-exclusion follows the person (docs/DECISIONS.md "Self-exclusion follows the person"): the ID
 * number's key is now Unicode NFKC with Cyrillic/Greek look-alikes folded (contract
 * document-number.ts), so every stored key is made again from the number:
 * - customer.id_hash (indexed with the store by migration 021: the lookup within the store and,
 *   through shared_exclusion, across the operator's stores) for every row, not only those written
 *   since 021;
 * - shared_exclusion.id_hash from its customer's;
 * - the running exclusions then reach the records they now match: another record of the same store
 *   takes the store's exclusion (unless its own ends later), a record of another store of the
 *   operator takes a running shared one (as migration 021's spread does).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe tables, not the typed schema */
export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  const rows = await db.selectFrom('customer').select(['id', 'drivers_license', 'id_hash']).execute();
  for (const r of rows) {
    const hash = idCardHash(String(r.drivers_license ?? ''));
    if (hash !== r.id_hash) await db.updateTable('customer').set({ id_hash: hash }).where('id', '=', r.id).execute();
  }
  const shared = await db.selectFrom('shared_exclusion').select(['id', 'customer_id']).execute();
  for (const x of shared) {
    const c = await db.selectFrom('customer').select('id_hash').where('id', '=', x.customer_id).executeTakeFirst();
    if (c) await db.updateTable('shared_exclusion').set({ id_hash: c.id_hash }).where('id', '=', x.id).execute();
  }

  const excluded = await db
    .selectFrom('customer')
    .select(['id', 'store_id', 'id_hash', 'protect_since', 'protect_until'])
    .where('protect_kind', '=', 'exclusion')
    .where('protect_until', '>', now)
    .where('id_hash', '<>', '')
    .execute();
  for (const c of excluded) {
    await db
      .updateTable('customer')
      .set({ protect_kind: 'exclusion', protect_since: c.protect_since, protect_until: c.protect_until })
      .where('store_id', '=', c.store_id)
      .where('id_hash', '=', c.id_hash)
      .where('id', '<>', c.id)
      .where((eb: any) => eb.or([eb('protect_until', 'is', null), eb('protect_until', '<', c.protect_until)]))
      .execute();
  }

  const running = await db.selectFrom('shared_exclusion').select(['owner_id', 'id_hash', 'store_id', 'since', 'until']).where('until', '>', now).where('id_hash', '<>', '').execute();
  for (const x of running) {
    const bound = db.selectFrom('platform_account_store').select('store_id');
    await db
      .updateTable('customer')
      .set({ shared_since: x.since, shared_until: x.until })
      .where('id_hash', '=', x.id_hash)
      .where('store_id', '<>', x.store_id)
      .where((eb: any) => (Number(x.owner_id) === 0 ? eb('store_id', 'not in', bound) : eb('store_id', 'in', bound.where('account_id', '=', x.owner_id))))
      .where((eb: any) => eb.or([eb('shared_until', 'is', null), eb('shared_until', '<', x.until)]))
      .execute();
  }
}
