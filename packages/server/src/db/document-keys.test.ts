import { RefusalReason, Status } from '@moneybox/contract';
import { expect, it } from 'vitest';
import { idCardHash } from '../money/protection.js';
import { newCustomer, openCounter } from '../testing/customer-kit.js';
import { describeOnDatabases } from '../testing/server.js';
import { up } from './migrations/027_document_keys.js';

/**
 * Migration 027 on rows written before it: ID numbers typed in full-width or with look-alikes get the
 * key the new normaliser gives, the shared rows follow their customer, and a running exclusion reaches
 * the person's other record in the store.
 */
describeOnDatabases('migration 027: document keys made again', (s) => {
  it('re-keys the rows and lets a running exclusion reach the person\'s other record', async () => {
    const counter = await openCounter(s, 1000);
    const twin = await newCustomer(s, counter, { drivers_license: 'T1' });
    const excluded = await newCustomer(s, counter, { drivers_license: 'T2' });
    const set = await s.call('/customer/protect', { ...counter, id: excluded.id, kind: 'exclusion', period: '5y' });
    expect(set.status).toBe(Status.OK);
    // As an older release left them: the old key ignored full-width letters and look-alikes.
    const db = s.handle.db;
    await db.updateTable('customer').set({ drivers_license: 'ＭＸ－４４４', id_hash: 'old' }).where('id', '=', twin.id).execute();
    await db.updateTable('customer').set({ drivers_license: 'МX-444' /* Cyrillic Em */, id_hash: '' }).where('id', '=', excluded.id).execute();
    await db.insertInto('shared_exclusion').values({ owner_id: 0, id_hash: 'old', store_id: 1001, customer_id: excluded.id, since: '2026-01-01T00:00:00.000Z', until: '2026-01-02T00:00:00.000Z' }).execute();

    await up(db);

    const rows = await db.selectFrom('customer').select(['id', 'id_hash', 'protect_kind', 'protect_until']).where('id', 'in', [twin.id, excluded.id]).execute();
    for (const r of rows) expect(r.id_hash).toBe(idCardHash('MX444'));
    expect(rows.find((r) => r.id === twin.id)).toMatchObject({ protect_kind: 'exclusion', protect_until: (set.protection as { until: string }).until });
    expect((await db.selectFrom('shared_exclusion').select('id_hash').where('customer_id', '=', excluded.id).executeTakeFirstOrThrow()).id_hash).toBe(idCardHash('MX444'));
    expect(await s.call('/customer/purchase', { ...counter, id: twin.id, amount: 5, key: await s.key() })).toMatchObject({ status: Status.CUSTOMER_ERROR, reason: RefusalReason.PROTECTED });
    await db.deleteFrom('shared_exclusion').execute();
  });
});
