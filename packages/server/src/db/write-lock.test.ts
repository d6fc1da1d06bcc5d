import { describe, expect, it } from 'vitest';
import { MAIN_THREAD, MONEY_WORKER_THREAD, WriteLock } from './write-lock.js';

/** Two threads' views of one lock (the same memory), driven from this one. */
function pair() {
  const memory = WriteLock.memory();
  return { main: new WriteLock(memory, MAIN_THREAD), worker: new WriteLock(memory, MONEY_WORKER_THREAD) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the writer lock between threads (db/write-lock.ts)', () => {
  it('serves its takers in the order they came, whichever thread they are on', async () => {
    const { main, worker } = pair();
    const order: string[] = [];
    await main.acquire();
    const w = worker.acquire().then(() => order.push('worker'));
    const m = main.acquire().then(() => order.push('main again'));
    await settle();
    expect(order).toEqual([]); // both wait while the first holds it
    main.release();
    await w;
    await settle();
    expect(order).toEqual(['worker']); // the main thread's second turn waits for the worker's
    worker.release();
    await m;
    expect(order).toEqual(['worker', 'main again']);
    main.release();
  });

  it('hands on the turn of a thread that ended holding the lock', async () => {
    const { main, worker } = pair();
    await worker.acquire();
    let mine = false;
    const m = main.acquire().then(() => (mine = true));
    await settle();
    expect(mine).toBe(false);
    main.abandon(MONEY_WORKER_THREAD);
    await m;
    expect(mine).toBe(true);
    main.release();
  });

  it('skips the turn of a thread that ended waiting for the lock', async () => {
    const { main, worker } = pair();
    await main.acquire();
    void worker.acquire(); // never comes back: the thread "ended" while waiting
    await settle();
    const next = main.acquire();
    main.abandon(MONEY_WORKER_THREAD);
    main.release();
    await next; // served after the dead thread's turn was skipped
    main.release();
    await main.acquire(); // and the lock is free again after it
    main.release();
  });
});
