import { sealSignatureValid } from '../auth/ledger-key.js';
import type { Db, Dialect } from '../db/database.js';
import { ledgerDigestRepository, type DigestRecord, type SealRecord } from '../repositories/ledger-digest.repository.js';
import { GENESIS_HASH, PeriodHasher, dayDigest, rowHash, sealFieldsOf, sealText, type DigestRow } from './ledger-digest.js';

/** One thing the chain check found: its store, what, and the first ledger row it names (null: none to name). */
export interface ChainProblem {
  storeId: number;
  what: 'row' | 'period' | 'seal';
  /** The ledger row that differs first (a changed, removed or added row; a period's or a day's first). */
  row: number | null;
  detail: string;
}

export interface ChainReport {
  problems: ChainProblem[];
  rows: number;
  periods: number;
  seals: number;
}

const ORDER = { row: 0, period: 1, seal: 2 } as const;

/** Rows read per query of the check. */
const CHUNK = 5000;

/** The stored figures a period's hash covers. */
const figuresOf = (d: DigestRecord) => ({ storeId: d.store_id, prevLastId: d.prev_last_id, firstId: d.first_id, lastId: d.last_id, count: d.count, sumCents: d.sum_cents });

/** Periods read per query of a store's walk. */
const PAGE = 1000;

/**
 * A store's periods as the check walks its rows, a page of them at a time: the one being recomputed, its
 * hasher, and its link to the one before (seq one more, on its hash and last id).
 */
class StoreWalk {
  private page: DigestRecord[] = [];
  private i = -1;
  private more = true;
  private cur: DigestRecord | undefined;
  private hasher: PeriodHasher | null = null;
  periods = 0;
  constructor(private readonly db: Db, private readonly storeId: number, private readonly out: ChainProblem[]) {}
  /** The next period, its link checked, its hasher started (undefined past the last). */
  async advance(): Promise<void> {
    const prev = this.cur;
    this.i++;
    if (this.i >= this.page.length && this.more) {
      this.page = await ledgerDigestRepository.digestsAfter(this.db, this.storeId, prev?.seq ?? 0, PAGE);
      this.more = this.page.length === PAGE;
      this.i = 0;
    }
    this.cur = this.page[this.i];
    const d = this.cur;
    if (!d) return;
    this.periods++;
    this.hasher = new PeriodHasher(d.prev_hash);
    if (d.seq !== (prev?.seq ?? 0) + 1 || d.prev_hash !== (prev?.hash ?? GENESIS_HASH) || d.prev_last_id !== (prev?.last_id ?? 0)) {
      this.out.push({ storeId: d.store_id, what: 'period', row: d.first_id, detail: `period ${d.seq} does not follow period ${prev?.seq ?? 0} (a period was removed, or its hash or ids changed)` });
    }
  }
  private finish(): void {
    const d = this.cur!;
    const h = this.hasher!;
    const hash = h.finish(figuresOf(d));
    if (hash !== d.hash || h.count !== d.count || h.sumCents !== d.sum_cents) {
      this.out.push({
        storeId: d.store_id, what: 'period', row: h.firstId ?? d.first_id,
        detail: `period ${d.seq} (rows ${d.prev_last_id + 1}..${d.last_id}, ${d.hour}): ${h.count} rows summing ${h.sumCents} now, ${d.count} summing ${d.sum_cents} when digested; its hash differs`,
      });
    }
  }
  /** Adds a row of this store to the period it falls in: false when no period covers it. */
  async add(row: DigestRow): Promise<boolean> {
    const id = Number(row.id);
    while (this.cur && id > this.cur.last_id) {
      this.finish();
      await this.advance();
    }
    if (!this.cur || id <= this.cur.prev_last_id) return false;
    this.hasher!.add(row);
    return true;
  }
  async end(): Promise<void> {
    while (this.cur) {
      this.finish();
      await this.advance();
    }
  }
}

/**
 * Recomputes the ledger's digests and checks the day seals (docs/COMPLIANCE.md "verify"): every digested
 * row against its own hash (a changed, removed or added row is named), every period's chain hash from its
 * rows and its link to the previous one, every day seal's digest from the day's rows and its signature by
 * `publicKey` (the operator's key; undefined: no key, so a seal cannot be trusted). One pass over the
 * ledger in id order, all stores at once (or one store's rows).
 */
export async function verifyLedgerChain(db: Db, dialect: Dialect, publicKey: string | undefined, storeId?: number): Promise<ChainReport> {
  const out: ChainProblem[] = [];
  const walks = new Map<number, StoreWalk>();
  for (const s of await ledgerDigestRepository.digestStores(db, storeId)) {
    const walk = new StoreWalk(db, s, out);
    await walk.advance();
    walks.set(s, walk);
  }

  const upTo = await ledgerDigestRepository.watermark(db, dialect, false);
  const firstRowProblem = new Map<number, ChainProblem>();
  const rowProblem = (p: ChainProblem) => {
    if (!firstRowProblem.has(p.storeId)) firstRowProblem.set(p.storeId, p);
  };
  let rows = 0;
  let rowsAfter = 0;
  let hashesAfter = 0;
  let rowBuf: DigestRow[] = [];
  let hashBuf: Array<{ ledger_id: number; store_id: number; hash: string }> = [];
  let ri = 0;
  let hi = 0;
  let rowsDone = false;
  let hashesDone = false;
  for (;;) {
    if (ri >= rowBuf.length && !rowsDone) {
      // A turn of the event loop between chunks: on SQLite each read holds the one connection, and the money calls go between.
      await new Promise<void>((resolve) => setImmediate(resolve));
      rowBuf = await ledgerDigestRepository.rowsAbove(db, rowsAfter, upTo, CHUNK, storeId);
      ri = 0;
      if (rowBuf.length < CHUNK) rowsDone = true;
      if (rowBuf.length) rowsAfter = Number(rowBuf[rowBuf.length - 1]!.id);
    }
    if (hi >= hashBuf.length && !hashesDone) {
      hashBuf = await ledgerDigestRepository.rowHashesAbove(db, hashesAfter, upTo, CHUNK, storeId);
      hi = 0;
      if (hashBuf.length < CHUNK) hashesDone = true;
      if (hashBuf.length) hashesAfter = hashBuf[hashBuf.length - 1]!.ledger_id;
    }
    const r = rowBuf[ri];
    const h = hashBuf[hi];
    if (!r && !h) break;
    const rid = r ? Number(r.id) : Infinity;
    const hid = h ? h.ledger_id : Infinity;
    if (r && rid <= hid) {
      rows++;
      const s = Number(r.store_id);
      const covered = (await walks.get(s)?.add(r)) ?? false;
      if (rid < hid) rowProblem({ storeId: s, what: 'row', row: rid, detail: `row ${rid} was not in the ledger when its period was digested (added since, or its id changed)` });
      else {
        if (h!.store_id !== s) rowProblem({ storeId: h!.store_id, what: 'row', row: rid, detail: `row ${rid} was digested as store ${h!.store_id}'s and now is store ${s}'s` });
        else if (rowHash(r) !== h!.hash) rowProblem({ storeId: s, what: 'row', row: rid, detail: `row ${rid} differs from the row digested` });
        else if (!covered) rowProblem({ storeId: s, what: 'row', row: rid, detail: `row ${rid} was digested and no period covers it now (a period was removed)` });
        hi++;
      }
      ri++;
    } else {
      rowProblem({ storeId: h!.store_id, what: 'row', row: hid, detail: `row ${hid} was digested and is gone` });
      hi++;
    }
  }
  for (const w of walks.values()) await w.end();
  out.push(...firstRowProblem.values());

  const seals = await ledgerDigestRepository.seals(db, storeId);
  for (const seal of seals) out.push(...(await sealProblems(db, seal, publicKey)));
  // A store's changed, removed or added rows first (the first of them is the row that differs), then its periods and days.
  out.sort((a, b) => a.storeId - b.storeId || ORDER[a.what] - ORDER[b.what] || (a.row ?? Infinity) - (b.row ?? Infinity));
  return { problems: out, rows, periods: [...walks.values()].reduce((n, w) => n + w.periods, 0), seals: seals.length };
}

async function sealProblems(db: Db, seal: SealRecord, publicKey: string | undefined): Promise<ChainProblem[]> {
  const out: ChainProblem[] = [];
  const at = (detail: string, row: number | null = seal.first_id) => out.push({ storeId: seal.store_id, what: 'seal', row, detail: `day ${seal.day}: ${detail}` });
  const now = dayDigest(await ledgerDigestRepository.windowRows(db, seal.store_id, seal.from_at, seal.to_at));
  if (now.rowsHash !== seal.rows_hash || now.count !== seal.count || now.sumCents !== seal.sum_cents) {
    at(`its ${now.count} rows summing ${now.sumCents} differ from the ${seal.count} summing ${seal.sum_cents} its close signed`);
  }
  if (!sealSignatureValid(seal.public_key, sealText(sealFieldsOf(seal)), seal.signature)) at('its signature does not match its digest');
  else if (publicKey === undefined) at('no ledger key on this server to trust its signature by');
  else if (seal.public_key !== publicKey) at(`signed by a key that is not this server's ledger key (${seal.public_key.slice(-16)})`);
  if (seal.chain_last_id !== null) {
    const d = await ledgerDigestRepository.digestEndingAt(db, seal.store_id, seal.chain_last_id);
    if (!d || d.hash !== seal.chain_hash) at(`the chain's period ending at row ${seal.chain_last_id}, signed at its close, is gone or changed`, seal.chain_last_id);
  }
  return out;
}
