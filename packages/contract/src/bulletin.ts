import { z } from 'zod';
import { auth, id, isoTime } from './common.js';
import { EVENT_NAME } from './news-links.js';

/**
 * Platform news (issue 11; spec section 2 News screens, section 3 Menu response, section 4 read
 * events, section 7 /bulletin/*, section 8 status 404). The operator publishes with the CLI
 * (`npm run admin -- bulletin ...`); stores only read. Every list holds only what is published for
 * the caller's store (all stores, or a list of kiosk ids naming it), not withdrawn, newest first.
 *
 * Texts: `title` is plain text, `body` is Markdown exactly as the operator wrote it. The server
 * never renders HTML; the web renders bodies with react-markdown + rehype-sanitize (no raw HTML),
 * so script tags, event-handler attributes and `javascript:` links in a body never run.
 * Language: each item in the asked language, else English, else its first language; `language`
 * says which one was served.
 *
 * Files (posters, regulation documents, images a body shows, poster thumbnails) live in the
 * database and are fetched with GET `url` (inline) or `download_url` (attachment, the file name in
 * Content-Disposition), authenticated by the `uid` and `token` cookies of the session (spec
 * section 4), so `<img src>` and `<a href download>` work. A file of another store, of a withdrawn
 * item or of an ended event answers HTTP 404 (no session: HTTP 401).
 * Images in a body are referenced by file name (`![map](map.png)`): map `src` through `images`
 * (file_name → url); a reference with no such file is left for the sanitizer.
 */

/** Languages of bulletins, as the web's UI codes (spec section 1): English, Español, 简体中文. */
export const BULLETIN_LANGS = ['en', 'mx', 'zh_Hans'] as const;
export type BulletinLang = (typeof BULLETIN_LANGS)[number];

/** Every code the spec's clients use for a language (UI codes and the menu's en/es/cn) → the bulletin language. */
const BULLETIN_LANG_ALIASES: Readonly<Record<string, BulletinLang>> = {
  en: 'en',
  mx: 'mx',
  es: 'mx',
  zh_Hans: 'zh_Hans',
  cn: 'zh_Hans',
  zh: 'zh_Hans',
};

export function toBulletinLang(code: string): BulletinLang | undefined {
  return Object.prototype.hasOwnProperty.call(BULLETIN_LANG_ALIASES, code) ? BULLETIN_LANG_ALIASES[code] : undefined;
}

/** `lang` of the /bulletin calls: any code of BULLETIN_LANG_ALIASES, English when absent. */
const bulletinLangField = z
  .string()
  .max(10)
  .optional()
  .transform((v, ctx): BulletinLang => {
    if (v === undefined || v === '') return 'en';
    const l = toBulletinLang(v);
    if (!l) {
      ctx.addIssue({ code: 'custom', message: `unknown language "${v}" (en, mx or es, zh_Hans or cn)` });
      return z.NEVER;
    }
    return l;
  });

/** Limits the CLI enforces when publishing (docs/DECISIONS.md "Platform news"). */
export const BULLETIN_LIMITS = {
  titleChars: 200,
  /** A Markdown body, UTF-8 bytes, per language. */
  bodyBytes: 64 * 1024,
  /** A poster or regulation document. */
  documentBytes: 10 * 1024 * 1024,
  /** An image a body shows, or a poster's thumbnail. */
  imageBytes: 2 * 1024 * 1024,
  /** Images one body may show. */
  imagesPerItem: 10,
  /** Kiosk ids one item may target (beyond: publish to all stores). */
  targetStores: 1000,
} as const;

/** File types accepted, recognised by their content (magic bytes), never by name. SVG is refused. */
const BULLETIN_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const BULLETIN_DOCUMENT_TYPES = [...BULLETIN_IMAGE_TYPES, 'application/pdf'] as const;

export { BULLETIN_NEW_DAYS, EVENT_MENU_LINK_PREFIX, EVENT_NAME, EVENT_NEWS_SCREEN, eventMenuLink, eventOfMenuLink, eventScreenLink } from './news-links.js';
export const eventName = z.string().trim().regex(EVENT_NAME, 'must be 1-64 letters, digits, - or _');

/** A stored file as the client fetches it. */
const bulletinFile = z.object({
  id: z.number().int(),
  file_name: z.string(),
  content_type: z.string(),
  /** Bytes. */
  size: z.number().int(),
  /** GET, shown inline (img src, the PDF viewer). */
  url: z.string(),
  /** GET, saved as `file_name` (Content-Disposition: attachment). */
  download_url: z.string(),
});
export type BulletinFile = z.infer<typeof bulletinFile>;

const itemBase = {
  id: z.number().int(),
  title: z.string(),
  /** When it was published, ISO-8601 UTC (the screen shows store time). */
  date: isoTime,
  /** The language served (the asked one, else English, else the item's first). */
  language: z.enum(BULLETIN_LANGS),
  /** Published in the last BULLETIN_NEW_DAYS days. */
  isNew: z.boolean(),
};

/** A news item or an event item: Markdown body and the images it shows. */
const newsItem = z.object({
  ...itemBase,
  body: z.string(),
  images: z.array(bulletinFile),
});
export type NewsItem = z.infer<typeof newsItem>;

export const newsRequest = auth.extend({ lang: bulletinLangField });
export const newsReply = z.object({ status: z.literal(0), list: z.array(newsItem) });

/**
 * One event's items. An event unknown to this store, removed, not started or ended answers status
 * 404 (spec section 8: the client alerts and goes to /News/view-all-news).
 */
export const eventNewsRequest = auth.extend({ lang: bulletinLangField, event_name: eventName });
export const eventNewsReply = z.object({
  status: z.literal(0),
  name: z.string(),
  /** The event's title in the language served (its name when it has none). */
  title: z.string(),
  period: z.object({ start: isoTime, end: isoTime }),
  items: z.array(newsItem),
});
export type EventNewsReply = z.infer<typeof eventNewsReply>;

/** A poster (spec: /bulletin/download lists them): the file, its size and a thumbnail. */
export const poster = z.object({
  ...itemBase,
  file: bulletinFile,
  /**
   * URL of a picture of it: the operator's thumbnail, else the image itself for an image poster;
   * null for a PDF without one (the web shows a generic document icon).
   */
  thumbnail: z.string().nullable(),
});
export type Poster = z.infer<typeof poster>;
export const downloadRequest = auth.extend({ lang: bulletinLangField });
export const downloadReply = z.object({ status: z.literal(0), list: z.array(poster) });
export type DownloadReply = z.infer<typeof downloadReply>;

/** A regulation in force: a Markdown text to read in the page and/or a document (PDF) to read and download. */
export const regulation = z.object({
  ...itemBase,
  body: z.string(),
  images: z.array(bulletinFile),
  document: bulletinFile.nullable(),
});
export type Regulation = z.infer<typeof regulation>;
export const regulationsRequest = auth.extend({ lang: bulletinLangField });
export const regulationsReply = z.object({ status: z.literal(0), list: z.array(regulation) });
export type RegulationsReply = z.infer<typeof regulationsReply>;

/**
 * What the menu's dynamic event entry carries beyond func_name/func_link (spec section 3): the
 * client computes unread from these and its read flags in local storage (spec section 4), e.g.
 * unread while the newest item id is above the one stored for the event name.
 */
export const menuEvent = z.object({
  name: z.string(),
  /** Ids of the event's items for this store, newest first. */
  items: z.array(z.number().int()),
  /** When its newest item was published, ISO-8601 UTC. */
  latest: isoTime,
  period: z.object({ start: isoTime, end: isoTime }),
});

/** GET /API/bulletin/file/{id}[?download=1]: the id path parameter. */
export const bulletinFileId = id;
