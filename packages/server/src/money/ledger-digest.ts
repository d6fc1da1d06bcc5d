import { createHash, type Hash } from 'node:crypto';
import type { DaySealTable } from '../db/schema.js';

/**
 * THE rule of the ledger's digests and day seals (issue 40; docs/COMPLIANCE.md): what text of a ledger
 * row is hashed, how a period's chain hash and a store day's signed digest are made. The background job
 * (jobs/ledger-digests.ts) and the day close write by it, `verify` (money/ledger-chain.ts) recomputes by
 * it, and `scripts/check-ledger-export.mjs` re-implements it with node:crypto alone, from this comment:
 *
 * - a row's canonical text: JSON.stringify of the array of its fields in LEDGER_FIELDS' order, numbers as
 *   numbers, an absent value as null, text as text (`at` as stored, an ISO time);
 * - a row's own hash: the first 16 hex digits of SHA-256("mbx-ledger-row v1\n" + canonical text);
 * - a period's hash: SHA-256 hex of "mbx-ledger-period v1\n" + the previous period's hash (64 zeros for a
 *   store's first) + "\n", then each row's canonical text + "\n" in id order, then
 *   "end <store> <prev_last_id> <first_id> <last_id> <count> <sum of amount_cents>";
 * - a store day's digest: SHA-256 hex of "mbx-ledger-day v1\n" + each canonical text + "\n" of the store's
 *   rows with `at` in the day's window [from, to), in id order; the text signed at the day close is
 *   `sealText` (lines "key value"), signed with Ed25519 (auth/ledger-key.ts).
 */
export const LEDGER_FIELDS = [
  'id', 'store_id', 'at', 'kind', 'channel', 'account_id', 'drawer_id', 'shift_id', 'customer_id', 'machine_id', 'amount_cents',
  'd_drawer_cents', 'd_entries_cents', 'd_winnings_cents', 'd_credit_cents', 'd_budget_cents', 'key', 'reverts_id', 'note',
] as const;

/** The text fields of a ledger row; every other field is a number or null. */
const TEXT_FIELDS: ReadonlySet<string> = new Set(['at', 'kind', 'channel', 'key', 'note']);

export type LedgerField = (typeof LEDGER_FIELDS)[number];
/** A ledger row as read for its digest: every field of LEDGER_FIELDS. */
export type DigestRow = Record<LedgerField, string | number | null>;

/** A store's first period's previous hash. */
export const GENESIS_HASH = '0'.repeat(64);

/** The canonical text of a row (numbers normalised: PostgreSQL's bigint and SQLite's integer read alike). */
export function canonicalRow(row: DigestRow): string {
  return JSON.stringify(LEDGER_FIELDS.map((f) => {
    const v = row[f];
    if (v === null || v === undefined) return null;
    return TEXT_FIELDS.has(f) ? String(v) : Number(v);
  }));
}

/** A row's own short hash (names the row that differs; the period hash is what proves). */
export function rowHash(row: DigestRow): string {
  return createHash('sha256').update(`mbx-ledger-row v1\n${canonicalRow(row)}`).digest('hex').slice(0, 16);
}

/** A period's figures: its store, the ids it covers (prev_last_id, last_id], its count and sum. */
export interface PeriodFigures {
  storeId: number;
  prevLastId: number;
  firstId: number;
  lastId: number;
  count: number;
  sumCents: number;
}

/** A period's chain hash, built row by row (verify streams the rows; the job has them in hand). */
export class PeriodHasher {
  private readonly h: Hash;
  count = 0;
  sumCents = 0;
  firstId: number | null = null;
  lastId: number | null = null;
  constructor(readonly prevHash: string) {
    this.h = createHash('sha256').update(`mbx-ledger-period v1\n${prevHash}\n`);
  }
  add(row: DigestRow): void {
    this.h.update(`${canonicalRow(row)}\n`);
    this.count++;
    this.sumCents += Number(row.amount_cents);
    this.firstId ??= Number(row.id);
    this.lastId = Number(row.id);
  }
  /** The hash over the rows added and the period's figures (the stored ones, so a changed figure shows too). */
  finish(f: PeriodFigures): string {
    return this.h.update(`end ${f.storeId} ${f.prevLastId} ${f.firstId} ${f.lastId} ${f.count} ${f.sumCents}`).digest('hex');
  }
}

/** A period's hash over rows in hand. */
export function periodHash(prevHash: string, prevLastId: number, storeId: number, rows: readonly DigestRow[]): { hash: string; figures: PeriodFigures } {
  const p = new PeriodHasher(prevHash);
  for (const r of rows) p.add(r);
  const figures = { storeId, prevLastId, firstId: p.firstId ?? 0, lastId: p.lastId ?? prevLastId, count: p.count, sumCents: p.sumCents };
  return { hash: p.finish(figures), figures };
}

/** The hour a row's `at` falls in, as an ISO time (`2026-12-02T16:00:00.000Z`): a period holds at most one. */
export function hourOf(at: string): string {
  const ms = Date.parse(at);
  return new Date(ms - (((ms % 3_600_000) + 3_600_000) % 3_600_000)).toISOString();
}

/**
 * A store's new rows (id order) as periods: a new period starts at each row whose hour is not the
 * period's (a row written out of time order makes a short period of its own: periods are what the
 * digest rows record, not a rule verify rebuilds).
 */
export function periodsOf(rows: readonly DigestRow[]): Array<{ hour: string; rows: DigestRow[] }> {
  const out: Array<{ hour: string; rows: DigestRow[] }> = [];
  for (const r of rows) {
    const hour = hourOf(String(r.at));
    const last = out[out.length - 1];
    if (last && hour === last.hour) last.rows.push(r);
    else out.push({ hour, rows: [r] });
  }
  return out;
}

/** A store day's digest: its rows' count, sum, first and last id and hash, in id order. */
export interface DayDigest {
  count: number;
  sumCents: number;
  firstId: number | null;
  lastId: number | null;
  rowsHash: string;
}

export function dayDigest(rows: readonly DigestRow[]): DayDigest {
  const h = createHash('sha256').update('mbx-ledger-day v1\n');
  let sum = 0;
  for (const r of rows) {
    h.update(`${canonicalRow(r)}\n`);
    sum += Number(r.amount_cents);
  }
  return { count: rows.length, sumCents: sum, firstId: rows.length ? Number(rows[0]!.id) : null, lastId: rows.length ? Number(rows[rows.length - 1]!.id) : null, rowsHash: h.digest('hex') };
}

/** What the day close signs: the store, the day and its window, its digest, and the store's chain head then. */
export interface SealFields extends DayDigest {
  storeId: number;
  day: string;
  from: string;
  to: string;
  chainLastId: number | null;
  chainHash: string | null;
}

/** The signed text, one "key value" line each ("-" for none); the export and the checker rebuild it. */
export function sealText(s: SealFields): string {
  const v = (x: string | number | null) => (x === null ? '-' : String(x));
  return [
    'mbx-day-seal v1',
    `store ${s.storeId}`,
    `day ${s.day}`,
    `from ${s.from}`,
    `to ${s.to}`,
    `rows ${s.count}`,
    `sum ${s.sumCents}`,
    `first ${v(s.firstId)}`,
    `last ${v(s.lastId)}`,
    `rows_sha256 ${s.rowsHash}`,
    `chain_last ${v(s.chainLastId)}`,
    `chain_sha256 ${v(s.chainHash)}`,
  ].join('\n');
}

/** A seal as stored (day_seal's columns) without its key and signature. */
export type StoredSeal = Omit<DaySealTable, 'public_key' | 'signature' | 'signed_at'>;

/** A stored seal's signed figures. */
export function sealFieldsOf(seal: StoredSeal): SealFields {
  return {
    storeId: seal.store_id, day: seal.day, from: seal.from_at, to: seal.to_at, count: seal.count, sumCents: seal.sum_cents, firstId: seal.first_id,
    lastId: seal.last_id, rowsHash: seal.rows_hash, chainLastId: seal.chain_last_id, chainHash: seal.chain_hash,
  };
}
