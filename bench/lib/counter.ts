/**
 * A store set up for purchase load: many customers (so no single customer row is the bottleneck),
 * several cashiers each holding a drawer with an open shift (like pgbench's tellers), no purchase
 * limits, and more store credit than any run can spend.
 */
import { randomBytes } from 'node:crypto';
import { SaType, cents } from '@moneybox/contract';
import type { Db } from '../../packages/server/src/db/database.js';
import { createAccount, createStore } from '../../packages/server/src/services/operator/operator.service.js';
import { SEED } from '../../packages/server/src/services/audit/audit.js';

export interface CounterStore {
  kiosk: number;
  customerIds: number[];
  cashiers: Array<{ username: string; password: string }>;
}

export async function setupCounterStore(db: Db, opts: { kiosk: number; drawers: number; customers: number }): Promise<CounterStore> {
  await createStore({ handle: { db } }, SEED, {
    id: opts.kiosk,
    name: 'Bench Arcade',
    timezone: 'America/Chicago',
    credit: cents(1_000_000_000_00),
    compsBudget: cents(0),
    maxDrawers: opts.drawers,
    maxMachines: 0,
    limitDay: 31,
    // 0 = no limit: the bench measures the money path, not the limit refusal.
    limitHourly: cents(0),
    limitDaily: cents(0),
    limitWeekly: cents(0),
    drawers: opts.drawers,
  });
  const cashiers = Array.from({ length: opts.drawers }, (_, i) => ({ username: `bench${String(i + 1).padStart(3, '0')}`, password: 'bench1234' }));
  for (const c of cashiers) await createAccount({ handle: { db } }, SEED, { storeId: opts.kiosk, username: c.username, password: c.password, saType: SaType.CASHIER });

  const at = new Date().toISOString();
  const customerIds: number[] = [];
  await db.transaction().execute(async (tx) => {
    const chunk = 500;
    for (let from = 0; from < opts.customers; from += chunk) {
      const rows = Array.from({ length: Math.min(chunk, opts.customers - from) }, (_, j) => {
        const n = from + j + 1;
        return {
          store_id: opts.kiosk,
          mobile_id: `${opts.kiosk}${String(n).padStart(7, '0')}`,
          // Bench customers never log in to a machine: no PIN hash worth the KDF's time.
          pin_hash: 'bench-no-pin',
          first_name: `First${n}`,
          last_name: `Last${n}`,
          name_search: `first${n} last${n}`,
          phone: `555${String(n).padStart(7, '0')}`,
          birthday: '1970-01-01',
          created_at: at,
          updated_at: at,
        };
      });
      const ids = await tx.insertInto('customer').values(rows).returning('id').execute();
      customerIds.push(...ids.map((r) => r.id));
    }
  });
  return { kiosk: opts.kiosk, customerIds, cashiers };
}

/**
 * One-time keys, inserted directly (as /config/key would, one row each) so that fetching them is
 * not part of the timed loop; valid for an hour.
 */
export async function insertKeys(db: Db, n: number): Promise<string[]> {
  const now = Date.now();
  const createdAt = new Date(now).toISOString();
  const expiresAt = new Date(now + 3_600_000).toISOString();
  const keys = Array.from({ length: n }, () => randomBytes(16).toString('base64url'));
  await db.transaction().execute(async (tx) => {
    const chunk = 1000;
    for (let from = 0; from < n; from += chunk) {
      await tx
        .insertInto('one_time_key')
        .values(keys.slice(from, from + chunk).map((key) => ({ key, created_at: createdAt, expires_at: expiresAt })))
        .execute();
    }
  });
  return keys;
}
