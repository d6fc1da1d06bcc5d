import type { Announcement } from '@moneybox/contract';

/** Announcements show only where their modes include the current layout (spec section 1). */
export function messagesForLayout(msgInfo: readonly Announcement[] | undefined, layout: number): string[] {
  if (!Array.isArray(msgInfo)) return [];
  return msgInfo
    .filter((m) => Array.isArray(m.mode) && m.mode.includes(layout) && typeof m.msg === 'string' && m.msg.trim() !== '')
    .map((m) => m.msg.trim());
}

export const ANNOUNCE_POLL_MS = 180_000;
export const MARQUEE_DELAY_MS = 1_000;
