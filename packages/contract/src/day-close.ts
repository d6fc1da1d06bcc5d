// The store day close (issue 23): the Z report of one store day, its close and the notes on its differences.
// Amounts on the wire are currency units; times ISO-8601 UTC; a day is the store's calendar day `YYYY-MM-DD`.
import { z } from 'zod';
import { auth, id, isoTime } from './common.js';
import { kioskCollectionSlip } from './kiosk.js';
import { REPORT_CHANNELS } from './report-fields.js';
import { dailyFigures, isStoreDay } from './reports.js';

const day = z.string().refine(isStoreDay, 'must be a calendar day YYYY-MM-DD');
const denominationCount = z.record(z.string(), z.number()).nullable();

/** Every shift that started within the report's window, with its cashier and over/short. */
const zShift = z.object({
  shift_id: z.number().int(),
  moneybox: z.number().int(),
  cashier: z.string(),
  closed_by: z.string().nullable(),
  start: isoTime,
  end: isoTime.nullable(),
  /** The drawer's balance at its close: what the count should find. */
  expected: z.number(),
  counted: z.number().nullable(),
  over_short: z.number().nullable(),
  count_detail: denominationCount,
  /** |over_short| above the store's large-difference threshold. */
  large: z.boolean(),
});

/** Every kiosk collection (or "not collected" mark) made within the window: its slip, the kiosk's row id, the flag. */
const zCollection = kioskCollectionSlip.extend({ kiosk_id: z.number().int(), large: z.boolean() });

/** A game machine: the day's played and won by the ledger, and its meters against the ledger (credits). */
/**
 * A game machine's day: `played`/`won` the window's ledger (units); `meters` its meters' movement over the
 * store day (credits and games: the day's last reading less the last reading before it), `ledger` the
 * window's bets, wins (credits) and rounds, `metersMatch` whether they agree. Reports closed before
 * migration 022 hold the machine's all-time meters and ledger in these fields, as they were closed.
 */
const zMachine = z.object({
  id: z.number().int(),
  name: z.string(),
  played: z.number(),
  won: z.number(),
  meters: z.object({ played: z.number(), won: z.number(), games: z.number() }),
  ledger: z.object({ played: z.number(), won: z.number(), games: z.number() }),
  metersMatch: z.boolean(),
  /** The machine's meter resets in the day (a reading lower than the last; its movement still counts the growth); absent when none. */
  meterResets: z.number().int().optional(),
});

export const zReport = z.object({
  day,
  store: z.string(),
  timezone: z.string(),
  /** The window the report covers: the day, from the previous day's close when that came early, to this close when it comes early. */
  from: isoTime,
  to: isoTime,
  /** When it was taken (the close's instant for a stored report). */
  at: isoTime,
  large_diff: z.number(),
  shifts: z.array(zShift),
  collections: z.array(zCollection),
  machines: z.array(zMachine),
  channels: z.array(dailyFigures.extend({ channel: z.enum(REPORT_CHANNELS) })),
  /** Gifts awarded on machines (comps given by the platform's promotions). */
  gifts: z.object({ amount: z.number(), count: z.number().int() }),
  /** Store credit the day's movements took (purchases) less what they gave back (redeems, reverts). */
  store_credit_used: z.number(),
  totals: dailyFigures.extend({
    drawers_expected: z.number(),
    drawers_counted: z.number(),
    drawers_over_short: z.number(),
    kiosks_expected: z.number(),
    kiosks_counted: z.number(),
    kiosks_over_short: z.number(),
    large_differences: z.number().int(),
    machines_mismatched: z.number().int(),
  }),
});
export type ZReport = z.infer<typeof zReport>;
export type ZShift = z.infer<typeof zShift>;
export type ZCollection = z.infer<typeof zCollection>;
export type ZMachine = z.infer<typeof zMachine>;

/** Why a day cannot be closed yet. */
const blocked = z.object({
  reason: z.enum(['shift_open', 'kiosk_uncollected', 'future_day']),
  /** Shift id or kiosk machine row id. */
  id: z.number().int().nullable(),
  /** The cashier (shift) or the kiosk's name. */
  name: z.string(),
});
export type DayCloseBlock = z.infer<typeof blocked>;

/** A boss's note on one difference of a day (kept beside the stored report, which never changes). */
const note = z.object({
  target: z.enum(['shift', 'collection', 'machine']),
  target_id: z.number().int(),
  note: z.string(),
  by: z.string(),
  at: isoTime,
});
export type DayCloseNote = z.infer<typeof note>;

export const dayCloseGetRequest = auth.extend({ day: day.optional() });
export const dayCloseReply = z.object({
  status: z.literal(0),
  /** Closed: `report` is the stored one, as it was closed. Open: the figures now. */
  closed: z.boolean(),
  closed_at: isoTime.nullable(),
  closed_by: z.string().nullable(),
  report: zReport,
  blocked: z.array(blocked),
  notes: z.array(note),
  /**
   * A closed day's seal (issue 40; docs/COMPLIANCE.md): the digest of its ledger rows as its close signed it,
   * the signed text, the operator's Ed25519 public key and the signature (base64); null for a day closed
   * before seals, absent while open. Kept beside the report, which it does not change.
   */
  seal: z.object({ text: z.string(), public_key: z.string(), signature: z.string() }).nullable().optional(),
});
export type DayCloseView = z.infer<typeof dayCloseReply>;

export const dayCloseRequest = auth.extend({ day });
export const dayCloseAnnotateRequest = auth.extend({
  day,
  target: z.enum(['shift', 'collection', 'machine']),
  target_id: id,
  note: z.string().trim().min(1).max(300),
});
