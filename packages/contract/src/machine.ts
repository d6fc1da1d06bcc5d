// Machine calls' schemas (spec section 7: /machine/list, /machine/update, /machine/remove) and the
// enrolment code a boss creates for a new terminal (docs/TERMINAL.md).
import { z } from 'zod';
import { auth, id } from './common.js';
import { terminalKind } from './terminal.js';

const machineStatus = z.enum(['playing', 'connected', 'disconnected']);
export type MachineStatus = z.infer<typeof machineStatus>;

/** A machine name is a number (spec section 5): a positive whole number, as a number or digits. */
const machineName = z
  .union([z.number(), z.string().trim()])
  .transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\d{1,9}$/.test(v) ? Number(v) : NaN;
    if (!Number.isInteger(n) || n < 1 || n > 999_999_999) {
      ctx.addIssue({ code: 'custom', message: 'machine name must be a number' });
      return z.NEVER;
    }
    return n;
  });

export const machineListRequest = auth;
const machineListItem = z.object({
  id: z.number().int(),
  /** The machine's name (a number). */
  machine_id: z.number().int(),
  kind: terminalKind,
  status: machineStatus,
  customer: z.object({ id: z.number().int(), mobile_id: z.string(), name: z.string() }).nullable(),
  lastSeen: z.string().nullable(),
  enrolledAt: z.string(),
  /** Today (store day) through this machine's ledger rows, currency units. */
  today: z.object({ played: z.number(), won: z.number() }),
  /** The machine's own cumulative meters (credits) and whether the ledger agrees with them. */
  meters: z.object({ played: z.number(), won: z.number(), games: z.number() }),
  ledger: z.object({ played: z.number(), won: z.number(), games: z.number() }),
  metersMatch: z.boolean(),
  /** How often its meters were reset (a reading lower than the last, e.g. a RAM clear) and when last; the meters above count across them. */
  meterResets: z.number().int(),
  lastMeterReset: z.string().nullable(),
});
export type MachineListItem = z.infer<typeof machineListItem>;
export const machineListReply = z.object({
  status: z.literal(0),
  list: z.array(machineListItem),
  max_machines: z.number().int(),
  exchange_rate: z.number().int(),
});

export const machineUpdateRequest = auth.extend({ id, machine_id: machineName });
export const machineUpdateReply = z.object({ status: z.literal(0), id: z.number().int(), machine_id: z.number().int() });

/** Without confirm, a machine with a customer playing is not released: the reply says occupied. */
export const machineRemoveRequest = auth.extend({ id, confirm: z.boolean().optional().default(false) });
export const machineRemoveReply = z.object({
  status: z.literal(0),
  id: z.number().int(),
  released: z.boolean(),
  occupied: z.boolean(),
});

export const machineEnrolCodeRequest = auth.extend({ kind: terminalKind.optional().default('game'), machine_id: machineName.optional() });
export const machineEnrolCodeReply = z.object({
  status: z.literal(0),
  /** Shown once; stored only as its hash. */
  code: z.string(),
  kind: terminalKind,
  machine_id: z.number().int(),
  expiresAt: z.string(),
});
