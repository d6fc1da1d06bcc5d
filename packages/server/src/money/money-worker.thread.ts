import { parentPort, workerData } from 'node:worker_threads';
import { setClockOffset } from '../clock.js';
import { openSqlite } from '../db/database.js';
import { MONEY_WORKER_THREAD } from '../db/write-lock.js';
import { moveCustomerMoneyWithSession } from './fresh-session.js';
import { observeMoney } from './money-observer.js';
import type { WorkerAnswer, WorkerAnswers, WorkerCalls } from './money-worker-messages.js';
import { Refusal } from './refusal.js';

/**
 * The money worker's thread (money-worker.ts): its own connection to the SQLite file, the money
 * core's calls run on it, the answers sent back once their batch is on disk.
 */
const { file, writeLock } = workerData as { file: string; writeLock: SharedArrayBuffer };
const port = parentPort!;
const handle = openSqlite(file, { writeLock, thread: MONEY_WORKER_THREAD });

let out: WorkerAnswers = { answers: [], batches: [], movements: [] };
let sending = false;
observeMoney({
  groupCommit: (calls) => void out.batches.push(calls),
  movementCommitted: (m) => void out.movements.push(m),
});

/** A batch's answers resolve together (after its fsync): they leave in one message. */
function send(answer: WorkerAnswer): void {
  out.answers.push(answer);
  if (sending) return;
  sending = true;
  setImmediate(() => {
    sending = false;
    const m = out;
    out = { answers: [], batches: [], movements: [] };
    port.postMessage(m);
  });
}

/** The two threads share the wall clock; a difference of seconds is a test's fake clock on the main thread, which the calls follow. */
const CLOCK_TOLERANCE_MS = 2_000;

let inFlight = 0;
let closing = false;

/** Closes the connection once every call sent is answered (the last answers leave first). */
function closeWhenIdle(): void {
  if (!closing || inFlight > 0) return;
  setImmediate(() => void handle.close().then(() => port.close()));
}

async function run({ id, call, clockMs }: WorkerCalls['calls'][number]): Promise<void> {
  inFlight++;
  const offset = clockMs - Date.now();
  setClockOffset(Math.abs(offset) > CLOCK_TOLERANCE_MS ? offset : 0);
  try {
    send({ id, done: await moveCustomerMoneyWithSession(handle, call) });
  } catch (err) {
    if (err instanceof Refusal) send({ id, refusal: { reason: err.reason, kind: err.kind, figures: err.figures } });
    else {
      const e = err as { message?: unknown; code?: unknown };
      send({ id, error: { message: String(e?.message ?? err), ...(typeof e?.code === 'string' ? { code: e.code } : {}) } });
    }
  } finally {
    inFlight--;
    closeWhenIdle();
  }
}

port.on('message', (m: WorkerCalls | 'close') => {
  if (m === 'close') {
    closing = true;
    return closeWhenIdle();
  }
  for (const c of m.calls) void run(c);
});
