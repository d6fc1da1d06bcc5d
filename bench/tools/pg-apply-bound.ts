/**
 * `npx tsx bench/tools/pg-apply-bound.ts [seconds] [rounds]`: how far the purchase's database work alone
 * is from pgbench's tpcb-like transaction on this machine (issue 25's target: purchases through the API at
 * 1.5× tpcb-like). Sets up the purchase bench's store (10 cashiers with open shifts, 10,000 customers),
 * settles its statistics, then alternates pgbench's tpcb-like (the purchase bench's baseline: scale 1,
 * prepared, 50 clients) with pgbench driving `mbx_apply_movement` alone with a purchase's arguments, at 50
 * clients and at 12 (the server's money calls in flight): prepared, each transaction one purchase of a
 * random customer at one of the 10 shifts, as the bench's 50 connections share 10 cashiers. No HTTP, no
 * Node, no counter read and no one-time key (a purchase also uses its key: one UPDATE more), so the
 * apply's figure bounds what purchases through the API could reach from above. Prints a table of the
 * rounds. Not part of `npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openShifts, startServer } from '../lib/api.js';
import { benchDatabase, settleStatistics } from '../lib/bench-db.js';
import { setupCounterStore } from '../lib/counter.js';
import { pgbenchTpcb, runPgbench, tpsOf } from '../lib/pgbench.js';
import { MONEY_TRANSACTIONS_IN_FLIGHT } from '../../packages/server/src/money/money-transaction.js';

const seconds = Number(process.argv[2] ?? 8);
const rounds = Number(process.argv[3] ?? 3);
const CLIENTS = 50;
const KIOSK = 7001;
/** The server's money calls in flight on PostgreSQL. */
const GATE = MONEY_TRANSACTIONS_IN_FLIGHT;
const f = (n: number) => Math.round(n).toLocaleString('en');

const database = await benchDatabase('postgres');
const server = await startServer(database.handle);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-apply-bound-'));
try {
  const store = await setupCounterStore(database.handle.db, { kiosk: KIOSK, drawers: 10, customers: 10_000 });
  await openShifts(server, KIOSK, store.cashiers);
  await settleStatistics(database.handle);
  const shifts = await database.handle.db
    .selectFrom('shift')
    .select(['id', 'account_id', 'drawer_id'])
    .where('store_id', '=', KIOSK)
    .where('ended_at', 'is', null)
    .execute();
  const ids = [...store.customerIds].sort((a, b) => a - b);
  if (ids.at(-1)! - ids[0]! + 1 !== ids.length) throw new Error('the customers ids are not contiguous');
  // One script per shift, equally weighted: each transaction one purchase at a shift pgbench picks at random.
  const scripts = shifts.map((s, i) => {
    const file = path.join(dir, `shift${i}.sql`);
    fs.writeFileSync(
      file,
      `\\set c random(${ids[0]}, ${ids.at(-1)})
SELECT * FROM mbx_apply_movement(NULL, now()::text, ${KIOSK}, 'purchase', 'pos', 100, ${s.account_id}, ${s.drawer_id}, ${s.id}, :c, NULL,
  100, 100, 0, -100, 0, ARRAY[0,0,0,100,0,0,0,0]::bigint[], false, NULL, NULL, NULL, '');
`,
    );
    return file;
  });
  // The bench database sits beside TEST_PG_URL's: the same server and user, its own name.
  const name = new URL(database.location).pathname.slice(1);
  const applyAlone = async (clients: number) => {
    const stdout = await runPgbench(['-n', '-M', 'prepared', '-c', String(clients), '-j', '2', '-T', String(seconds), ...scripts.flatMap((file) => ['-f', file]), name]);
    return { tps: tpsOf(stdout), failed: Number(/number of failed transactions: (\d+)/.exec(stdout)?.[1] ?? 0) };
  };
  console.log(`| round | pgbench tpcb-like (${CLIENTS} clients), tx/s | mbx_apply_movement alone, ${CLIENTS} clients, purchases/s | ratio | the same, ${GATE} clients | ratio |`);
  console.log(`|---|---|---|---|---|---|`);
  for (let r = 1; r <= rounds; r++) {
    const tpcb = await pgbenchTpcb({ clients: CLIENTS, seconds });
    const cells = [`${r}`, f(tpcb.tps)];
    for (const clients of [CLIENTS, GATE]) {
      const apply = await applyAlone(clients);
      await settleStatistics(database.handle);
      cells.push(`${f(apply.tps)}${apply.failed ? ` (${apply.failed} failed)` : ''}`, `${((100 * apply.tps) / tpcb.tps).toFixed(0)}%`);
    }
    console.log(`| ${cells.join(' | ')} |`);
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
  await server.app.close();
  await database.drop();
}
