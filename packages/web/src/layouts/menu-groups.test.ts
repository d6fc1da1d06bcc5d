import type { MenuEntry } from '@moneybox/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { eventReadKey, isEventUnread, markEventRead, seenItems } from './event-reads';
import { groupMenu, hasUnreadEvents, isUnread, routeFor } from './menu-groups';

const entry = (func_link: string, func_name: string, group = '', isNew?: boolean): MenuEntry => ({ func_link, func_name, group, ...(isNew ? { isNew } : {}) });
const event = (name: string, title: string, items: number[], isNew = false): MenuEntry => ({
  ...entry(`/News/event_news/${name}`, title, 'news', isNew),
  event: { name, items, latest: '2026-11-20T10:00:00.000Z', period: { start: '2026-11-01T00:00:00.000Z', end: '2026-12-01T00:00:00.000Z' } },
});

describe('home tile grouping', () => {
  const sample = [
    entry('/Drawer', 'Drawer', 'drawer'),
    entry('/SystemSetup/DrawerSetup', 'Drawer Setup', 'setup'),
    entry('/Customer/CustomerInfo', 'Customer Info', 'customer'),
    entry('/CustomerAccount', 'Customer Account', 'customer'),
    event('summer-bash', 'Summer Bash', [12, 9], true),
    entry('/News/regulations', 'Regulations', 'news'),
    entry('/News/view-all-news', 'View All', 'news', true),
    entry('/Reports/DailyReports', 'Daily', 'report'),
    entry('/News/download-poster', 'Download posters', 'news'),
  ];

  it('groups exactly the listed entries in the spec order, events after the fixed News entries', () => {
    const groups = groupMenu(sample);
    expect(groups.map((g) => g.id)).toEqual(['customer', 'drawer', 'report', 'setup', 'news']);
    expect(groups[0]!.items.map((i) => i.name)).toEqual(['Customer Account', 'Customer Info']);
    expect(groups.find((g) => g.id === 'news')!.items.map((i) => i.name)).toEqual(['View All', 'Download posters', 'Regulations', 'Summer Bash']);
    expect(groups.find((g) => g.id === 'machine')).toBeUndefined();
  });

  it('shows nothing for an empty menu', () => {
    expect(groupMenu([])).toEqual([]);
  });

  it('links event news to /News/event-news?eventName=, and never lists the bare event screen', () => {
    expect(routeFor('/News/event_news/summer-bash')).toBe('/News/event-news?eventName=summer-bash');
    expect(routeFor('/Drawer')).toBe('/Drawer');
    const news = groupMenu([...sample, entry('/News/event-news', 'Event news', 'news')]).find((g) => g.id === 'news')!;
    expect(news.items.map((i) => i.to)).toEqual(['/News/view-all-news', '/News/download-poster', '/News/regulations', '/News/event-news?eventName=summer-bash']);
    expect(news.items[3]).toMatchObject({ event: { name: 'summer-bash', items: [12, 9] }, isNew: true });
    expect(news.items[0]).toMatchObject({ isNew: true });
    expect(news.items[0]!.event).toBeUndefined();
  });

  it('leaves a link that is not a valid event name as it is (no event, no badge)', () => {
    expect(routeFor('/News/event_news/../x')).toBe('/News/event_news/../x');
    expect(groupMenu([entry('/News/event_news/a b', 'Odd', 'news')])[0]!.items[0]!.event).toBeUndefined();
  });
});

describe("event read flags and the '!' badge", () => {
  beforeEach(() => localStorage.clear());
  const news = () => groupMenu([entry('/News/view-all-news', 'View All', 'news'), event('summer-bash', 'Summer Bash', [12, 9]), event('gold-rush', 'Gold Rush', [20])]).find((g) => g.id === 'news')!;

  it("shows '!' while an event has an unseen item; opening each event clears it", () => {
    expect(hasUnreadEvents(news())).toBe(true);
    markEventRead('summer-bash', [12, 9]);
    expect(isUnread(news().items[1]!)).toBe(false);
    expect(hasUnreadEvents(news())).toBe(true);
    markEventRead('gold-rush', [20]);
    expect(hasUnreadEvents(news())).toBe(false);
    // Kept per event name in local storage: another page load reads the same.
    expect(localStorage.getItem(eventReadKey('summer-bash'))).toBe('[12,9]');
  });

  it('comes back when a new item is published into a read event, not when one is withdrawn', () => {
    markEventRead('summer-bash', [12, 9]);
    expect(isEventUnread('summer-bash', [15, 12, 9])).toBe(true);
    expect(isEventUnread('summer-bash', [12])).toBe(false);
    // An item scheduled earlier with a lower id shows up later: still unread.
    expect(isEventUnread('summer-bash', [12, 9, 7])).toBe(true);
  });

  it('is per event name', () => {
    markEventRead('summer-bash', [12, 9]);
    expect(isEventUnread('summer-bash-2', [12, 9])).toBe(true);
  });

  it('treats a foreign or broken stored value as nothing seen, and an event without items as read', () => {
    localStorage.setItem(eventReadKey('summer-bash'), '1');
    expect(isEventUnread('summer-bash', [12])).toBe(true);
    localStorage.setItem(eventReadKey('summer-bash'), '{oops');
    expect(seenItems('summer-bash').size).toBe(0);
    localStorage.setItem(eventReadKey('summer-bash'), '[12,"9",null]');
    expect([...seenItems('summer-bash')]).toEqual([12]);
    expect(isEventUnread('summer-bash', [])).toBe(false);
  });

  it('keeps the badge when storage is blocked, without throwing', () => {
    const blocked = { getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('blocked'); } };
    expect(() => markEventRead('summer-bash', [12], blocked)).not.toThrow();
    expect(isEventUnread('summer-bash', [12], blocked)).toBe(true);
  });
});
