import { z } from 'zod';

export const localtimeReply = z.object({ status: z.literal(0), diff: z.number().int(), timezone: z.string() });

export const keyReply = z.object({ status: z.literal(0), key: z.string(), expiresIn: z.number().int() });

export const announcement = z.object({ msg: z.string(), mode: z.array(z.number().int()) });
export const announceReply = z.object({ status: z.literal(0), msgInfo: z.array(announcement) });
export type Announcement = z.infer<typeof announcement>;

export const maintainReply = z.object({ status: z.number().int(), msg: z.string() });

/** GET /API/config/domain.json: host → layout 0-6. */
export const domainMap = z.record(z.string(), z.number().int().min(0).max(6));
