import { createHmac } from 'node:crypto';
import { WEBHOOK_ERRORS } from '@moneybox/contract';
import { isoIn } from '../../clock.js';
import type { DatabaseHandle } from '../../db/database.js';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { WebhookPolicy } from '../../settings.js';
import { outboxRepository } from '../../repositories/alert.repository.js';
import { deliveryTarget, guardedLookup, TARGET_REFUSED } from './webhook-target.js';

/** Headers of a webhook request: the delivery's id (the receiver deduplicates by it), the time signed, the signature. */
export const WEBHOOK_HEADERS = { delivery: 'x-moneybox-delivery', timestamp: 'x-moneybox-timestamp', signature: 'x-moneybox-signature' } as const;

/**
 * `sha256=` + hex HMAC-SHA256 of `<delivery id>.<timestamp>.<body>` with the webhook's secret (the receiver
 * recomputes it; README "Webhooks"): the id is signed too, so a replayed body cannot pass as a new delivery.
 */
export function webhookSignature(secret: string, deliveryId: number, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${deliveryId}.${timestamp}.${body}`).digest('hex')}`;
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

interface Claimed {
  id: number;
  webhook_id: number;
  body: string;
  attempts: number;
  url: string;
  secret: string;
}

/** What `last_error` says of a failed delivery: never the receiver's answer or the socket's error, which would map who answers where. */
export const DELIVERY_FAILED = WEBHOOK_ERRORS.failed;

/** POSTs one delivery; its status, or throws. Names resolve through `guardedLookup`: the socket connects only to an address the policy allows. */
function post(target: URL, headers: Record<string, string>, body: string, policy: WebhookPolicy, timeoutMs: number): Promise<number> {
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: guardedLookup(policy), signal: AbortSignal.timeout(timeoutMs) },
      (res) => {
        resolve(res.statusCode ?? 0);
        res.destroy();
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function deliverOne(handle: DatabaseHandle, policy: WebhookPolicy, r: Claimed, now: number, timeoutMs: number): Promise<boolean> {
  const timestamp = Math.floor(Date.now() / 1000);
  let status: number | null = null;
  let error: string = DELIVERY_FAILED;
  const target = deliveryTarget(r.url, policy);
  try {
    if (!target) throw Object.assign(new Error(TARGET_REFUSED), { code: 'ETARGET' });
    status = await post(
      target,
      {
        'content-type': 'application/json',
        [WEBHOOK_HEADERS.delivery]: String(r.id),
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: webhookSignature(r.secret, r.id, timestamp, r.body),
      },
      r.body,
      policy,
      timeoutMs,
    );
    if (status >= 200 && status < 300) {
      await outboxRepository.delivered(handle.db, r.id, new Date().toISOString(), status);
      return true;
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'ETARGET') error = TARGET_REFUSED;
  }
  await outboxRepository.failed(handle.db, r.id, isoIn(backoffMs(r.attempts), now), status, error);
  return false;
}

export interface WebhookDeliverer {
  /**
   * Claims the due rows of the webhooks not already sending, starts each webhook's deliveries as its
   * own lane and answers once they are started, with the lanes' outcome: one receiver that never
   * answers holds up only its own lane, never another webhook's.
   */
  pass(opts?: { now?: number }): Promise<{ lanes: Promise<{ delivered: number; failed: number }> }>;
}

/**
 * The webhook deliverer: claims due outbox rows (repositories/alert.repository.ts claim: row locks and
 * a lease, so two servers never hold one row at once), POSTs each one's JSON body signed with
 * HMAC-SHA256, records `delivered_at` on a 2xx and otherwise schedules the next try with exponential
 * back-off (never given up). At least once: a server killed after the receiver answered and before
 * `delivered_at` was written sends that row again once its lease is over, with the same delivery id for
 * the receiver to deduplicate.
 */
export function webhookDeliverer(handle: DatabaseHandle, policy: WebhookPolicy, opts: DeliverOptions = {}): WebhookDeliverer {
  const sending = new Set<number>();
  return {
    async pass(p = {}) {
      const now = p.now ?? opts.now ?? Date.now();
      const rows = await outboxRepository.claim(handle.db, handle.dialect, new Date(now).toISOString(), isoIn(opts.leaseMs ?? 60_000, now), opts.batch ?? 20, [...sending]);
      const byHook = new Map<number, Claimed[]>();
      for (const r of rows) byHook.set(r.webhook_id, [...(byHook.get(r.webhook_id) ?? []), r]);
      for (const hook of byHook.keys()) sending.add(hook);
      const lanes = [...byHook].map(async ([hook, list]) => {
        try {
          const ok = await Promise.all(list.map((r) => deliverOne(handle, policy, r, now, opts.timeoutMs ?? 10_000)));
          return ok.filter(Boolean).length;
        } finally {
          sending.delete(hook);
        }
      });
      return { lanes: Promise.all(lanes).then((d) => ({ delivered: d.reduce((a, b) => a + b, 0), failed: rows.length - d.reduce((a, b) => a + b, 0) })) };
    },
  };
}

/** One pass of a deliverer of its own, waited out whole: every claimed row sent or failed. */
export async function deliverWebhooks(handle: DatabaseHandle, policy: WebhookPolicy, opts: DeliverOptions = {}): Promise<{ delivered: number; failed: number }> {
  return (await webhookDeliverer(handle, policy, opts).pass()).lanes;
}
