import { openDatabase } from './db/database.js';
import { migrate } from './money/migrate.js';
import { seedDemoStore } from './cli/seed/seed.js';
import { buildApp } from './app.js';
import { settingsFromEnv } from './settings.js';
import { writePidFile } from './ops/pidfile.js';
import { logFatalErrors, openConnections, shutdownOnSignals } from './ops/shutdown.js';

const settings = settingsFromEnv();
const handle = openDatabase(settings, settings.databaseBounds);
// SQLite only: `admin restore` refuses while this names a live process (ops/pidfile.ts).
const removePidFile = handle.dialect === 'sqlite' ? writePidFile(settings.dataDir) : () => undefined;
const seeded = await migrateAndSeed();
const app = await buildApp({ handle, settings });
if (handle.sqliteCheckpointer) handle.sqliteCheckpointer.onFailure = (err) => app.log.error({ err }, 'SQLite WAL checkpointer failed');
await app.listen({ port: settings.port, host: settings.host });

const url = `http://localhost:${settings.port}`;
const where = handle.dialect === 'postgres' ? 'PostgreSQL' : `SQLite in ${settings.dataDir}`;
process.stdout.write(
  [
    '',
    `Moneybox POS is running (${where}${seeded ? ', demo store created' : ''}).`,
    `  Open: ${url}/pos/login?kioskId=1001`,
    '  Demo logins (kiosk 1001 "Demo Arcade"):',
    '    boss     boss01    / boss1234',
    '    cashier  cashier01 / cash1234',
    '  Floor simulator (signs in as its own account, simulator1001): npm run simulate -- --help',
    '',
  ].join('\n'),
);

logFatalErrors(app.log);
shutdownOnSignals(
  async (step) => {
    await step('http', () => app.close());
    await step('database', () => handle.close());
    removePidFile();
  },
  settings.shutdownTimeoutMs,
  app.log,
  async () => ({ connections: await openConnections(app.server), ...(handle.pgPool ? { pool: { total: handle.pgPool.totalCount, idle: handle.pgPool.idleCount, waiting: handle.pgPool.waitingCount } } : {}) }),
);

/**
 * The migrations (a new index over a year of ledger may take minutes) and the demo seed, without the
 * calls' bounds: on PostgreSQL through a pool of their own, closed before the server listens.
 */
async function migrateAndSeed(): Promise<boolean> {
  const own = handle.dialect === 'postgres' ? openDatabase(settings) : handle;
  try {
    await migrate(own);
    return await seedDemoStore(own);
  } finally {
    if (own !== handle) await own.close();
  }
}
