/**
 * The SQLite baseline of the purchase bench: the purchase's writes (key use, shift, customer and
 * store updates, ledger row: the SQL ledger.post() sends) as prepared statements on the database
 * file with better-sqlite3, one transaction at a time, no HTTP, no Kysely, synchronous=FULL.
 * One fsync per commit is what bounds it: the best a server that commits each call alone can do.
 */
import SQLite from 'better-sqlite3';
import type { Sample } from '../measure.js';

export interface BaselineInput {
  file: string;
  storeId: number;
  shifts: Array<{ shiftId: number; drawerId: number; accountId: number }>;
  customerIds: number[];
  keys: string[];
  seconds: number;
  /** Cents per purchase. */
  amount: number;
}

export function sqlitePurchaseBaseline(input: BaselineInput): Sample & { exhausted: boolean } {
  const db = new SQLite(input.file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('busy_timeout = 5000');
  const useKey = db.prepare('UPDATE one_time_key SET used_at = ? WHERE key = ? AND used_at IS NULL AND expires_at > ?');
  const shift = db.prepare(
    'UPDATE shift SET balance_cents = balance_cents + ?, purchases_cents = purchases_cents + ? WHERE id = ? AND store_id = ? AND ended_at IS NULL',
  );
  const customer = db.prepare('UPDATE customer SET entries_cents = entries_cents + ?, winnings_cents = winnings_cents + ? WHERE id = ? AND store_id = ?');
  const store = db.prepare('UPDATE store SET credit_cents = credit_cents + ?, comps_budget_cents = comps_budget_cents + ? WHERE id = ? AND credit_cents >= ?');
  const ledger = db.prepare(
    `INSERT INTO ledger (store_id, at, kind, channel, account_id, drawer_id, shift_id, customer_id, machine_id, amount_cents,
       d_drawer_cents, d_entries_cents, d_winnings_cents, d_credit_cents, d_budget_cents, key, reverts_id, note)
     VALUES (?, ?, 'purchase', 'pos', ?, ?, ?, ?, NULL, ?, ?, ?, 0, ?, 0, ?, NULL, '') RETURNING id`,
  );
  const a = input.amount;
  const purchase = db.transaction((key: string, s: BaselineInput['shifts'][number], customerId: number) => {
    const at = new Date().toISOString();
    const one = (changes: number, what: string) => {
      if (changes !== 1) throw new Error(`baseline ${what} updated ${changes} rows`);
    };
    one(useKey.run(at, key, at).changes, 'key');
    one(shift.run(a, a, s.shiftId, input.storeId).changes, 'shift');
    one(customer.run(a, 0, customerId, input.storeId).changes, 'customer');
    one(store.run(-a, 0, input.storeId, a).changes, 'store');
    return ledger.get(input.storeId, at, s.accountId, s.drawerId, s.shiftId, customerId, a, a, a, -a, key);
  });

  const latencies: number[] = [];
  const start = performance.now();
  const end = start + input.seconds * 1000;
  let i = 0;
  try {
    while (performance.now() < end && i < input.keys.length) {
      const t = performance.now();
      purchase(input.keys[i]!, input.shifts[i % input.shifts.length]!, input.customerIds[(i * 7919) % input.customerIds.length]!);
      latencies.push(performance.now() - t);
      i++;
    }
  } finally {
    db.close();
  }
  const totalMs = performance.now() - start;
  latencies.sort((x, y) => x - y);
  return { n: latencies.length, totalMs, latencies, exhausted: i >= input.keys.length };
}
