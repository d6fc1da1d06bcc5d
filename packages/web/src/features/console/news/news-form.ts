import type { CallInput, ConsoleNewsItem, NewsTarget } from '@moneybox/contract';

/** The console's news form (pure): what the operator typed, turned into the publish call's input. */
export const NEWS_LANGS = ['en', 'mx', 'zh_Hans'] as const;
export type NewsLang = (typeof NEWS_LANGS)[number];
export type NewsKind = 'news' | 'event' | 'poster' | 'regulation';

export interface NewsText {
  title: string;
  body: string;
}

export interface Upload {
  role: 'document' | 'thumbnail' | 'image';
  /** The language tab it was chosen in (a poster's or regulation's file, a thumbnail); null: images, shared by every language. */
  lang: NewsLang | null;
  name: string;
  data: string;
}

type FileIn = NonNullable<CallInput<'/operator/newsPublish'>['files']>[number];

/**
 * The files as the call takes them. A document or thumbnail is its language's version; when only one is
 * given and the item has no file of that role per language yet, it serves every language (lang null).
 * A file chosen in a tab whose language is not published (no title) is left out.
 */
export function uploadsOf(f: NewsForm, files: Upload[], existing: ConsoleNewsItem['files'] = []): FileIn[] {
  const langs = languagesOf(f);
  const out: FileIn[] = [];
  for (const role of ['document', 'thumbnail'] as const) {
    const given = files.filter((u) => u.role === role && u.lang !== null && langs.includes(u.lang));
    const perLanguage = given.length > 1 || existing.some((e) => e.role === role && e.lang !== null);
    for (const u of given) out.push({ role, lang: perLanguage ? u.lang : null, name: u.name, data: u.data });
  }
  // Images are named as the bodies reference them, for every language.
  for (const u of files) if (u.role === 'image') out.push({ role: 'image', lang: null, name: u.name, data: u.data });
  return out;
}

export interface NewsForm {
  kind: NewsKind;
  texts: Record<NewsLang, NewsText>;
  /**
   * Every store (admin), all of the signed-in distributor's own stores (`mine`: its `distributorId` is
   * the account's own id), a distributor's stores (admin), or the stores picked (`kids`).
   */
  target: 'all' | 'mine' | 'distributor' | 'stores';
  distributorId: string;
  /** The kiosk ids picked from the account's stores. */
  kids: number[];
  eventName: string;
  /** `datetime-local` values, in the browser's zone. */
  eventStarts: string;
  eventEnds: string;
}

export const emptyNewsForm = (): NewsForm => ({
  kind: 'news',
  texts: { en: { title: '', body: '' }, mx: { title: '', body: '' }, zh_Hans: { title: '', body: '' } },
  target: 'stores',
  distributorId: '',
  kids: [],
  eventName: '',
  eventStarts: '',
  eventEnds: '',
});

/** A language is published when its title is given. */
export const languagesOf = (f: NewsForm): NewsLang[] => NEWS_LANGS.filter((l) => f.texts[l].title.trim() !== '');

export function targetOf(f: NewsForm): NewsTarget {
  if (f.target === 'all') return { type: 'all' };
  if (f.target === 'distributor' || f.target === 'mine') return { type: 'distributor', distributor_id: Number(f.distributorId) };
  return { type: 'stores', kids: [...new Set(f.kids)] };
}

/** What the target still lacks before it can be sent (the `console:news` text's key), or null: no store picked, no distributor chosen. */
export function targetProblem(f: NewsForm): 'needStores' | 'needDistributor' | null {
  if (f.target === 'stores' && f.kids.length === 0) return 'needStores';
  if ((f.target === 'distributor' || f.target === 'mine') && !/^\d+$/.test(f.distributorId)) return 'needDistributor';
  return null;
}

/** A local time of a `datetime-local` input as ISO-8601 UTC; undefined when empty or not a time. */
export function localToIso(v: string): string | undefined {
  if (v.trim() === '') return undefined;
  const ms = new Date(v).getTime();
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

export function publishInput(f: NewsForm, files: Upload[]): CallInput<'/operator/newsPublish'> {
  const langs = languagesOf(f);
  const starts = localToIso(f.eventStarts);
  const ends = localToIso(f.eventEnds);
  return {
    kind: f.kind,
    texts: langs.map((lang) => ({ lang, title: f.texts[lang].title, ...(f.texts[lang].body.trim() !== '' && { body: f.texts[lang].body }) })),
    target: targetOf(f),
    ...(f.kind === 'event' && {
      event: { name: f.eventName.trim(), ...(starts && { starts_at: starts }), ...(ends && { ends_at: ends }), titles: Object.fromEntries(langs.map((l) => [l, f.texts[l].title])) },
    }),
    files: uploadsOf(f, files),
  };
}

/** An ISO-8601 time as a `datetime-local` value in the browser's zone (minutes). */
export function isoToLocal(iso: string): string {
  const d = new Date(iso);
  if (!Number.isFinite(d.getTime())) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A published item as the editor's form: its texts per language, period and target (a distributor's stores as their kiosk ids). */
export function formOf(item: ConsoleNewsItem): NewsForm {
  const f = emptyNewsForm();
  for (const t of item.texts) f.texts[t.lang] = { title: t.title, body: t.body };
  return {
    ...f,
    kind: item.kind,
    target: item.all_stores ? 'all' : 'stores',
    kids: [...item.kids],
    eventName: item.event?.name ?? '',
    eventStarts: item.event ? isoToLocal(item.event.starts_at) : '',
    eventEnds: item.event ? isoToLocal(item.event.ends_at) : '',
  };
}

/** A language the item has that the form would drop (its title emptied): the server keeps languages, so the editor refuses. */
export const droppedLanguages = (item: ConsoleNewsItem, f: NewsForm): NewsLang[] => item.texts.map((t) => t.lang).filter((l) => f.texts[l].title.trim() === '');

/** Whether the form aims elsewhere than the item does (the audit row then shows the stores before and after). */
function targetChanged(item: ConsoleNewsItem, f: NewsForm): boolean {
  if (f.target !== 'stores') return !(f.target === 'all' && item.all_stores);
  const kids = [...new Set(f.kids)];
  return item.all_stores || kids.length !== item.kids.length || kids.some((k) => !item.kids.includes(k));
}

/** The update call's input: every language with a title (its body as written), the target and the period when they changed, the files chosen (each replaces the old one of its language; a shared one, every language's). */
export function updateInput(item: ConsoleNewsItem, f: NewsForm, files: Upload[]): CallInput<'/operator/newsUpdate'> {
  const starts = localToIso(f.eventStarts);
  const ends = localToIso(f.eventEnds);
  const was = item.event ? { starts: isoToLocal(item.event.starts_at), ends: isoToLocal(item.event.ends_at) } : null;
  const periodChanged = was !== null && (f.eventStarts !== was.starts || f.eventEnds !== was.ends);
  return {
    id: item.id,
    texts: languagesOf(f).map((lang) => ({ lang, title: f.texts[lang].title, body: f.texts[lang].body })),
    ...(targetChanged(item, f) && { target: targetOf(f) }),
    // A bound left as it was keeps its exact time (the input shows minutes only).
    ...(periodChanged && {
      event: {
        ...(f.eventStarts === was.starts ? { starts_at: item.event!.starts_at } : starts && { starts_at: starts }),
        ...(f.eventEnds === was.ends ? { ends_at: item.event!.ends_at } : ends && { ends_at: ends }),
      },
    }),
    files: uploadsOf(f, files, item.files),
  };
}

/** Bytes as base64, in chunks (a poster is megabytes: one String.fromCharCode call would overflow the stack). */
export function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}
