import { CompiledQuery } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { customerSearchQuery } from '../../repositories/customer.repository.js';
import { describeOnDatabases } from '../../testing/server.js';

/** Counter searches must stay fast at a million customers: each one has to run on an index. */
describeOnDatabases('customer search query plans', (s, dialect) => {
  beforeAll(async () => {
    // Enough customers, with statistics, for the planner to judge as it would in a real store.
    const at = new Date().toISOString();
    for (let batch = 0; batch < 10; batch++) {
      const rows = Array.from({ length: 300 }, (_, i) => {
        const n = batch * 300 + i;
        const first = `n${(n * 7919) % 9973}`;
        return {
          store_id: 1001,
          mobile_id: String(500_000_000 + n),
          pin_hash: 'x',
          first_name: first,
          last_name: 'test',
          name_search: `${first} test`,
          last_search: `test ${first}`,
          phone: String(3_000_000_000 + ((n * 104729) % 999_999_937)),
          created_at: at,
          updated_at: at,
        };
      });
      await s.handle.db.insertInto('customer').values(rows).execute();
    }
    await s.handle.db.executeQuery(CompiledQuery.raw('ANALYZE'));
  });

  async function plan(q: { compile(): CompiledQuery }): Promise<string> {
    const c = q.compile();
    if (dialect === 'sqlite') {
      const r = await s.handle.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${c.sql}`, [...c.parameters]));
      return r.rows.map((x) => x.detail).join('\n');
    }
    // On a tiny table the planner rightly prefers a scan; forbidding scans shows whether an index can serve the query.
    return s.handle.db.transaction().execute(async (tx) => {
      await tx.executeQuery(CompiledQuery.raw('SET LOCAL enable_seqscan = off'));
      const r = await tx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${c.sql}`, [...c.parameters]));
      return r.rows.map((x) => x['QUERY PLAN']).join('\n');
    });
  }

  const db = () => s.handle.db;
  it('finds by id on customer_store_id or the primary key', async () => {
    const p = await plan(customerSearchQuery.byId(db(), 1001, 3));
    expect(p).toMatch(dialect === 'sqlite' ? /customer USING (INTEGER PRIMARY KEY|INDEX customer_store_id)/ : /Index Scan using (customer_pkey|customer_store_id) on customer/);
    expect(p).not.toMatch(/SCAN customer|Seq Scan on customer/);
  });

  it('finds by mobile id on its unique index', async () => {
    const p = await plan(customerSearchQuery.byMobileId(db(), 1001, '10010001'));
    expect(p).toMatch(/customer_mobile/);
  });

  it('finds by name prefix on the name index, in index order', async () => {
    const p = await plan(customerSearchQuery.byNamePrefix(db(), 1001, dialect, 'ali', 20));
    expect(p).toMatch(dialect === 'sqlite' ? /SEARCH customer USING INDEX customer_store_name \(store_id=\? AND name_search>\? AND name_search<\?\)/ : /Index Scan using customer_store_name_prefix on customer/);
    expect(p).not.toMatch(/SCAN customer|Seq Scan on customer|TEMP B-TREE/);
  });

  it('finds by last-name prefix on the last-name index, in index order', async () => {
    const p = await plan(customerSearchQuery.byLastNamePrefix(db(), 1001, dialect, 'smi', 20));
    expect(p).toMatch(dialect === 'sqlite' ? /SEARCH customer USING INDEX customer_store_last_name \(store_id=\? AND last_search>\? AND last_search<\?\)/ : /Index Scan using customer_store_last_name_prefix on customer/);
    expect(p).not.toMatch(/SCAN customer|Seq Scan on customer|TEMP B-TREE/);
  });

  it('finds by phone prefix on the phone index', async () => {
    const p = await plan(customerSearchQuery.byPhonePrefix(db(), 1001, dialect, '217555', 20));
    expect(p).toMatch(dialect === 'sqlite' ? /SEARCH customer USING INDEX customer_store_phone \(store_id=\? AND phone>\? AND phone<\?\)/ : /Index Scan using customer_store_phone_prefix on customer/);
    expect(p).not.toMatch(/SCAN customer|Seq Scan on customer|TEMP B-TREE/);
  });
});
