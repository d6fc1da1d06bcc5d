import { BULLETIN_LANGS, type BulletinLang } from '@moneybox/contract';

/* The language fallback of what a store reads (the lists, the menu's event titles): helpers, not calls. */

/** The asked language, else English, else the first the item has (in BULLETIN_LANGS order). */
export function pickLanguage(available: readonly string[], asked: BulletinLang): BulletinLang | undefined {
  const order = [asked, 'en', ...BULLETIN_LANGS] as const;
  return order.find((l) => available.includes(l));
}

/** A title per language (an event's), by the same fallback; `fallback` when it has none. */
export function pickTitle(titlesJson: string, asked: BulletinLang, fallback: string): string {
  let titles: Record<string, string> = {};
  try {
    titles = JSON.parse(titlesJson) as Record<string, string>;
  } catch {
    // A malformed value shows the fallback rather than failing the menu.
  }
  const lang = pickLanguage(Object.keys(titles).filter((k) => typeof titles[k] === 'string' && titles[k] !== ''), asked);
  return lang ? titles[lang]! : fallback;
}
