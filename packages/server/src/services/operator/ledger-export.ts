import { csvCell } from '@moneybox/contract';
import type { Db } from '../../db/database.js';
import { addDays, storeDayStart } from '../../domain/store-days.js';
import { LEDGER_FIELDS, type DigestRow } from '../../money/ledger-digest.js';
import { ledgerDigestRepository, type DigestRecord, type SealRecord } from '../../repositories/ledger-digest.repository.js';
import { storeRepository } from '../../repositories/store.repository.js';
import { OperatorError } from './operator.service.js';

const DIGEST_FIELDS = ['store_id', 'seq', 'prev_last_id', 'first_id', 'last_id', 'count', 'sum_cents', 'hour', 'prev_hash', 'hash'] as const;
const SEAL_FIELDS = ['store_id', 'day', 'from_at', 'to_at', 'count', 'sum_cents', 'first_id', 'last_id', 'rows_hash', 'chain_last_id', 'chain_hash', 'public_key', 'signature'] as const;

/**
 * One cell of the ledger export, exactly reversible (the offline checker hashes what it reads back): a
 * text starting with an apostrophe gets one more, then the product's formula guard (contract `csvCell`:
 * a leading apostrophe before `=`, `+`, `-`, `@`), then CSV quoting. Reading back: unquote, and drop one
 * leading apostrophe. An empty cell is null (a number field, `key`), the empty text for `note`.
 */
export function exportCell(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  const text = typeof v === 'string' && v.startsWith("'") ? `'${v}` : v;
  const cell = csvCell(text);
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

const line = (cells: ReadonlyArray<string | number | null | undefined>) => cells.map(exportCell).join(',');

/**
 * A store's ledger for the store days [fromDay, toDay] as one CSV (docs/COMPLIANCE.md "The export"): three
 * sections, each under its own header line (first cell `record`): `row` (every ledger field the digest rule
 * hashes), `digest` (the periods covering those rows, whole: every row of each is in the export) and `seal`
 * (the days' signed digests). `scripts/check-ledger-export.mjs <file> <public key>` checks it offline.
 */
export async function ledgerExportCsv(db: Db, storeId: number, fromDay: string, toDay: string): Promise<{ csv: string; rows: number; periods: number; seals: number }> {
  const store = await storeRepository.find(db, storeId);
  if (!store) throw new OperatorError(`no kiosk ${storeId}`);
  if (toDay < fromDay) throw new OperatorError('--to must not be before --from');
  const seals = await ledgerDigestRepository.seals(db, storeId, fromDay, toDay);
  const from = [new Date(storeDayStart(fromDay, store.timezone)).toISOString(), ...seals.map((s) => s.from_at)].sort()[0]!;
  const to = [new Date(storeDayStart(addDays(toDay, 1), store.timezone)).toISOString(), ...seals.map((s) => s.to_at)].sort().at(-1)!;
  const inWindow = await ledgerDigestRepository.windowRows(db, storeId, from, to);
  let rows: DigestRow[] = inWindow;
  let digests: DigestRecord[] = [];
  if (inWindow.length > 0) {
    const lo = Number(inWindow[0]!.id);
    const hi = Number(inWindow[inWindow.length - 1]!.id);
    digests = await ledgerDigestRepository.digestsOverlapping(db, storeId, lo, hi);
    const after = Math.min(lo - 1, digests[0]?.prev_last_id ?? lo - 1);
    const upTo = Math.max(hi, digests.at(-1)?.last_id ?? hi);
    rows = await ledgerDigestRepository.storeRowsBetween(db, storeId, after, upTo);
  }
  const out = [
    line(['record', ...LEDGER_FIELDS]),
    ...rows.map((r) => line(['row', ...LEDGER_FIELDS.map((f) => r[f])])),
    line(['record', ...DIGEST_FIELDS]),
    ...digests.map((d) => line(['digest', ...DIGEST_FIELDS.map((f) => d[f])])),
    line(['record', ...SEAL_FIELDS]),
    ...seals.map((s: SealRecord) => line(['seal', ...SEAL_FIELDS.map((f) => s[f])])),
  ];
  return { csv: `${out.join('\r\n')}\r\n`, rows: rows.length, periods: digests.length, seals: seals.length };
}
