import type { DatabaseHandle } from '../db/database.js';
import { GENESIS_HASH, hourOf, periodHash, periodsOf, rowHash, type DigestRow } from '../money/ledger-digest.js';
import { ledgerDigestRepository, type DigestRecord } from '../repositories/ledger-digest.repository.js';

/** Ledger rows one digest step reads at most (as the reports' refresher: SQLite's steps stay small). */
const BATCH = { sqlite: 1000, postgres: 5000 } as const;

export interface DigestOutcome {
  /** Ledger rows digested by this step. */
  digested: number;
  /** Periods written. */
  periods: number;
  /** A full batch was read, or another server's step moved the watermark first: more may wait now. */
  backlog: boolean;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One digest step (docs/COMPLIANCE.md): the ledger rows above the digest watermark that are certainly
 * committed (ledger-digest.repository.ts `safeLedgerId`) and of an hour already ended at `now`, cut
 * before the first row of the current hour (and a full batch before its last hour's first row); per store, grouped into periods of one hour each
 * (money/ledger-digest.ts `periodsOf`) and chained onto the store's last period. Rows are read and hashed
 * before the step's transaction, which only writes the periods, the rows' own hashes and the watermark;
 * another server's step that moved the watermark first makes this one write nothing. The money path
 * never waits for it and never writes these tables.
 */
export async function digestStep(handle: DatabaseHandle, now = Date.now()): Promise<DigestOutcome> {
  const none = { digested: 0, periods: 0, backlog: false };
  const seen = await ledgerDigestRepository.watermark(handle.db, handle.dialect, false);
  const safe = await ledgerDigestRepository.safeLedgerId(handle.db, handle.dialect);
  if (safe <= seen) return none;
  const read = await ledgerDigestRepository.rowsAbove(handle.db, seen, safe, BATCH[handle.dialect]);
  await turn();
  const full = read.length === BATCH[handle.dialect];
  let cut = read.findIndex((r) => String(r.at) >= hourOf(new Date(now).toISOString()));
  const atNow = cut >= 0;
  // A full batch leaves its last hour's rows to the next step, which reads that hour whole (unless the batch is one hour).
  if (!atNow && full) {
    const lastHour = hourOf(String(read[read.length - 1]!.at));
    const before = read.findIndex((r) => String(r.at) >= lastHour);
    if (before > 0) cut = before;
  }
  const rows = cut < 0 ? read : read.slice(0, cut);
  if (rows.length === 0) return none;

  const byStore = new Map<number, DigestRow[]>();
  for (const r of rows) {
    const list = byStore.get(Number(r.store_id));
    if (list) list.push(r);
    else byStore.set(Number(r.store_id), [r]);
  }
  const heads = await ledgerDigestRepository.heads(handle.db, [...byStore.keys()]);
  const madeAt = new Date(now).toISOString();
  const digests: DigestRecord[] = [];
  for (const [storeId, list] of byStore) {
    let head = heads.get(storeId);
    for (const p of periodsOf(list)) {
      const prevHash = head?.hash ?? GENESIS_HASH;
      const prevLastId = head?.last_id ?? 0;
      const { hash, figures } = periodHash(prevHash, prevLastId, storeId, p.rows);
      head = {
        store_id: storeId, seq: (head?.seq ?? 0) + 1, prev_last_id: prevLastId, first_id: figures.firstId, last_id: figures.lastId,
        count: figures.count, sum_cents: figures.sumCents, hour: p.hour, prev_hash: prevHash, hash, made_at: madeAt,
      };
      digests.push(head);
    }
  }
  const rowHashes = rows.map((r) => ({ ledger_id: Number(r.id), store_id: Number(r.store_id), hash: rowHash(r) }));
  const upTo = Number(rows[rows.length - 1]!.id);
  await turn();
  return handle.db.transaction().execute(async (tx) => {
    if ((await ledgerDigestRepository.watermark(tx, handle.dialect, true)) !== seen) return { ...none, backlog: true };
    await ledgerDigestRepository.insertDigests(tx, digests);
    await ledgerDigestRepository.insertRowHashes(tx, rowHashes);
    await ledgerDigestRepository.setWatermark(tx, upTo);
    // Derived from rows already on disk, moved with the watermark: a power cut loses both, and the next step digests the same rows again.
    handle.sqliteWal?.commitWithoutWaiting();
    return { digested: rows.length, periods: digests.length, backlog: full && !atNow };
  });
}

/**
 * Runs digest steps until nothing more can be digested now (the job's beat, tests); `stop`: a shutdown
 * ends it before its next step (the database is about to close).
 */
export async function digestLedger(handle: DatabaseHandle, now = Date.now(), stop?: AbortSignal): Promise<number> {
  let total = 0;
  for (let i = 0; i < 1_000_000 && !stop?.aborted; i++) {
    const step = await digestStep(handle, now);
    total += step.digested;
    if (!step.backlog) break;
    await turn();
  }
  return total;
}
