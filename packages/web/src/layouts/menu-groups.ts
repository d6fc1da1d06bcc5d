import type { MenuEntry } from '@moneybox/contract';
import { EVENT_NEWS_SCREEN, eventOfMenuLink, eventScreenLink } from '@moneybox/contract/news-links';
import { SCREEN_GROUPS, SCREENS, type ScreenGroup } from '@moneybox/contract/screens';
import { isEventUnread } from './event-reads';

/** The tile groups of spec section 2 (Home), in the spec's order, with their entries' links in registry order. */
const menuGroups = SCREEN_GROUPS.map((id) => ({ id, links: SCREENS.filter((s) => s.group === id).map((s) => s.link) }));

type GroupId = ScreenGroup;

export interface MenuItem {
  name: string;
  /** The app route to open. */
  to: string;
  isNew: boolean;
  /** A dynamic event news entry: its name (the read flag's key) and its items' ids, newest first. */
  event?: { name: string; items: readonly number[] };
}

export interface MenuGroup {
  id: GroupId;
  items: MenuItem[];
}

/** The app route for a menu link: an event's /News/event_news/{name} opens /News/event-news?eventName={name}. */
export function routeFor(link: string): string {
  const event = eventOfMenuLink(link);
  return event === undefined ? link : eventScreenLink(event);
}

function groupOf(entry: MenuEntry): GroupId | undefined {
  if (eventOfMenuLink(entry.func_link) !== undefined) return 'news';
  const byLink = menuGroups.find((g) => g.links.includes(entry.func_link));
  if (byLink) return byLink.id;
  return menuGroups.find((g) => g.id === entry.group)?.id;
}

/**
 * Groups exactly the entries the server's menu lists, in the spec's order: fixed entries first in
 * their listed order, then dynamic ones (event news) in the server's order. Groups with no entry
 * are left out, so no tile leads to a screen the account may not use.
 */
export function groupMenu(menu: readonly MenuEntry[]): MenuGroup[] {
  const out: MenuGroup[] = [];
  for (const g of menuGroups) {
    // The event screen itself needs a name: only its dynamic entries lead there.
    const entries = menu.filter((e) => groupOf(e) === g.id && e.func_link !== EVENT_NEWS_SCREEN);
    const rank = (e: MenuEntry) => {
      const i = g.links.indexOf(e.func_link);
      return i === -1 ? g.links.length : i;
    };
    const sorted = entries.map((e, i) => ({ e, i })).sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i);
    if (sorted.length === 0) continue;
    out.push({
      id: g.id,
      items: sorted.map(({ e }) => {
        const name = eventOfMenuLink(e.func_link);
        const event = name === undefined ? undefined : { name, items: e.event?.items ?? [] };
        return { name: e.func_name, to: routeFor(e.func_link), isNew: e.isNew === true, ...(event && { event }) };
      }),
    });
  }
  return out;
}

/** An entry shows '!' while its event has an item not yet seen. */
export function isUnread(item: MenuItem, unread: typeof isEventUnread = isEventUnread): boolean {
  return item.event !== undefined && unread(item.event.name, item.event.items);
}

/** News tiles and the side menu's News group show '!' while any event item is unread (spec section 2). */
export function hasUnreadEvents(group: MenuGroup, unread: typeof isEventUnread = isEventUnread): boolean {
  return group.items.some((i) => isUnread(i, unread));
}
