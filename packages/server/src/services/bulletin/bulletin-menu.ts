import { BULLETIN_NEW_DAYS, EVENT_NEWS_SCREEN, eventMenuLink, toBulletinLang, type MenuEntry, type MenuLang } from '@moneybox/contract';
import type { Db } from '../../db/database.js';
import { bulletinReads, type BulletinKind } from '../../repositories/bulletin.repository.js';
import { pickTitle } from './bulletin-language.js';

const DAY = 86_400_000;

/** The News screens that list one kind of item: their entries carry the 'new' badge of that kind. */
const KIND_OF_SCREEN: Readonly<Record<string, BulletinKind>> = {
  '/News/view-all-news': 'news',
  '/News/download-poster': 'poster',
  '/News/regulations': 'regulation',
};

/**
 * The menu's news part (spec sections 2 and 3): 'new' badges on the News entries with items
 * published in the last BULLETIN_NEW_DAYS days, and one dynamic entry per running event that has
 * items for the store (func_link /News/event_news/{name}) in place of the event screen's own entry,
 * which needs an event name to open. `eventsAllowed`: the caller may make /bulletin/event_news.
 */
export async function withNewsEntries(db: Db, storeId: number, lang: MenuLang, entries: MenuEntry[], eventsAllowed: boolean, now: string): Promise<MenuEntry[]> {
  const newSince = new Date(Date.parse(now) - BULLETIN_NEW_DAYS * DAY).toISOString();
  const hasNews = entries.some((e) => KIND_OF_SCREEN[e.func_link] !== undefined);
  if (!hasNews && !eventsAllowed) return entries.filter((e) => e.func_link !== EVENT_NEWS_SCREEN);
  const [newest, eventRows] = await Promise.all([
    bulletinReads.newestPerKind(db, storeId, now),
    eventsAllowed ? bulletinReads.runningEventItems(db, storeId, now) : Promise.resolve([]),
  ]);
  const newestOf = new Map(newest.map((n) => [n.kind, n.newest]));
  const menu: MenuEntry[] = [];
  for (const e of entries) {
    if (e.func_link === EVENT_NEWS_SCREEN) continue;
    const kind = KIND_OF_SCREEN[e.func_link];
    if (kind === undefined) {
      menu.push(e);
      continue;
    }
    const latest = newestOf.get(kind);
    menu.push({ ...e, isNew: typeof latest === 'string' && latest >= newSince });
  }
  const bulletinLang = toBulletinLang(lang) ?? 'en';
  const events = new Map<number, MenuEntry & { event: NonNullable<MenuEntry['event']> }>();
  for (const r of eventRows) {
    const id = Number(r.event_id);
    let entry = events.get(id);
    if (!entry) {
      // Rows come newest item first per event: the first one is the event's latest.
      entry = {
        func_name: pickTitle(r.titles, bulletinLang, r.name),
        func_link: eventMenuLink(r.name),
        group: 'news',
        isNew: r.published_at >= newSince,
        event: { name: r.name, items: [], latest: r.published_at, period: { start: r.starts_at, end: r.ends_at } },
      };
      events.set(id, entry);
    }
    entry.event.items.push(Number(r.id));
  }
  return [...menu, ...events.values()];
}
