import { describe, expect, it } from 'vitest';
import { groupMenu, hasUnreadEvents, markEventRead, routeFor } from './menu-groups';

const entry = (func_link: string, func_name: string, group = '', isNew?: boolean) => ({ func_link, func_name, group, ...(isNew ? { isNew } : {}) });

describe('home tile grouping', () => {
  const sample = [
    entry('/Drawer', 'Drawer', 'drawer'),
    entry('/SystemSetup/DrawerSetup', 'Drawer Setup', 'setup'),
    entry('/Customer/CustomerInfo', 'Customer Info', 'customer'),
    entry('/CustomerAccount', 'Customer Account', 'customer'),
    entry('/News/view-all-news', 'View All', 'news'),
    entry('/News/regulations', 'Regulations', 'news'),
    entry('/Reports/DailyReports', 'Daily', 'report'),
    entry('/News/event_news/Summer%20Bash', 'Summer Bash', 'news', true),
  ];

  it('groups exactly the listed entries in the spec order', () => {
    const groups = groupMenu(sample);
    expect(groups.map((g) => g.id)).toEqual(['customer', 'drawer', 'report', 'setup', 'news']);
    expect(groups[0]!.items.map((i) => i.name)).toEqual(['Customer Account', 'Customer Info']);
    expect(groups.find((g) => g.id === 'news')!.items.map((i) => i.name)).toEqual(['View All', 'Regulations', 'Summer Bash']);
    expect(groups.find((g) => g.id === 'machine')).toBeUndefined();
  });

  it('shows nothing for an empty menu', () => {
    expect(groupMenu([])).toEqual([]);
  });

  it('links event news to /News/event-news?eventName=', () => {
    expect(routeFor('/News/event_news/Summer%20Bash')).toBe('/News/event-news?eventName=Summer%20Bash');
    expect(routeFor('/Drawer')).toBe('/Drawer');
    const news = groupMenu(sample).find((g) => g.id === 'news')!;
    expect(news.items[2]).toMatchObject({ eventName: 'Summer Bash', isNew: true });
  });

  it("shows the news '!' while an event is unread", () => {
    const news = groupMenu(sample).find((g) => g.id === 'news')!;
    expect(hasUnreadEvents(news)).toBe(true);
    markEventRead('Summer Bash');
    expect(hasUnreadEvents(news)).toBe(false);
  });
});
