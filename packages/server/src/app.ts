import type { FastifyInstance } from 'fastify';
import { openServerBus } from './bus/server-bus.js';
import { createHttpServer, registerCalls, serveWeb, type AppOptions } from './http/app.js';
import { registerLive } from './http/live-hub.js';
import { registerConsoleLive } from './http/console-live.js';
import { LiveChanges } from './live/live-changes.js';
import { observeMoney, onMovementCommitted } from './money/money-observer.js';
import { startMoneyWorker } from './money/money-worker.js';
import { registerHealth } from './ops/health.js';
import { registerMetrics } from './ops/metrics.js';
import { openReplica } from './ops/report-replica.js';
import { moneyMetrics } from './ops/money-metrics.js';
import type { Deps } from './services/deps.js';
import { registerTerminals } from './terminal/hub.js';
import { startBackgroundJobs } from './jobs/background-jobs.js';

export type { AppOptions } from './http/app.js';

/**
 * The server assembled: the services' dependencies completed (the terminal bus, live changes),
 * then the adapters over the same services: HTTP calls (http/), the terminal protocol
 * (terminal/), live updates for web clients; operations (health, metrics) and background work.
 */
export async function buildApp(deps: Deps, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = createHttpServer(deps, opts);
  observeMoney(moneyMetrics);
  // SQLite on a file, when asked (SQLITE_MONEY_WORKER=1): the money calls' SQLite work on a thread of its own
  // (money/money-worker.ts), closed before the database.
  const moneyWorker = deps.settings.sqliteMoneyWorker ? startMoneyWorker(deps.handle, (err) => app.log.error({ err }, 'money worker')) : undefined;
  if (moneyWorker) app.addHook('onClose', () => moneyWorker.close());

  // Terminals (docs/TERMINAL.md): the bus reaches them on whichever server they are connected to.
  if (!deps.bus) {
    const bus = openServerBus(deps.handle, (err) => app.log.error({ err }, 'server bus'));
    deps.bus = bus;
    app.addHook('onClose', () => bus.close());
  }
  if (!deps.live) {
    const bus = deps.bus;
    const live = new LiveChanges((e) => bus.publish(e), (err) => app.log.error({ err }, 'live changes'));
    deps.live = live;
    app.addHook('preClose', () => live.close());
  }
  // Whose money moved, told to the live screens from one place: the money core's event after each
  // committed movement, whichever channel posted it (the counter's two paths, the money worker, a kiosk, a terminal).
  const liveChanges = deps.live;
  const unlisten = onMovementCommitted(deps.handle.db, (m) => {
    if (m.customerId === null && m.machineId === null) return;
    liveChanges.note(m.storeId, { customers: m.customerId === null ? [] : [m.customerId], machines: m.machineId === null ? [] : [m.machineId] });
  }, (err) => app.log.error({ err }, 'live changes: a committed movement was not noted'));
  app.addHook('onClose', unlisten);
  // Reports may read a replica (REPLICA_DATABASE_URL, PostgreSQL only; docs/ops/standby.md); money calls never do.
  if (!deps.replica && deps.settings.replicaDatabaseUrl && deps.handle.dialect === 'postgres') {
    const replica = openReplica(deps.handle, deps.settings.replicaDatabaseUrl, {
      maxLagMs: deps.settings.replicaMaxLagMs,
      log: (serving, lag) => (serving ? app.log.info({ lagSeconds: lag }, 'reports read the replica') : app.log.warn({ lagSeconds: lag }, 'reports read the primary: the replica is behind or does not answer')),
    });
    deps.replica = replica;
    app.addHook('onClose', () => replica.close());
  }
  const terminals = await registerTerminals(app, deps);
  // Signed-in web clients hear what changed in their store (http/live-hub.ts); after the terminals, which register the WebSocket plugin.
  const live = registerLive(app, deps);
  registerConsoleLive(app, deps);
  registerMetrics(app, { handle: deps.handle, replica: deps.replica, terminals: terminals.connections, liveClients: live.clients, token: deps.settings.metricsToken });

  // The background jobs (jobs/background-jobs.ts), on every server: the reports' refresher (outside the money
  // transactions), the alert sweep, the webhooks and the purge; stopped before the database closes.
  const stopJobs = startBackgroundJobs(deps, (job, err) => app.log.error({ err }, job));
  app.addHook('preClose', () => stopJobs());

  registerCalls(app, deps);
  registerHealth(app, deps.handle);
  await serveWeb(app, deps);
  return app;
}
