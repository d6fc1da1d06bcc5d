/**
 * Alerts by exception (issue 22): what the server watches, zod-free so the web imports it by subpath.
 * Each kind's threshold (when it has one) has a platform default and per-store overrides; 0 turns
 * the rule off for that store.
 */
export const ALERT_KINDS = ['low_credit', 'over_short', 'long_shift', 'machine_offline', 'lockouts', 'meters', 'ledger', 'structuring', 'little_play'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * Unusual activity (issue 40, docs/COMPLIANCE.md "Structuring and unusual activity"): kinds seen only in the
 * console, never by a store, and acknowledged only with a note (refused 13 'alert_note_required' without one).
 */
export const NOTE_REQUIRED_KINDS: readonly AlertKind[] = ['structuring', 'little_play'];

/**
 * The operator's unusual-activity rules (platform-wide, admin only), both off until switched on.
 * Structuring: `structuring_count` or more of one person's cash movements, each within `structuring_band`
 * percent under its store's report threshold (the cash log's), in one store day or week (`structuring_window`).
 * Little play: a customer's redeems of one store day reaching `little_play_redeem` percent of the cash
 * bought that day while the entries bet that day stay under `little_play_play` percent of it.
 */
export const UNUSUAL_ACTIVITY_DEFAULTS = {
  structuring_on: false,
  structuring_count: 3,
  structuring_band: 10,
  structuring_window: 'day' as 'day' | 'week',
  little_play_on: false,
  little_play_redeem: 90,
  little_play_play: 10,
};
export type UnusualActivityRules = typeof UNUSUAL_ACTIVITY_DEFAULTS;

/** The kinds with a threshold, its unit and its built-in default (null: the store's own large difference). */
export const ALERT_THRESHOLDS = {
  /** The store's credit below this amount (cents). */
  low_credit: { unit: 'cents', builtIn: 10_000 },
  /** A closed shift's over/short beyond this amount (cents); built in: the store's large difference. */
  over_short: { unit: 'cents', builtIn: null },
  /** A shift open longer than this many hours. */
  long_shift: { unit: 'hours', builtIn: 16 },
  /** A machine not heard from for this many minutes while its store has an open shift. */
  machine_offline: { unit: 'minutes', builtIn: 10 },
  /** This many lockouts of one account within 24 hours. */
  lockouts: { unit: 'count', builtIn: 3 },
} as const satisfies Partial<Record<AlertKind, { unit: string; builtIn: number | null }>>;
export type ThresholdKind = keyof typeof ALERT_THRESHOLDS;
export const THRESHOLD_KINDS = Object.keys(ALERT_THRESHOLDS) as ThresholdKind[];

/** An alert's state: open (nobody has acted), acknowledged, resolved by a person, or cleared because its cause went. */
export type AlertState = 'open' | 'acknowledged' | 'resolved' | 'cleared';

/**
 * What a webhook's `last_error` says, one of these and never the receiver's answer or the socket's error (which
 * would map which internal addresses and ports answer); the console says each in the user's language.
 */
export const WEBHOOK_ERRORS = { failed: 'not delivered', refused: 'the webhook address is not allowed' } as const;

/**
 * The `reason` of /operator/webhookAdd's refusal (status 41, with `error` WEBHOOK_ERRORS.refused): the URL is
 * not https to a public address within the operator's policy. One reason whatever the address was, so the
 * refusal maps nothing of the internal network; the console says why in the user's language.
 */
export const WEBHOOK_REFUSAL_REASON = 'webhook_address';
