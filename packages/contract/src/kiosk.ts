// Reload kiosks' cash boxes (issue 23): what each took since its last collection, and the collection.
// Amounts on the wire are currency units; times ISO-8601 UTC.
import { z } from 'zod';
import { amount, auth, id, isoTime, key } from './common.js';
import { countDetail } from './drawer.js';

const box = z.object({
  /** The kiosk's machine row id. */
  id: z.number().int(),
  /** Its name (machine id) on the floor. */
  name: z.string(),
  /** Cash its bill acceptor took since the last collection: what the box should hold. */
  expected: z.number(),
  /** Cash it paid out since the last collection. */
  paid_out: z.number(),
  last_collection: isoTime.nullable(),
});
export type KioskBox = z.infer<typeof box>;

export const kioskBoxesRequest = auth;
export const kioskBoxesReply = z.object({ status: z.literal(0), list: z.array(box) });

/**
 * A collection: the box emptied and counted (`counted` and/or `count_detail`, which must agree: 35), or
 * marked not collected with a `reason`. `key` (from /config/key) makes it once: a resend answers the same slip.
 */
export const kioskCollectRequest = auth.extend({
  id,
  counted: amount.optional(),
  count_detail: countDetail.optional(),
  reason: z.string().trim().max(200).optional(),
  key,
});
export const kioskCollectionSlip = z.object({
  collection_id: z.number().int(),
  kiosk: z.string(),
  time: isoTime,
  collector: z.string(),
  expected: z.number(),
  /** Null: not collected (see `reason`). */
  counted: z.number().nullable(),
  over_short: z.number().nullable(),
  count_detail: z.record(z.string(), z.number()).nullable(),
  reason: z.string(),
});
export type KioskCollectionSlip = z.infer<typeof kioskCollectionSlip>;
export const kioskCollectReply = kioskCollectionSlip.extend({ status: z.literal(0) });
