import { z } from 'zod';
import { auth, id, isoTime } from './common.js';
import { customerRecord } from './customer.js';
import { CASH_DIRECTIONS, CASH_LEVELS } from './cash-rules.js';

/** A boss asks for one customer's data, as the customer may ask the store for it (issue 40). */
export const customerExportRequest = auth.extend({ id });

/**
 * Everything the store keeps about one customer, in one document: the record as every customer call
 * shows it, every money movement of theirs (the ledger's rows, oldest first: kind, channel, amount in
 * currency units) and every recorded action on them (the audit trail: what, when, by whom). Asking for
 * it is itself recorded (`customer.export`).
 */
export const customerExportReply = z.object({
  status: z.literal(0),
  exported_at: isoTime,
  store: z.object({ kid: z.number().int(), name: z.string() }),
  customer: customerRecord,
  movements: z.array(z.object({ id: z.number().int(), at: isoTime, kind: z.string(), channel: z.string(), amount: z.number() })),
  actions: z.array(z.object({ at: isoTime, kind: z.string(), by: z.string() })),
  /** The cash transaction log's rows of theirs (docs/COMPLIANCE.md "Cash transaction log"), with the identity each recorded. */
  cash_log: z.array(
    z.object({
      day: z.string(),
      direction: z.enum(CASH_DIRECTIONS),
      level: z.enum(CASH_LEVELS),
      at: isoTime,
      day_total: z.number(),
      identity: z.record(z.string(), z.string()),
    }),
  ),
});
export type CustomerExport = z.infer<typeof customerExportReply>;

/**
 * A boss erases one customer's personal fields on the customer's request, once the store's retention
 * period (CUSTOMER_RETENTION_DAYS) has passed since their last money movement, with nothing owed
 * (no entries or winnings) and no machine in play: 13 with `reason` (`erase_retention` with `kept_until`,
 * `erase_balance`, `erase_playing`, `erased`) otherwise. Names, ID number, birthday, contact, bank and
 * address become empty and the customer is blocked; the record, its ledger rows and an exclusion's ID
 * hash stay (the law keeps them), and the erasure is recorded (`customer.erase`).
 */
export const customerEraseRequest = auth.extend({ id });
/** Why an erasure was refused (13's `reason`), worded by the web's `status:reasons`. */
export const ERASE_REASONS = ['erase_retention', 'erase_balance', 'erase_playing', 'erased'] as const;
export const customerEraseReply = z.object({ status: z.literal(0), customer: customerRecord });
