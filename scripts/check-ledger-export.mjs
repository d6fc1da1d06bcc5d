#!/usr/bin/env node
// Checks a Moneybox ledger export (`npm run admin -- ledger-export ...`) with nothing of the server: only
// Node's own node:crypto. Usage: node scripts/check-ledger-export.mjs <export.csv> <public key>
// (the public key as `npm run admin -- ledger-key` prints it: Ed25519, SPKI DER in base64).
// Exit 0: every period's chain hash and every signed day match the rows and the key; exit 1 otherwise,
// naming what differs. The rule it re-implements is docs/COMPLIANCE.md's "The rule" (the server's
// packages/server/src/money/ledger-digest.ts).
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';

const FIELDS = ['id', 'store_id', 'at', 'kind', 'channel', 'account_id', 'drawer_id', 'shift_id', 'customer_id', 'machine_id', 'amount_cents',
  'd_drawer_cents', 'd_entries_cents', 'd_winnings_cents', 'd_credit_cents', 'd_budget_cents', 'key', 'reverts_id', 'note'];
const TEXT = new Set(['at', 'kind', 'channel', 'key', 'note']);
const GENESIS = '0'.repeat(64);

/** RFC 4180 records; each cell unquoted and its one export apostrophe dropped. */
function parseCsv(text) {
  const records = [];
  let cells = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  const endCell = () => {
    cells.push(cell.startsWith("'") ? cell.slice(1) : cell);
    cell = '';
    wasQuoted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '' && !wasQuoted) {
      quoted = true;
      wasQuoted = true;
    } else if (c === ',') endCell();
    else if (c === '\r' && text[i + 1] === '\n') continue;
    else if (c === '\n') {
      endCell();
      records.push(cells);
      cells = [];
    } else cell += c;
  }
  if (cell !== '' || cells.length) {
    endCell();
    records.push(cells);
  }
  return records;
}


function canonical(row) {
  return JSON.stringify(FIELDS.map((f) => {
    const v = row[f];
    if (f === 'note') return v;
    if (v === '') return null;
    return TEXT.has(f) ? v : Number(v);
  }));
}

function sealText(s) {
  const v = (x) => (x === '' || x === null ? '-' : String(x));
  return ['mbx-day-seal v1', `store ${s.store_id}`, `day ${s.day}`, `from ${s.from_at}`, `to ${s.to_at}`, `rows ${s.count}`, `sum ${s.sum_cents}`,
    `first ${v(s.first_id)}`, `last ${v(s.last_id)}`, `rows_sha256 ${s.rows_hash}`, `chain_last ${v(s.chain_last_id)}`, `chain_sha256 ${v(s.chain_hash)}`].join('\n');
}

function main() {
  const [file, publicKey] = process.argv.slice(2);
  if (!file || !publicKey) {
    console.error('usage: node scripts/check-ledger-export.mjs <export.csv> <public key>');
    return 2;
  }
  let key;
  try {
    key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('not Ed25519');
  } catch {
    console.error('FAIL: the public key is no Ed25519 key (SPKI DER in base64, as `admin ledger-key` prints it)');
    return 1;
  }
  const sections = { row: [], digest: [], seal: [] };
  let header = null;
  for (const rec of parseCsv(readFileSync(file, 'utf8'))) {
    if (rec.length === 1 && rec[0] === '') continue;
    if (rec[0] === 'record') {
      header = rec;
      continue;
    }
    if (!header || !(rec[0] in sections) || rec.length !== header.length) {
      console.error(`FAIL: a line the export does not write: ${rec.join(',').slice(0, 80)}`);
      return 1;
    }
    sections[rec[0]].push(Object.fromEntries(header.slice(1).map((h, i) => [h, rec[i + 1]])));
  }
  const fails = [];
  const rows = sections.row;
  for (let i = 1; i < rows.length; i++) if (Number(rows[i].id) <= Number(rows[i - 1].id)) fails.push(`row ${rows[i].id} is out of id order`);

  // The periods: each one's chain hash over the previous hash and its rows, linked one to the next.
  const digests = sections.digest.sort((a, b) => Number(a.seq) - Number(b.seq));
  const covered = new Set();
  digests.forEach((d, i) => {
    const prev = digests[i - 1];
    if (prev && Number(d.seq) === Number(prev.seq) + 1 && (d.prev_hash !== prev.hash || d.prev_last_id !== prev.last_id)) fails.push(`period ${d.seq} does not follow period ${prev.seq}`);
    if (Number(d.seq) === 1 && (d.prev_hash !== GENESIS || d.prev_last_id !== '0')) fails.push('period 1 does not start the chain');
    const mine = rows.filter((r) => Number(r.id) > Number(d.prev_last_id) && Number(r.id) <= Number(d.last_id));
    const h = createHash('sha256').update(`mbx-ledger-period v1\n${d.prev_hash}\n`);
    let sum = 0;
    for (const r of mine) {
      h.update(`${canonical(r)}\n`);
      sum += Number(r.amount_cents);
      covered.add(r.id);
    }
    const hash = h.update(`end ${d.store_id} ${d.prev_last_id} ${d.first_id} ${d.last_id} ${d.count} ${d.sum_cents}`).digest('hex');
    if (hash !== d.hash || mine.length !== Number(d.count) || sum !== Number(d.sum_cents)) {
      fails.push(`period ${d.seq} (rows ${Number(d.prev_last_id) + 1}..${d.last_id}): ${mine.length} rows summing ${sum} here, ${d.count} summing ${d.sum_cents} digested; its hash differs${mine[0] ? ` (first row ${mine[0].id})` : ''}`);
    }
  });

  // The signed days: each day's digest from its rows, its text signed by the key given.
  for (const s of sections.seal) {
    const mine = rows.filter((r) => r.at >= s.from_at && r.at < s.to_at);
    const h = createHash('sha256').update('mbx-ledger-day v1\n');
    let sum = 0;
    for (const r of mine) {
      h.update(`${canonical(r)}\n`);
      sum += Number(r.amount_cents);
      covered.add(r.id);
    }
    if (h.digest('hex') !== s.rows_hash || mine.length !== Number(s.count) || sum !== Number(s.sum_cents)) {
      fails.push(`day ${s.day}: ${mine.length} rows summing ${sum} here, ${s.count} summing ${s.sum_cents} signed; its digest differs`);
    }
    if (s.public_key !== publicKey) fails.push(`day ${s.day}: signed by another key (${s.public_key.slice(-16)})`);
    let good = false;
    try {
      good = verify(null, Buffer.from(sealText(s), 'utf8'), key, Buffer.from(s.signature, 'base64'));
    } catch {
      good = false;
    }
    if (!good) fails.push(`day ${s.day}: the signature does not match its digest and the key`);
    const head = s.chain_last_id === '' ? undefined : digests.find((d) => d.last_id === s.chain_last_id);
    if (head && head.hash !== s.chain_hash) fails.push(`day ${s.day}: the chain's period ending at row ${s.chain_last_id} differs from the one signed`);
  }
  const loose = rows.filter((r) => !covered.has(r.id)).length;
  if (fails.length) {
    for (const f of fails) console.log(`FAIL: ${f}`);
    return 1;
  }
  console.log(`OK: ${rows.length} ledger rows, ${digests.length} periods and ${sections.seal.length} signed days match${loose ? ` (${loose} rows in no period or signed day yet: not checked)` : ''}.`);
  return 0;
}

process.exitCode = main();
