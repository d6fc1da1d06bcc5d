import {
  BULLETIN_NEW_DAYS,
  Status,
  type BulletinFile,
  type BulletinLang,
  type EventNewsReply,
  type NewsItem,
  type Poster,
  type Regulation,
} from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import { bulletinReads, type BulletinKind, type FileMeta } from '../../repositories/bulletin.repository.js';
import { pickLanguage, pickTitle } from './bulletin-language.js';

/**
 * What a store reads: its news, its running events' items, posters and regulations, each in the
 * asked language with English as the fallback. Who the store is comes from the session only.
 */
export interface Reader {
  db: Db;
  storeId: number;
  lang: BulletinLang;
  /** ISO-8601 UTC. */
  now: string;
}

/** The actor's store, in the asked language, now. */
function readerFor(deps: Deps, actor: Actor, lang: BulletinLang): Reader {
  return { db: deps.handle.db, storeId: actor.storeId, lang, now: isoNow() };
}

/** The calls' services: the bulletin lists of the actor's store (spec section 7). */
export const storeNews = async (deps: Deps, actor: Actor, input: { lang: BulletinLang }) => ({ list: await listNews(readerFor(deps, actor, input.lang)) });
export const storeEventNews = (deps: Deps, actor: Actor, input: { lang: BulletinLang; event_name: string }) => eventNews(readerFor(deps, actor, input.lang), input.event_name);
export const storePosters = async (deps: Deps, actor: Actor, input: { lang: BulletinLang }) => ({ list: await listPosters(readerFor(deps, actor, input.lang)) });
export const storeRegulations = async (deps: Deps, actor: Actor, input: { lang: BulletinLang }) => ({
  list: await listRegulations(readerFor(deps, actor, input.lang)),
});

const DAY = 86_400_000;

const fileUrl = (id: number) => `/API/bulletin/file/${id}`;

function fileView(f: FileMeta): BulletinFile {
  return { id: f.id, file_name: f.file_name, content_type: f.content_type, size: f.size, url: fileUrl(f.id), download_url: `${fileUrl(f.id)}?download=1` };
}

/** The file of a role for the served language: that language's, else one for every language, else English's, else any. */
function pickFile(files: FileMeta[], role: FileMeta['role'], lang: BulletinLang): FileMeta | undefined {
  const of = files.filter((f) => f.role === role);
  return of.find((f) => f.lang === lang) ?? of.find((f) => f.lang === null) ?? of.find((f) => f.lang === 'en') ?? of[0];
}

interface Loaded {
  id: number;
  date: string;
  language: BulletinLang;
  title: string;
  body: string;
  isNew: boolean;
  files: FileMeta[];
}

/** Items of a kind the store sees, with texts in the served language and their files. */
async function load(r: Reader, kind: BulletinKind, eventId?: number): Promise<Loaded[]> {
  const rows = await bulletinReads.listVisible(r.db, r.storeId, r.now, kind, eventId);
  const ids = rows.map((b) => Number(b.id));
  const [texts, files] = await Promise.all([bulletinReads.texts(r.db, ids), bulletinReads.files(r.db, ids)]);
  const newSince = new Date(Date.parse(r.now) - BULLETIN_NEW_DAYS * DAY).toISOString();
  const out: Loaded[] = [];
  for (const b of rows) {
    const id = Number(b.id);
    const mine = texts.filter((t) => Number(t.bulletin_id) === id);
    const language = pickLanguage(mine.map((t) => t.lang), r.lang);
    // An item without any text is not listed (the CLI never makes one).
    if (!language) continue;
    const text = mine.find((t) => t.lang === language)!;
    out.push({ id, date: b.published_at, language, title: text.title, body: text.body, isNew: b.published_at >= newSince, files: files.filter((f) => Number(f.bulletin_id) === id) });
  }
  return out;
}

/** Images a body shows: those for every language and those of the served language. */
function imagesOf(l: Loaded): BulletinFile[] {
  return l.files.filter((f) => f.role === 'image' && (f.lang === null || f.lang === l.language)).map(fileView);
}

function asNewsItem(l: Loaded): NewsItem {
  return { id: l.id, title: l.title, date: l.date, language: l.language, isNew: l.isNew, body: l.body, images: imagesOf(l) };
}

async function listNews(r: Reader): Promise<NewsItem[]> {
  return (await load(r, 'news')).map(asNewsItem);
}

/** A running event's items for the store; 404 when the event is unknown, removed, not running or has nothing for the store. */
async function eventNews(r: Reader, name: string): Promise<Omit<EventNewsReply, 'status'>> {
  const event = await bulletinReads.runningEvent(r.db, name, r.now);
  if (!event) refuse(Status.PAGE_GONE);
  const items = await load(r, 'event', Number(event.id));
  if (items.length === 0) refuse(Status.PAGE_GONE);
  return { name: event.name, title: pickTitle(event.titles, r.lang, event.name), period: { start: event.starts_at, end: event.ends_at }, items: items.map(asNewsItem) };
}

async function listPosters(r: Reader): Promise<Poster[]> {
  const out: Poster[] = [];
  for (const l of await load(r, 'poster')) {
    const doc = pickFile(l.files, 'document', l.language);
    // A poster whose file was retired is not offered.
    if (!doc) continue;
    const thumb = pickFile(l.files, 'thumbnail', l.language) ?? (doc.content_type.startsWith('image/') ? doc : undefined);
    out.push({ id: l.id, title: l.title, date: l.date, language: l.language, isNew: l.isNew, file: fileView(doc), thumbnail: thumb ? fileUrl(thumb.id) : null });
  }
  return out;
}

async function listRegulations(r: Reader): Promise<Regulation[]> {
  return (await load(r, 'regulation')).map((l) => {
    const doc = pickFile(l.files, 'document', l.language);
    return { id: l.id, title: l.title, date: l.date, language: l.language, isNew: l.isNew, body: l.body, images: imagesOf(l), document: doc ? fileView(doc) : null };
  });
}

/**
 * A file the actor's store may fetch now: its description and a reader of its bytes (not read for a
 * 304, so revalidating thumbnails costs no large reads); 404 (PAGE_GONE) otherwise.
 */
export async function fileFor(deps: Deps, actor: Actor, input: { id: number }) {
  const db = deps.handle.db;
  const f = await bulletinReads.fileVisible(db, input.id, actor.storeId, isoNow());
  if (!f) refuse(Status.PAGE_GONE);
  const bytes = async () => {
    const b = await bulletinReads.fileBytes(db, Number(f.id));
    if (!b) refuse(Status.PAGE_GONE);
    return Buffer.from(b);
  };
  return { ...f, size: Number(f.size), bytes };
}
