import { z } from 'zod';
import { parseAmount, type Cents } from './money.js';

/** A positive integer id, given as a JSON number or a numeric string. */
export const id = z.union([
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  z.string().regex(/^\d{1,15}$/, 'must be a number').transform(Number),
]).refine((n) => n > 0, 'must be positive');

export const auth = z.object({
  UID: id,
  TOKEN: z.string().min(1).max(200),
});
export type Auth = z.infer<typeof auth>;

/** An amount in currency units on the wire, cents after parsing. */
export const amount = z.union([z.number(), z.string()]).transform((v, ctx): Cents => {
  const c = parseAmount(v);
  if (c === null) {
    ctx.addIssue({ code: 'custom', message: 'amount must be a non-negative number with at most two decimals' });
    return z.NEVER;
  }
  return c;
});

/** One-time key from /config/key. */
export const key = z.string().min(8).max(100).regex(/^[A-Za-z0-9_-]+$/);

export const lang = z.enum(['en', 'es', 'cn']);
export type MenuLang = z.infer<typeof lang>;

/** Timestamps on the wire: ISO-8601 strings in UTC. */
export const isoTime = z.string().max(40);

export const paging = z.object({
  page: id.optional().default(1),
  limit: z.union([z.number().int(), z.string().regex(/^\d{1,4}$/).transform(Number)]).pipe(z.number().int().min(1).max(200)).optional().default(20),
});

/** Every reply carries a status; 0 is success. */
export const statusReply = z.object({ status: z.number().int() });
