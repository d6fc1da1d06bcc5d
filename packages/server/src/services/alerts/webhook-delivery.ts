import { createHmac } from 'node:crypto';
import { isoIn } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import { outboxRepository } from '../../repositories/alert.repository.js';

/** Headers of a webhook request: the delivery's id (the receiver deduplicates by it), the time signed, the signature. */
export const WEBHOOK_HEADERS = { delivery: 'x-moneybox-delivery', timestamp: 'x-moneybox-timestamp', signature: 'x-moneybox-signature' } as const;

/** `sha256=` + hex HMAC-SHA256 of `<timestamp>.<body>` with the webhook's secret (the receiver recomputes it; docs/ARCHITECTURE.md). */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface DeliverOptions {
  now?: number;
  /** How long a claimed row is ours; past it another server (or this one after a restart) sends it again. */
  leaseMs?: number;
  timeoutMs?: number;
  batch?: number;
}

const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 3_600_000;

/** The wait before the next try after `attempts` failed ones: 30 s, 1 min, 2 min, ... capped at one hour. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/**
 * One pass of the webhook deliverer: claims due outbox rows (repositories/alert.repository.ts claim:
 * row locks and a lease, so two servers never hold one row at once), POSTs each one's JSON body signed
 * with HMAC-SHA256, records `delivered_at` on a 2xx and otherwise schedules the next try with
 * exponential back-off (never given up). At least once: a server killed after the receiver answered
 * and before `delivered_at` was written sends that row again once its lease is over, with the same
 * delivery id for the receiver to deduplicate.
 */
export async function deliverWebhooks(handle: DatabaseHandle, opts: DeliverOptions = {}): Promise<{ delivered: number; failed: number }> {
  const now = opts.now ?? Date.now();
  const rows = await outboxRepository.claim(handle.db, handle.dialect, new Date(now).toISOString(), isoIn(opts.leaseMs ?? 60_000, now), opts.batch ?? 20);
  let delivered = 0;
  let failed = 0;
  await Promise.all(
    rows.map(async (r) => {
      const timestamp = Math.floor(Date.now() / 1000);
      let status: number | null = null;
      let error = '';
      try {
        const res = await fetch(r.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [WEBHOOK_HEADERS.delivery]: String(r.id),
            [WEBHOOK_HEADERS.timestamp]: String(timestamp),
            [WEBHOOK_HEADERS.signature]: webhookSignature(r.secret, timestamp, r.body),
          },
          body: r.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
        status = res.status;
        await res.body?.cancel();
        if (res.ok) {
          await outboxRepository.delivered(handle.db, r.id, new Date().toISOString(), status);
          delivered++;
          return;
        }
        error = `HTTP ${status}`;
      } catch (err) {
        error = err instanceof Error ? err.name : 'error';
      }
      failed++;
      await outboxRepository.failed(handle.db, r.id, isoIn(backoffMs(r.attempts), now), status, error);
    }),
  );
  return { delivered, failed };
}
