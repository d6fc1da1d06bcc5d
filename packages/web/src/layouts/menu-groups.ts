import type { MenuEntry } from '@moneybox/contract';
import { SCREEN_GROUPS, SCREENS, type ScreenGroup } from '@moneybox/contract/screens';

/** The tile groups of spec section 2 (Home), in the spec's order, with their entries' links in registry order. */
export const menuGroups = SCREEN_GROUPS.map((id) => ({ id, links: SCREENS.filter((s) => s.group === id).map((s) => s.link) }));

export type GroupId = ScreenGroup;

/** Event news entries come as /News/event_news/{name}. */
const EVENT_LINK = /^\/News\/event_news\/(.+)$/;

export interface MenuItem {
  name: string;
  /** The app route to open. */
  to: string;
  isNew: boolean;
  /** Set for dynamic event news entries. */
  eventName?: string;
}

export interface MenuGroup {
  id: GroupId;
  items: MenuItem[];
}

export function eventNameOf(link: string): string | undefined {
  const m = EVENT_LINK.exec(link);
  if (!m?.[1]) return undefined;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

/** The app route for a menu link; event news goes to /News/event-news?eventName={name}. */
export function routeFor(link: string): string {
  const event = eventNameOf(link);
  return event === undefined ? link : `/News/event-news?eventName=${encodeURIComponent(event)}`;
}

function groupOf(entry: MenuEntry): GroupId | undefined {
  if (eventNameOf(entry.func_link) !== undefined) return 'news';
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
    const entries = menu.filter((e) => groupOf(e) === g.id);
    const rank = (e: MenuEntry) => {
      const i = g.links.indexOf(e.func_link);
      return i === -1 ? g.links.length : i;
    };
    const sorted = entries.map((e, i) => ({ e, i })).sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i);
    if (sorted.length === 0) continue;
    out.push({
      id: g.id,
      items: sorted.map(({ e }) => {
        const eventName = eventNameOf(e.func_link);
        return { name: e.func_name, to: routeFor(e.func_link), isNew: e.isNew === true, ...(eventName !== undefined ? { eventName } : {}) };
      }),
    });
  }
  return out;
}

/** Local storage key of an event's read flag. */
export function eventReadKey(eventName: string): string {
  return `eventNewsRead:${eventName}`;
}

export function isEventRead(eventName: string, storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return storage.getItem(eventReadKey(eventName)) === '1';
  } catch {
    return false;
  }
}

/** Event news goes unread → read when opened (the News screens call this). */
export function markEventRead(eventName: string, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(eventReadKey(eventName), '1');
  } catch {
    // Storage blocked: the badge stays; nothing else depends on it.
  }
}

/** News tiles show '!' while any event item is unread. */
export function hasUnreadEvents(group: MenuGroup, isRead: (name: string) => boolean = (n) => isEventRead(n)): boolean {
  return group.items.some((i) => i.eventName !== undefined && !isRead(i.eventName));
}
