// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ANNOUNCE_POLL_MS, MARQUEE_DELAY_MS, messagesForLayout } from './marquee-filter';

describe('marquee filter', () => {
  const msgInfo = [
    { msg: 'everywhere', mode: [0, 1, 2, 3, 4, 5, 6] },
    { msg: 'purple only', mode: [4] },
    { msg: 'none', mode: [] },
    { msg: '  ', mode: [0] },
    { msg: 'blue-green', mode: [0, 3, 6] },
  ];
  it('keeps only messages whose modes include the layout', () => {
    expect(messagesForLayout(msgInfo, 0)).toEqual(['everywhere', 'blue-green']);
    expect(messagesForLayout(msgInfo, 4)).toEqual(['everywhere', 'purple only']);
    expect(messagesForLayout(msgInfo, 2)).toEqual(['everywhere']);
    expect(messagesForLayout(undefined, 0)).toEqual([]);
  });
  it('polls every 3 minutes and appears after a second', () => {
    expect(ANNOUNCE_POLL_MS).toBe(180_000);
    expect(MARQUEE_DELAY_MS).toBe(1_000);
  });
});
