import type { LiveIds } from '@moneybox/contract';
import type { BusEvent, LiveBatch } from '../bus/server-bus.js';

/** Changes are gathered this long, then sent as one bus message for every store that moved. */
const LIVE_BATCH_MS = 150;
/** A store's burst above this many ids of one kind is sent as 'all' (the screens refetch what they show). */
const MAX_IDS = 200;
/** PostgreSQL's NOTIFY payload must stay under 8000 bytes: batches are split below this. */
const MAX_PAYLOAD = 7000;

interface Pending {
  machines: Set<number> | 'all';
  customers: Set<number> | 'all';
  formerOwners: Set<number>;
}

/** What moved in a store; `{}`: the store's own state (a shift, its credit, frozen), for the console's stores screen. */
export interface LiveChange {
  machines?: number[];
  customers?: number[];
  /** The distributor accounts the store was just moved away from (their console stores screens drop it). */
  formerOwners?: number[];
}

/**
 * What moved, for the signed-in web clients of each store (http/live-hub.ts delivers it). Noting a
 * change only adds ids to an in-memory set: no database round trip inside anyone's transaction.
 * Callers note after their commit; every LIVE_BATCH_MS the sets go out on the bus in one message
 * (one NOTIFY on PostgreSQL, split only past its size limit), so 1,000 terminals each playing a
 * round every 2 s cost about 7 bus messages a second, not 500.
 */
export class LiveChanges {
  private pending = new Map<number, Pending>();
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly publish: (e: BusEvent) => Promise<void>,
    private readonly onError: (err: unknown) => void = () => undefined,
    private readonly batchMs = LIVE_BATCH_MS,
  ) {}

  note(storeId: number, change: LiveChange): void {
    if (this.closed) return;
    let p = this.pending.get(storeId);
    if (!p) {
      p = { machines: new Set(), customers: new Set(), formerOwners: new Set() };
      this.pending.set(storeId, p);
    }
    p.machines = add(p.machines, change.machines);
    p.customers = add(p.customers, change.customers);
    for (const id of change.formerOwners ?? []) p.formerOwners.add(id);
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.batchMs);
      this.timer.unref();
    }
  }

  /** Sends what was gathered (the timer does it; shutdown does it once more). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const batches: LiveBatch[] = [...this.pending].map(([store, p]) => ({ store, machines: ids(p.machines), customers: ids(p.customers), ...(p.formerOwners.size ? { formerOwners: [...p.formerOwners] } : {}) }));
    this.pending = new Map();
    for (const chunk of chunks(batches)) {
      try {
        await this.publish({ kind: 'live', batches: chunk });
      } catch (err) {
        // A lost batch costs only liveness: the screens' fallback poll catches up.
        this.onError(err);
      }
    }
  }

  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }
}

function add(set: Set<number> | 'all', more: number[] | undefined): Set<number> | 'all' {
  if (set === 'all' || !more) return set;
  for (const id of more) set.add(id);
  return set.size > MAX_IDS ? 'all' : set;
}

const ids = (s: Set<number> | 'all'): LiveIds => (s === 'all' ? 'all' : [...s]);

function chunks(batches: LiveBatch[]): LiveBatch[][] {
  const out: LiveBatch[][] = [];
  let current: LiveBatch[] = [];
  let size = 0;
  for (const b of batches) {
    const n = JSON.stringify(b).length + 1;
    if (current.length > 0 && size + n > MAX_PAYLOAD) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(b);
    size += n;
  }
  if (current.length > 0) out.push(current);
  return out;
}
