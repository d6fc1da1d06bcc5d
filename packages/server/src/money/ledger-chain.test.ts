import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { ledgerKey, ledgerKeyPlace, sealSignatureValid } from '../auth/ledger-key.js';
import { runCli } from '../cli/main.js';
import { digestLedger } from '../jobs/ledger-digests.js';
import { sweepAlerts } from '../services/alerts/alert-sweep.js';
import { closeDay, dayCloseView } from '../services/day-close/day-close.service.js';
import { refreshDailyTotals } from '../services/report/daily-totals.js';
import { addDays, storeDayOf } from '../services/report/store-days.js';
import { reportStore } from '../testing/report-kit.js';
import { describeOnDatabases, withTestServer } from '../testing/server.js';
import { verifyLedgerChain } from './ledger-chain.js';
import { LEDGER_FIELDS } from './ledger-digest.js';

const run = promisify(execFile);
const CHECKER = path.resolve(import.meta.dirname, '../../../../scripts/check-ledger-export.mjs');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-ledger-'));
const HOUR = 3_600_000;

/** Issue 40: the ledger's digests, the day seal, verify and the alert on tampering, the export and its offline check. */
const keyFile = path.join(dir, 'ledger-key.pem');

describeOnDatabases('ledger digests and signed days', (s, dialect) => {
  const db = () => s.handle.db;
  const publicKey = () => ledgerKey(ledgerKeyPlace(s.settings)).publicKey;
  const cli = async (...argv: string[]) => {
    const out: string[] = [];
    const code = await runCli(argv, s.handle, (l) => out.push(l), s.settings);
    return { code, text: out.join('\n') };
  };
  /** Everything committed is digested, as the job does once the rows' hours have ended. */
  const digestAll = async () => {
    await refreshDailyTotals(s.handle);
    await digestLedger(s.handle, Date.now() + 2 * HOUR);
  };
  const check = () => verifyLedgerChain(db(), s.handle.dialect, publicKey());
  const rowOf = (id: number) => db().selectFrom('ledger').select([...LEDGER_FIELDS]).where('id', '=', id).executeTakeFirstOrThrow();

  const store = 7400 + (dialect === 'sqlite' ? 0 : 1);
  const day = addDays(storeDayOf(Date.now(), 'UTC'), -1);
  let ids: number[] = [];

  it('digests each store\'s ended hours as chained periods; the day close signs the day; verify passes', async () => {
    const st = await reportStore(s, store, 'UTC');
    // Yesterday's rows in three hours; a note a spreadsheet would run, one with a comma, quotes and an apostrophe.
    const times = ['10:00:00.000', '10:20:00.000', '11:05:00.000', '13:00:00.000', '13:30:00.000'];
    const notes = ['=SUM(A1:A9)', 'he said, "hi"', "'quoted", '', 'plain'];
    ids = [];
    for (const [i, t] of times.entries()) {
      const r = await db()
        .insertInto('ledger')
        .values({ store_id: store, at: `${day}T${t}Z`, kind: 'purchase', channel: 'online', amount_cents: 1000 + i, key: `chain-${dialect}-${i}`, note: notes[i]! })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(r.id));
    }
    // Rows of the hour still running wait: whatever is digested at `now` was written in an hour that ended.
    await refreshDailyTotals(s.handle);
    await digestLedger(s.handle);
    const thisHour = new Date(Date.now() - (Date.now() % HOUR)).toISOString();
    const early = await db().selectFrom('ledger_row_hash').innerJoin('ledger', 'ledger.id', 'ledger_row_hash.ledger_id').select('ledger.at').execute();
    expect(early.filter((r) => r.at >= thisHour)).toEqual([]);
    await digestAll();
    const periods = await db().selectFrom('ledger_digest').select(['seq', 'prev_last_id', 'first_id', 'last_id', 'count', 'hour', 'prev_hash', 'hash']).where('store_id', '=', store).orderBy('seq').execute();
    // The opening credit row (now), then yesterday's 10:00, 11:00 and 13:00 hours: each period on the previous one's hash.
    expect(periods.map((p) => Number(p.count)).slice(1)).toEqual([2, 1, 2]);
    expect(periods.map((p) => p.hour.slice(11, 13)).slice(1)).toEqual(['10', '11', '13']);
    expect(periods).toHaveLength(4);
    periods.forEach((p, i) => {
      if (i > 0) expect(p.prev_hash).toBe(periods[i - 1]!.hash);
      expect(Number(p.prev_last_id)).toBe(i === 0 ? 0 : Number(periods[i - 1]!.last_id));
    });
    expect(Number(periods[1]!.first_id)).toBe(ids[0]);
    // A second pass digests nothing again.
    expect(await digestLedger(s.handle, Date.now() + 2 * HOUR)).toBe(0);

    const boss = { sessionId: 0, accountId: st.boss.id, storeId: store, username: st.boss.username, role: 'boss' as const, mode: 'viewer' as const };
    const closed = await closeDay(s.deps, boss, { day });
    expect(closed.closed).toBe(true);
    expect(closed.seal).toBeTruthy();
    const seal = closed.seal!;
    expect(seal.public_key).toBe(publicKey());
    expect(seal.text).toContain(`rows ${times.length}\nsum ${5 * 1000 + 10}\nfirst ${ids[0]}\nlast ${ids[4]}`);
    expect(sealSignatureValid(seal.public_key, seal.text, seal.signature)).toBe(true);
    expect(sealSignatureValid(seal.public_key, seal.text.replace(`sum ${5010}`, 'sum 5011'), seal.signature)).toBe(false);
    // The stored report's view answers the same seal; the key file is encrypted with the passphrase.
    expect((await dayCloseView(s.deps, boss, { day })).seal).toEqual(seal);
    expect(fs.readFileSync(keyFile, 'utf8')).toContain('ENCRYPTED PRIVATE KEY');

    const report = await check();
    expect(report.problems).toEqual([]);
    expect(report.seals).toBe(1);
    const v = await cli('verify');
    expect(v.code).toBe(0);
    expect(v.text).toMatch(/Ledger digests verified: \d+ rows in \d+ periods and 1 signed days match\./);
    const k = await cli('ledger-key');
    expect(k.text).toContain(publicKey());
    expect(k.text).not.toContain('PRIVATE');
  });

  it('the background job digests a row of an ended hour by itself (started with every job)', async () => {
    await withTestServer(dialect, { ledgerDigestMs: 50, ledgerKeyFile: keyFile }, async (t) => {
      // The seed's rows of this hour would hold the job back (it stops at the first row of the running hour): dated earlier.
      await t.handle.db.updateTable('ledger').set({ at: new Date(Date.now() - 3 * HOUR).toISOString() }).execute();
      const storeRow = await t.handle.db.selectFrom('store').select('id').executeTakeFirstOrThrow();
      const r = await t.handle.db
        .insertInto('ledger')
        .values({ store_id: Number(storeRow.id), at: new Date(Date.now() - 2 * HOUR).toISOString(), kind: 'purchase', channel: 'online', amount_cents: 5, key: `job-${dialect}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      const hashed = () => t.handle.db.selectFrom('ledger_row_hash').select('hash').where('ledger_id', '=', Number(r.id)).executeTakeFirst();
      // Waits for the row's hash (the cap only guards a hang).
      for (let i = 0; i < 600 && !(await hashed()); i++) await new Promise((ok) => setTimeout(ok, 50));
      expect(await hashed()).toBeTruthy();
    });
  });

  /** Runs `tamper`, expects verify to name `row` first and the sweep to raise the chain's alert naming it; then `restore` and the alert clears. */
  async function tampered(tamper: () => Promise<unknown>, restore: () => Promise<unknown>, row: () => number, words: RegExp) {
    await tamper();
    const report = await check();
    const mine = report.problems.filter((p) => p.storeId === store);
    expect(mine[0]).toMatchObject({ what: 'row', row: row() });
    expect(mine[0]!.detail).toMatch(words);
    expect(mine.some((p) => p.what === 'period')).toBe(true);
    expect(mine.some((p) => p.what === 'seal')).toBe(true);
    const v = await cli('verify', '--kiosk', String(store));
    expect(v.code).toBe(1);
    expect(v.text.split('\n').find((l) => l.startsWith('MISMATCH'))).toContain(`kiosk ${store} row at ledger row #${row()}`);

    const swept = await sweepAlerts(s.deps, { verify: true });
    const alert = await db().selectFrom('alert').select(['id', 'kind', 'detail', 'cleared_at']).where('subject', '=', `ledger_chain:${store}`).where('open_key', 'is not', null).executeTakeFirstOrThrow();
    expect(swept.raised).toContain(Number(alert.id));
    expect(alert.kind).toBe('ledger');
    expect(JSON.parse(alert.detail)).toMatchObject({ first_row: row() });

    await restore();
    expect((await check()).problems).toEqual([]);
    const after = await sweepAlerts(s.deps, { verify: true });
    expect(after.cleared).toContain(Number(alert.id));
  }

  it('an edited row: verify names it, the period and the signed day; the alert fires and clears once it is put back', async () => {
    const was = await rowOf(ids[1]!);
    await tampered(
      () => db().updateTable('ledger').set({ amount_cents: Number(was.amount_cents) + 100 }).where('id', '=', ids[1]!).execute(),
      () => db().updateTable('ledger').set({ amount_cents: Number(was.amount_cents) }).where('id', '=', ids[1]!).execute(),
      () => ids[1]!,
      /differs from the row digested/,
    );
  });

  it('a deleted row: verify names it as gone', async () => {
    const was = await rowOf(ids[2]!);
    await tampered(
      () => db().deleteFrom('ledger').where('id', '=', ids[2]!).execute(),
      () => db().insertInto('ledger').values({ ...was, id: Number(was.id) } as never).execute(),
      () => ids[2]!,
      /digested and is gone/,
    );
  });

  it('two rows reordered (their contents swapped): verify names the first', async () => {
    const a = await rowOf(ids[3]!);
    const b = await rowOf(ids[4]!);
    const put = async (id: number, r: typeof a) => {
      const { id: _id, ...fields } = r;
      // The unique key moves through a free value first.
      await db().updateTable('ledger').set({ key: null }).where('id', '=', id).execute();
      await db().updateTable('ledger').set(fields as never).where('id', '=', id).execute();
    };
    await tampered(
      async () => {
        await db().updateTable('ledger').set({ key: null }).where('id', 'in', [ids[3]!, ids[4]!]).execute();
        await put(ids[3]!, b);
        await put(ids[4]!, a);
      },
      async () => {
        await db().updateTable('ledger').set({ key: null }).where('id', 'in', [ids[3]!, ids[4]!]).execute();
        await put(ids[3]!, a);
        await put(ids[4]!, b);
      },
      () => ids[3]!,
      /differs from the row digested/,
    );
  });

  it('a removed period (the store\'s last): verify names its first row, and the seal whose chain head it was', async () => {
    const cols = ['store_id', 'seq', 'prev_last_id', 'first_id', 'last_id', 'count', 'sum_cents', 'hour', 'prev_hash', 'hash', 'made_at'] as const;
    const last = await db().selectFrom('ledger_digest').select([...cols]).where('store_id', '=', store).orderBy('seq', 'desc').executeTakeFirstOrThrow();
    await db().deleteFrom('ledger_digest').where('store_id', '=', store).where('seq', '=', last.seq).execute();
    const mine = (await check()).problems.filter((p) => p.storeId === store);
    expect(mine[0]).toMatchObject({ what: 'row', row: Number(last.first_id) });
    expect(mine[0]!.detail).toMatch(/no period covers it/);
    expect(mine.some((p) => p.what === 'seal' && /chain's period ending at row \d+, signed at its close, is gone/.test(p.detail))).toBe(true);
    await db().insertInto('ledger_digest').values(last).execute();
    expect((await check()).problems).toEqual([]);
  });

  it('a changed seal or a seal under another key fails verify', async () => {
    const seal = await db().selectFrom('day_seal').select(['signature', 'public_key']).where('store_id', '=', store).where('day', '=', day).executeTakeFirstOrThrow();
    const other = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    await db().updateTable('day_seal').set({ sum_cents: 1 }).where('store_id', '=', store).execute();
    expect((await check()).problems.map((p) => p.detail)).toEqual(expect.arrayContaining([expect.stringMatching(/its signature does not match its digest/), expect.stringMatching(/differ from the/)]));
    await db().updateTable('day_seal').set({ sum_cents: 5010 }).where('store_id', '=', store).execute();
    expect((await check()).problems).toEqual([]);
    const elsewhere = await verifyLedgerChain(db(), s.handle.dialect, other);
    expect(elsewhere.problems).toEqual([expect.objectContaining({ what: 'seal', detail: expect.stringMatching(/not this server's ledger key/) })]);
    expect(seal.public_key).toBe(publicKey());
  });

  it('the export passes the offline check intact and fails it changed, cut short or under another key', async () => {
    const file = path.join(dir, `${dialect}-export.csv`);
    await expect(cli('ledger-export', '--kiosk', String(store))).rejects.toThrow(/--from and --to must be store days/);
    await expect(cli('ledger-export', '--from', day)).rejects.toThrow(/--kiosk is required/);
    expect((await cli('help')).text).toMatch(/ledger-key[\s\S]*ledger-export --kiosk <id> --from <day> --to <day>/);
    const w = await cli('ledger-export', '--kiosk', String(store), '--from', day, '--to', day, '--out', file);
    expect(w.code).toBe(0);
    expect(w.text).toMatch(/Wrote .*: \d+ ledger rows, \d+ digests, 1 signed days/);
    const text = fs.readFileSync(file, 'utf8');
    // The formula guard: the note is shown as text; the apostrophe note keeps its own.
    expect(text).toContain(`'=SUM(A1:A9)`);
    expect(text).toContain(`''quoted`);
    const checked = await run('node', [CHECKER, file, publicKey()]);
    expect(checked.stdout).toMatch(/^OK: 5 ledger rows, 3 periods and 1 signed days match\./);

    const fails = async (changed: string, key = publicKey()) => {
      const bad = path.join(dir, `${dialect}-bad.csv`);
      fs.writeFileSync(bad, changed);
      const r = await run('node', [CHECKER, bad, key]).then(
        () => undefined,
        (e: { code: number; stdout: string }) => e,
      );
      expect(r?.code).toBe(1);
      return r!.stdout;
    };
    const lines = text.split('\r\n');
    const rowLine = lines.findIndex((l) => l.startsWith(`row,${ids[1]},`));
    const edited = lines.map((l, i) => (i === rowLine ? l.replace(',1001,', ',1002,') : l)).join('\r\n');
    expect(edited).not.toBe(text);
    expect(await fails(edited)).toMatch(/FAIL: period \d+ .*hash differs[\s\S]*FAIL: day .*digest differs/);
    expect(await fails(lines.filter((_, i) => i !== rowLine).join('\r\n'))).toMatch(/FAIL: period/);
    const other = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    expect(await fails(text, other)).toMatch(/FAIL: day .*signature does not match/);
  });
}, { settings: { ledgerKeyFile: keyFile, ledgerKeyPassphrase: 'a passphrase', ledgerDigestMs: 0, alertSweepMs: 0 } });
