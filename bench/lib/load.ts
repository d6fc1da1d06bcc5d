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

export function runPurchaseLoad(load: PurchaseLoad): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: load });
    worker.once('error', reject);
    worker.once('message', (m: { latencies: number[]; errors: number; firstError: string; exhausted: boolean; totalMs: number }) => {
      const latencies = m.latencies.sort((a, b) => a - b);
      resolve({ n: latencies.length, totalMs: m.totalMs, latencies, errors: m.errors, firstError: m.firstError, exhausted: m.exhausted });
      void worker.terminate();
    });
  });
}
