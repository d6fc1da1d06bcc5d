import { sweepAlerts } from '../services/alerts/alert-sweep.js';
import { webhookDeliverer } from '../services/alerts/webhook-delivery.js';
import type { Deps } from '../services/deps.js';
import { startDailyTotals } from '../services/report/daily-totals.js';
import { digestLedger } from './ledger-digests.js';
import { PURGE_BATCH_ROWS, purgeStaleRows } from './purge.js';

/** How often the purge of stale one-time keys and login attempts runs. */
export const PURGE_EVERY_MS = 10 * 60 * 1000;

/**
 * Every background job of a server, started in one place (app.ts `buildApp`) and stopped by what
 * this returns: the reports' refresher (REPORT_REFRESH_MS), the alert sweep (ALERT_SWEEP_MS, the
 * meters and the unusual-activity rules every 10th sweep, the ledger `verify` every ALERT_VERIFY_MS), the webhook deliverer
 * (WEBHOOK_DELIVER_MS), the ledger's digests (LEDGER_DIGEST_MS, jobs/ledger-digests.ts) and the purge
 * (every 10 minutes). Any number of servers run them all on one
 * database: alerts are raised once (a unique index), deliveries claimed once (row locks and a lease),
 * the refresher and the purge are idempotent, a digest step writes nothing when another moved its watermark first. No timer keeps the process alive.
 */
export function startBackgroundJobs(deps: Deps, log: (job: string, err: unknown) => void): () => Promise<void> {
  const s = deps.settings;
  const stops: Array<() => unknown> = [];
  if (s.reportRefreshMs > 0) stops.push(startDailyTotals(deps.handle, (err) => log('report daily totals', err), s.reportRefreshMs));

  let sweeps = 0;
  let lastVerify = Date.now();
  stops.push(
    every(s.alertSweepMs, (err) => log('alerts', err), () => {
      const now = Date.now();
      const verify = s.alertVerifyMs > 0 && now - lastVerify >= s.alertVerifyMs;
      if (verify) lastVerify = now;
      // The meters and the unusual-activity rules (a week of cash rows) every 10th sweep.
      const tenth = sweeps++ % 10 === 0;
      return sweepAlerts(deps, { now, meters: tenth, unusual: tenth, verify });
    }),
  );
  const deliverer = webhookDeliverer(deps.handle, s.webhooks);
  // Each webhook's lane runs on past its pass, so a receiver that hangs holds up only itself.
  stops.push(every(s.webhookDeliverMs, (err) => log('webhooks', err), async () => void (await deliverer.pass()).lanes.catch((err) => log('webhooks', err))));

  const digestStop = new AbortController();
  stops.push(() => digestStop.abort());
  stops.push(every(s.ledgerDigestMs, (err) => log('ledger digests', err), () => digestLedger(deps.handle, Date.now(), digestStop.signal)));

  // A shutdown ends the purge before its next batch (the database is about to close).
  const purgeStop = new AbortController();
  stops.push(() => purgeStop.abort());
  stops.push(every(PURGE_EVERY_MS, (err) => log('purge', err), () => purgeStaleRows(deps.handle, Date.now(), PURGE_BATCH_ROWS, purgeStop.signal)));

  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}

/**
 * Runs `pass` every `ms` (never when `ms` ≤ 0); a pass still running when the next is due is left to
 * finish and that turn skipped: two would only compete for the same rows.
 */
function every(ms: number, log: (err: unknown) => void, pass: () => Promise<unknown>): () => void {
  if (ms <= 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    pass()
      .catch(log)
      .finally(() => (running = false));
  }, ms);
  timer.unref();
  return () => clearInterval(timer);
}
