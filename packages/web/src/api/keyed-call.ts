import type { CallInput, CallReply, StorePath } from '@moneybox/contract';
import { centsToUnits } from '../money/units';
import { Status } from '@moneybox/contract/status';
import { messageBox } from '../components/message';
import { i18n } from '../i18n/i18n';
import { ApiError, call, handleFailure, request } from './call';
import { handledGlobally } from './failure';
import { KeyAlreadyRecorded, OneTimeKey } from './one-time-key';

/** A fresh one-time key (/config/key needs no session). */
async function fetchOneTimeKey(): Promise<string> {
  return (await call('/config/key', {}, { auth: false })).key;
}

export function isKeyRefused(err: unknown): boolean {
  return err instanceof ApiError && err.failure.kind === 'message' && err.failure.status === Status.KEY_ERROR;
}

export function newOneTimeKey(): OneTimeKey {
  return new OneTimeKey({ fetchKey: fetchOneTimeKey, isKeyRefused });
}

/** The store's money calls: each takes an `amount` and a one-time `key` (read off the call registry; the console's credit move has its own page). */
export type KeyedPath = { [P in StorePath]: string extends keyof CallInput<P> ? never : 'amount' | 'key' extends keyof CallInput<P> ? P : never }[StorePath];

/** One money call: its path, whom it is for, the amount in cents and the other fields. */
export interface KeyedRequest<P extends KeyedPath> {
  path: P;
  /** The customer, shift or drawer the money moves for (part of the confirmation's intent). */
  target: number | string;
  cents: number;
  /** The payload besides `amount` and `key`, which are added from `cents` and the key. */
  payload: Omit<CallInput<P>, 'amount' | 'key'>;
}

export interface KeyedCallOptions {
  /**
   * Show business refusals in place (the caller reads the thrown `ApiError`'s message) instead of
   * in a message box. A lost session, a gone page and maintenance keep the spec's global handling.
   */
  inline?: boolean;
}

/**
 * Sends a money call with the one-time key of its intent (`keys` holds it across retries). The amount
 * sent is the intent's amount, so the key can never stand for another sum. Rejects with the call's
 * `ApiError` or with `KeyAlreadyRecorded` (also shown in a message box unless `inline`).
 */
export async function keyedCall<P extends KeyedPath>(keys: OneTimeKey, req: KeyedRequest<P>, opts: KeyedCallOptions = {}): Promise<CallReply<P>> {
  const body = { ...req.payload, amount: centsToUnits(req.cents) };
  try {
    return await keys.submit({ kind: req.path, target: req.target, cents: req.cents }, (key) => request(req.path, { ...body, key } as CallInput<P>, { handle: false }));
  } catch (err) {
    if (err instanceof KeyAlreadyRecorded) {
      if (!opts.inline) void messageBox(i18n.t('common:alreadyRecorded'));
    } else if (err instanceof ApiError && handledGlobally(err.failure, opts.inline ? 'inline' : true)) {
      void handleFailure(err);
    }
    throw err;
  }
}
