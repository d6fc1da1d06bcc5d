/** The databases a bench runs on (BENCH_DATABASES, default "sqlite,postgres"), PostgreSQL skipped with a row when unreachable. */
import type { Db, Dialect } from '../../packages/server/src/db/database.js';
import { verifyLedger } from '../../packages/server/src/money/verify.js';
import type { BenchRow } from '../measure.js';
import { postgresReachable } from './bench-db.js';

export async function onEachDatabase(bench: (dialect: Dialect) => Promise<BenchRow[]>): Promise<BenchRow[]> {
  const databases = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
  const rows: BenchRow[] = [];
  if (databases.includes('sqlite')) rows.push(...(await bench('sqlite')));
  if (!databases.includes('postgres')) return rows;
  rows.push(...((await postgresReachable()) ? await bench('postgres') : [{ database: 'postgres', run: 'not reachable: skipped' }]));
  return rows;
}

/** A fast but wrong money path fails the bench. */
export async function expectLedgerVerified(db: Db, dialect: Dialect): Promise<void> {
  const differences = await verifyLedger(db);
  if (differences.length) throw new Error(`ledger verify failed after the ${dialect} run: ${JSON.stringify(differences.slice(0, 3))}`);
}
