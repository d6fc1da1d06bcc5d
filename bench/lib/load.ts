/** Runs the purchase load (bench/lib/load-worker.mjs) against a listening server and collects the sample. */
import { Worker } from 'node:worker_threads';
import type { Sample } from '../measure.js';

export interface PurchaseLoad {
  /** http://127.0.0.1:<port> */
  base: string;
  concurrency: number;
  sessions: Array<{ UID: number; TOKEN: string }>;
  customerIds: number[];
  /** One-time keys inserted before the run, one per purchase; null: each purchase first calls /config/key. */
  keys: string[] | null;
  warmupMs: number;
  measureMs: number;
  /** Currency units per purchase. */
  amount: number;
}

export interface LoadResult extends Sample {
  errors: number;
  firstError: string;
  /** The pre-inserted keys ran out before the time was up (the sample is still valid, only shorter). */
  exhausted: boolean;
}

/**
 * `during`: started when the warm-up is over; when it settles, the run ends early (its clients
 * finish the purchase in flight). The load is then measured while `during` runs.
 */
export function runPurchaseLoad(load: PurchaseLoad, during?: () => Promise<unknown>): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: load });
    worker.once('error', reject);
    worker.on('message', (m: { measuring: true } | { latencies: number[]; errors: number; firstError: string; exhausted: boolean; totalMs: number }) => {
      if ('measuring' in m) {
        const end = () => worker.postMessage('stop');
        if (during) during().then(end, (err: unknown) => (end(), reject(err)));
        return;
      }
      const latencies = m.latencies.sort((a, b) => a - b);
      resolve({ n: latencies.length, totalMs: m.totalMs, latencies, errors: m.errors, firstError: m.firstError, exhausted: m.exhausted });
      void worker.terminate();
    });
  });
}
