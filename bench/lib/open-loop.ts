/**
 * Purchases from many stores through the real HTTP API, open-loop or closed-loop
 * (bench/lib/open-loop-worker.mjs, in a worker thread so the client's CPU work is off the
 * server's event loop), and the stores they need: N stores × D drawers, each drawer a cashier
 * with an open shift and its own customers.
 */
import { Worker } from 'node:worker_threads';
import { SaType } from '@moneybox/contract';
import { hashSecret } from '../../packages/server/src/auth/password.js';
import { hashToken, newToken } from '../../packages/server/src/auth/token.js';
import type { Db } from '../../packages/server/src/db/database.js';
import { accountRepository } from '../../packages/server/src/repositories/account.repository.js';
import { createOpenStore } from '../../packages/server/src/testing/money-load.js';
import type { BenchServer } from './api.js';

/** One drawer's cashier: the session to send with, and the customers of its store. */
export interface PurchaseTarget {
  UID: number;
  TOKEN: string;
  customers: number[];
}

/**
 * `stores` stores from `firstKiosk` on, `drawers` drawers each with a cashier holding it (initial
 * amount counted), `customers` customers each, no purchase limits, credit for any run. Accounts
 * share one password hash and sessions are written as a login writes them: set-up in seconds,
 * not 600 password hashes (none of it is timed).
 */
export async function setupStores(db: Db, server: BenchServer, opts: { firstKiosk: number; stores: number; drawers: number; customers: number }): Promise<PurchaseTarget[]> {
  const passwordHash = await hashSecret('bench1234');
  const at = new Date().toISOString();
  const pending: Array<{ kiosk: number; drawer: number; UID: number; TOKEN: string; customers: number[] }> = [];
  for (let s = 0; s < opts.stores; s++) {
    const kiosk = opts.firstKiosk + s;
    await createOpenStore(db, kiosk, opts.drawers, `Bench ${kiosk}`);
    const customers = await db
      .insertInto('customer')
      .values(
        Array.from({ length: opts.customers }, (_, j) => ({
          store_id: kiosk,
          mobile_id: `${kiosk}${String(j + 1).padStart(4, '0')}`,
          pin_hash: 'bench-no-pin',
          first_name: `First${j}`,
          last_name: `Last${j}`,
          name_search: `first${j} last${j}`,
          phone: `55${kiosk}${j}`,
          birthday: '1970-01-01',
          created_at: at,
          updated_at: at,
        })),
      )
      .returning('id')
      .execute();
    for (let d = 1; d <= opts.drawers; d++) {
      const UID = await accountRepository.insert(db, { store_id: kiosk, username: `b${kiosk}d${d}`, password_hash: passwordHash, sa_type: SaType.CASHIER, created_at: at });
      const TOKEN = newToken();
      await db.insertInto('session').values({ store_id: kiosk, account_id: UID, token_hash: hashToken(TOKEN), mode: 'pos', created_at: at, last_seen_at: at }).execute();
      pending.push({ kiosk, drawer: d, UID, TOKEN, customers: customers.map((c) => c.id) });
    }
  }
  // Each cashier takes their drawer and counts the opening float through the API, 8 at a time.
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < pending.length) {
        const p = pending[next++]!;
        await server.call('/user/chooseDrawer', { UID: p.UID, TOKEN: p.TOKEN, moneybox: p.drawer });
        const { key } = await server.call('/config/key');
        await server.call('/drawer/init', { UID: p.UID, TOKEN: p.TOKEN, amount: 100, key });
      }
    }),
  );
  return pending.map(({ UID, TOKEN, customers }) => ({ UID, TOKEN, customers }));
}

export interface LoadRun {
  base: string;
  targets: PurchaseTarget[];
  keys: string[];
  warmupMs: number;
  measureMs: number;
  /** Currency units per purchase. */
  amount: number;
  /** Keep-alive connections at most (the open loop's requests queue for one when all are busy). */
  connections: number;
}

export interface LoadOutcome {
  /** Latencies of the measured purchases answered 0, ms, sorted. */
  latencies: number[];
  /** Measured purchases (answered 0 or not). */
  measured: number;
  errors: number;
  firstError: string;
  exhausted: boolean;
  measureMs: number;
  /** Open loop: how long after the last due time the last answer came. */
  overrunMs: number;
}

function runWorker(data: object): Promise<LoadOutcome> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./open-loop-worker.mjs', import.meta.url), { workerData: data });
    worker.once('error', reject);
    worker.once('message', (m: LoadOutcome) => {
      m.latencies.sort((a, b) => a - b);
      resolve(m);
      void worker.terminate();
    });
  });
}

/** Purchases due at a fixed rate (per second); latency from each one's due time. */
export const openLoop = (run: LoadRun, rate: number) => runWorker({ ...run, mode: 'open', rate });

/** `concurrency` clients as fast as the server answers: the maximum throughput. */
export const closedLoop = (run: LoadRun, concurrency: number) => runWorker({ ...run, mode: 'closed', concurrency });
