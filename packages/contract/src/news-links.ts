/**
 * Platform news links and event names (zod-free, so the web imports it by subpath:
 * `@moneybox/contract/news-links`). An event's dynamic menu entry has func_link
 * /News/event_news/{name} (spec section 3) and opens /News/event-news?eventName={name} (section 2).
 */

/**
 * An event's name: its key in links and in the browser's read flags (spec section 4), so plain:
 * letters, digits, '-' and '_', up to 64 (the menu shows the event's title, per language).
 */
export const EVENT_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The menu's `func_link` of an event's dynamic entry (spec section 3) and the screen it opens (section 2). */
export const EVENT_MENU_LINK_PREFIX = '/News/event_news/';
export const EVENT_NEWS_SCREEN = '/News/event-news';
export const eventMenuLink = (name: string) => `${EVENT_MENU_LINK_PREFIX}${name}`;
export const eventScreenLink = (name: string) => `${EVENT_NEWS_SCREEN}?eventName=${encodeURIComponent(name)}`;

/** The event name of a dynamic entry's func_link, or undefined for any other link. */
export function eventOfMenuLink(link: string): string | undefined {
  if (!link.startsWith(EVENT_MENU_LINK_PREFIX)) return undefined;
  const name = link.slice(EVENT_MENU_LINK_PREFIX.length);
  return EVENT_NAME.test(name) ? name : undefined;
}

/** An item published in the last this many days makes its menu entry carry `isNew` ('new' badge). */
export const BULLETIN_NEW_DAYS = 7;
