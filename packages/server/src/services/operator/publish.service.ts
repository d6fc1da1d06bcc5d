import { createHash } from 'node:crypto';
import { BULLETIN_LANGS, BULLETIN_LIMITS, EVENT_NAME, type BulletinLang } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import { type Db } from '../../db/database.js';
import { OperatorError } from './operator.service.js';
import { type AuditActor } from '../audit/audit.js';
import { runChange } from '../change.js';
import type { DbDeps } from '../deps.js';
import { bulletinReads, bulletinWrites, type BulletinKind, type FileRole } from '../../repositories/bulletin.repository.js';
import { storeRepository } from '../../repositories/store.repository.js';
import { checkFile, checkFileName, nameByType } from '../bulletin/file-type.js';

/**
 * The operator's side of platform news: publish, update and withdraw items and events. Every rule
 * on what may be published lives here (the CLI only reads files and arguments): languages, title and
 * body limits, target stores, event periods, and files checked by content (file-type.ts). Each
 * action is `(deps, actor, input)`: the actor is the operator (the CLI's `OPERATOR`, next the
 * console's account). Publish, update and withdraw each write their audit row (operator.news_publish,
 * operator.news_update, operator.news_withdraw) here, in the change's own transaction (joining the caller's when it
 * runs one), so no transport can change news without its row.
 */

export interface TextIn {
  lang: BulletinLang;
  title?: string;
  body?: string;
}

export interface FileIn {
  /** Null: for every language. */
  lang: BulletinLang | null;
  /** As named by the operator (a body's image: exactly as the body references it). */
  name: string;
  bytes: Uint8Array;
}

interface EventIn {
  name: string;
  startsAt?: string;
  endsAt?: string;
  titles?: Partial<Record<BulletinLang, string>>;
}

export interface PublishIn {
  kind: BulletinKind;
  texts: TextIn[];
  /** 'all' or kiosk ids. */
  stores: 'all' | number[];
  /** When it shows (ISO-8601); now when absent. */
  publishAt?: string;
  event?: EventIn;
  /** The poster or regulation document, per language or for all. */
  documents?: FileIn[];
  thumbnails?: FileIn[];
  /** Images the bodies show. */
  images?: FileIn[];
}

export interface Published {
  id: number;
  kind: BulletinKind;
  languages: BulletinLang[];
  stores: 'all' | number[];
  files: Array<{ id: number; role: FileRole; lang: BulletinLang | null; name: string; type: string; size: number }>;
  eventId: number | null;
}

// eslint-disable-next-line no-control-regex -- control characters (but tab/newline in bodies) are refused
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function checkTitle(t: string, lang: string): string {
  const title = t.trim();
  if (title === '') throw new OperatorError(`title (${lang}) is empty`, 'news_title');
  if ([...title].length > BULLETIN_LIMITS.titleChars) throw new OperatorError(`title (${lang}) has more than ${BULLETIN_LIMITS.titleChars} characters`, 'news_title');
  if (CONTROL.test(title) || /[\r\n]/.test(title)) throw new OperatorError(`title (${lang}) must be one line of text`, 'news_title');
  return title;
}

/**
 * A Markdown body is stored as written: the web renders it without raw HTML and sanitized, so
 * hostile markup in it is inert there (docs/DECISIONS.md). Only what is not text is refused.
 */
function checkBody(b: string, lang: string): string {
  const bytes = Buffer.byteLength(b, 'utf8');
  if (bytes > BULLETIN_LIMITS.bodyBytes) throw new OperatorError(`body (${lang}) is ${bytes} bytes, over the limit of ${BULLETIN_LIMITS.bodyBytes}`, 'news_too_large');
  if (CONTROL.test(b) || b.includes('\uFFFD')) throw new OperatorError(`body (${lang}) is not UTF-8 text (control characters or invalid bytes)`, 'news_body');
  return b.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

function parseTime(v: string, what: string): string {
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(v) ? Date.parse(`${v}T00:00:00Z`) : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/.test(v) ? Date.parse(v) : NaN;
  if (!Number.isFinite(ms)) throw new OperatorError(`${what} must be a date (2026-12-01, UTC midnight) or a date and time with a zone (2026-12-01T18:00:00-06:00)`, 'news_date');
  return new Date(ms).toISOString();
}

async function checkStores(db: Db, stores: 'all' | number[]): Promise<'all' | number[]> {
  if (stores === 'all') return 'all';
  const ids = [...new Set(stores)];
  if (ids.length === 0) throw new OperatorError('--stores needs "all" or kiosk ids', 'news_stores');
  if (ids.length > BULLETIN_LIMITS.targetStores) throw new OperatorError(`at most ${BULLETIN_LIMITS.targetStores} kiosk ids; publish to all stores instead`, 'news_stores');
  const found = await storeRepository.existing(db, ids);
  const unknown = ids.filter((i) => !found.has(i));
  if (unknown.length) throw new OperatorError(`no store with kiosk id ${unknown.join(', ')}`, 'news_stores');
  return ids.sort((a, b) => a - b);
}

function checkTexts(kind: BulletinKind, texts: TextIn[], creating: boolean): TextIn[] {
  const seen = new Set<string>();
  const out: TextIn[] = [];
  for (const t of texts) {
    if (!BULLETIN_LANGS.includes(t.lang)) throw new OperatorError(`unknown language "${String(t.lang)}" (en, mx or es, zh_Hans or cn)`, 'news_languages');
    if (seen.has(t.lang)) throw new OperatorError(`language ${t.lang} is given twice`, 'news_languages');
    seen.add(t.lang);
    const title = t.title === undefined ? undefined : checkTitle(t.title, t.lang);
    const body = t.body === undefined ? undefined : checkBody(t.body, t.lang);
    if (creating && title === undefined) throw new OperatorError(`--title ${t.lang}=... is required for each language given`, 'news_languages');
    if (creating && (kind === 'news' || kind === 'event') && (body === undefined || body.trim() === '')) throw new OperatorError(`--body ${t.lang}=file.md is required for ${kind === 'news' ? 'news' : 'an event item'}`, 'news_body');
    out.push({ lang: t.lang, ...(title !== undefined && { title }), ...(body !== undefined && { body }) });
  }
  if (creating && out.length === 0) throw new OperatorError('give at least one language: --title en=... (en, mx, zh_Hans)', 'news_languages');
  return out;
}

interface CheckedFile extends FileIn {
  role: FileRole;
  type: string;
}

function checkFiles(files: FileIn[] | undefined, role: FileRole): CheckedFile[] {
  const out: CheckedFile[] = [];
  for (const f of files ?? []) {
    const type = checkFile(f.name, f.bytes, role === 'document' ? 'document' : 'image');
    // A body's image keeps the name its Markdown refers to; the file route names its download by type.
    const name = role === 'image' ? checkImageRef(f.name) : nameByType(checkFileName(f.name), type);
    out.push({ ...f, name, role, type });
  }
  const perLang = new Set<string>();
  for (const f of out) {
    const k = role === 'image' ? `${f.lang}:${f.name}` : String(f.lang);
    if (perLang.has(k)) throw new OperatorError(`two ${role} files for ${f.lang ?? 'every language'}${role === 'image' ? ` named ${f.name}` : ''}`, 'news_files');
    perLang.add(k);
  }
  if (role === 'image') {
    const counts = new Map<string, number>();
    for (const f of out) counts.set(String(f.lang), (counts.get(String(f.lang)) ?? 0) + 1);
    if ([...counts.values()].some((n) => n > BULLETIN_LIMITS.imagesPerItem)) throw new OperatorError(`a body may show at most ${BULLETIN_LIMITS.imagesPerItem} images`, 'news_images');
  }
  return out;
}

/** A file of a language is that language's version: the item must have that language (a file for every language: null). */
function checkFileLanguages(files: CheckedFile[], langs: string[]): void {
  const stray = files.find((f) => f.lang !== null && !langs.includes(f.lang));
  if (stray) throw new OperatorError(`the ${stray.role} "${stray.name}" is for ${stray.lang}, a language the item has no text in`, 'news_languages');
}

/** A body's image reference as stored (the web matches `src` against it): relative, no `..`, one line. */
function checkImageRef(ref: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are refused
  if (ref === '' || ref.length > 200 || /[\u0000-\u001f\u007f]/.test(ref) || ref.startsWith('/') || ref.split(/[\\/]/).includes('..')) {
    throw new OperatorError(`image "${ref}": a body's images must be relative paths beside its Markdown file`, 'news_images');
  }
  return ref;
}

async function storeFiles(db: Db, id: number, files: CheckedFile[], at: string): Promise<Published['files']> {
  const out: Published['files'] = [];
  for (const f of files) {
    const fileId = await bulletinWrites.insertFile(db, id, { role: f.role, lang: f.lang, fileName: f.name, contentType: f.type, sha256: createHash('sha256').update(f.bytes).digest('hex'), bytes: f.bytes }, at);
    out.push({ id: fileId, role: f.role, lang: f.lang, name: f.name, type: f.type, size: f.bytes.byteLength });
  }
  return out;
}

function checkEventIn(e: EventIn): EventIn {
  if (!EVENT_NAME.test(e.name)) throw new OperatorError(`event name "${e.name}" must be 1-64 letters, digits, - or _`, 'news_event');
  const titles: Partial<Record<BulletinLang, string>> = {};
  for (const [lang, t] of Object.entries(e.titles ?? {})) {
    if (!BULLETIN_LANGS.includes(lang as BulletinLang)) throw new OperatorError(`unknown language "${lang}" (en, mx or es, zh_Hans or cn)`, 'news_languages');
    titles[lang as BulletinLang] = checkTitle(t, `event ${lang}`);
  }
  return { name: e.name, ...(e.startsAt !== undefined && { startsAt: parseTime(e.startsAt, '--starts') }), ...(e.endsAt !== undefined && { endsAt: parseTime(e.endsAt, '--ends') }), titles };
}

/** Creates the event or updates its period and titles; the event's id. */
export async function saveEvent({ handle: { db } }: DbDeps, _actor: AuditActor, input: EventIn & { at?: string }): Promise<number> {
  const at = input.at ?? isoNow();
  const e = checkEventIn(input);
  const existing = await bulletinWrites.findEvent(db, e.name);
  const startsAt = e.startsAt ?? existing?.starts_at;
  const endsAt = e.endsAt ?? existing?.ends_at;
  if (startsAt === undefined || endsAt === undefined) throw new OperatorError(`event "${e.name}" is new: give its period with --starts and --ends`, 'news_date');
  if (endsAt <= startsAt) throw new OperatorError(`event "${e.name}": --ends must be after --starts`, 'news_date');
  const titles = JSON.stringify({ ...(existing ? (JSON.parse(existing.titles) as object) : {}), ...e.titles });
  if (!existing) return bulletinWrites.insertEvent(db, { name: e.name, startsAt, endsAt, titles }, at);
  await bulletinWrites.updateEvent(db, Number(existing.id), { startsAt, endsAt, titles, removedAt: null });
  return Number(existing.id);
}

/** Removes an event: its entry leaves the menu and /bulletin/event_news answers 404. */
export async function removeEvent({ handle: { db } }: DbDeps, _actor: AuditActor, { name }: { name: string }): Promise<void> {
  const at = isoNow();
  const existing = await bulletinWrites.findEvent(db, name);
  if (!existing || existing.removed_at !== null) throw new OperatorError(`no event "${name}"`, 'news_event');
  await bulletinWrites.updateEvent(db, Number(existing.id), { removedAt: at });
}

/** What an audit row says of an item's files (never their bytes). */
const filesNoted = (files: Published['files']) => files.map((f) => ({ role: f.role, lang: f.lang, name: f.name, type: f.type, size: f.size }));

/** Publishes one item with its texts, targets and files, with its audit row, in one transaction. */
export function publish(deps: DbDeps, actor: AuditActor, input: PublishIn): Promise<Published> {
  return runChange(deps, actor, async ({ handle: { db } }, change) => {
    const p = await publishItem({ handle: { db } }, actor, input);
    const title = input.texts.find((t) => t.lang === 'en')?.title ?? input.texts[0]?.title ?? '';
    await change.audit({
      storeId: null,
      kind: 'operator.news_publish',
      target: { type: 'bulletin', id: p.id, label: title.trim() },
      after: { kind: p.kind, languages: p.languages, stores: p.stores, ...(input.event && { event: input.event.name }), ...(input.publishAt !== undefined && { publish_at: input.publishAt }), files: filesNoted(p.files) },
    });
    return p;
  });
}

async function publishItem(deps: DbDeps, actor: AuditActor, input: PublishIn): Promise<Published> {
  const { db } = deps.handle;
  const at = isoNow();
  const texts = checkTexts(input.kind, input.texts, true);
  const stores = await checkStores(db, input.stores);
  const documents = checkFiles(input.documents, 'document');
  const thumbnails = checkFiles(input.thumbnails, 'thumbnail');
  const images = checkFiles(input.images, 'image');
  if (input.kind === 'poster' && documents.length === 0) throw new OperatorError('a poster needs its file: --file poster.png (or .pdf)', 'news_files');
  if (input.kind === 'regulation' && documents.length === 0 && texts.every((t) => !t.body?.trim())) throw new OperatorError('a regulation needs a --body or a --file (PDF)', 'news_files');
  if ((input.kind === 'news' || input.kind === 'event') && (documents.length || thumbnails.length)) throw new OperatorError(`${input.kind} items have no --file or --thumbnail; their bodies show images`, 'news_files');
  if (input.kind !== 'poster' && thumbnails.length) throw new OperatorError('only posters have a --thumbnail', 'news_files');
  if (input.kind === 'event' && !input.event) throw new OperatorError('an event item needs --event <name>', 'news_event');
  if (input.kind !== 'event' && input.event) throw new OperatorError('--event is only for event items', 'news_event');
  checkFileLanguages([...documents, ...thumbnails, ...images], texts.map((t) => t.lang));
  const eventId = input.event ? await saveEvent(deps, actor, { ...input.event, at }) : null;
  const publishedAt = input.publishAt === undefined ? at : parseTime(input.publishAt, '--at');
  const id = await bulletinWrites.insert(db, { kind: input.kind, eventId, allStores: stores === 'all', publishedAt, at });
  if (stores !== 'all') await bulletinWrites.setStores(db, id, stores);
  for (const t of texts) await bulletinWrites.setText(db, id, t.lang, t.title!, t.body ?? '');
  const files = await storeFiles(db, id, [...documents, ...thumbnails, ...images], at);
  return { id, kind: input.kind, languages: texts.map((t) => t.lang), stores, files, eventId };
}

export interface UpdateIn {
  texts: TextIn[];
  stores?: 'all' | number[];
  publishAt?: string;
  /** An event item's new period: its event's (saveEvent), so every item of that event shows it. */
  event?: { startsAt?: string; endsAt?: string };
  documents?: FileIn[];
  thumbnails?: FileIn[];
  /** Replace the images of the languages whose body is given (all of them when a body for every language is not split). */
  images?: FileIn[];
}

/**
 * Changes a published item in place: texts per language (a new language may be added with its
 * title), targets, publish time, files (a new file retires the one it replaces: its URL then
 * answers 404). A withdrawn item cannot be changed: publish a new one.
 */
export function update(deps: DbDeps, actor: AuditActor, input: UpdateIn & { id: number }): Promise<Published> {
  return runChange(deps, actor, async ({ handle: { db } }, change) => {
    const before = await bulletinWrites.find(db, input.id);
    const beforeStores = before ? await bulletinWrites.storesOf(db, [input.id]) : [];
    const beforeEvent = (await bulletinWrites.eventsOf(db, [input.id]))[0];
    const titlesOf = async () => Object.fromEntries((await bulletinReads.texts(db, [input.id])).map((t) => [t.lang, t.title]));
    const beforeTitles = await titlesOf();
    const p = await updateItem(db, actor, input);
    const afterTitles = await titlesOf();
    const title = afterTitles.en ?? Object.values(afterTitles)[0] ?? '';
    // Before and after name the same fields: what the update was given.
    await change.audit({
      storeId: null,
      kind: 'operator.news_update',
      target: { type: 'bulletin', id: p.id, label: title },
      before: {
        titles: beforeTitles,
        ...(input.stores !== undefined && { stores: before?.all_stores === 1 ? 'all' : beforeStores.map((r) => Number(r.store_id)) }),
        ...(input.publishAt !== undefined && { published_at: before?.published_at }),
        ...(input.event && beforeEvent && { event: { starts_at: beforeEvent.starts_at, ends_at: beforeEvent.ends_at } }),
      },
      after: {
        titles: afterTitles,
        languages: input.texts.map((t) => t.lang),
        ...(input.stores !== undefined && { stores: p.stores }),
        ...(input.publishAt !== undefined && { publish_at: input.publishAt }),
        ...(input.event && { event: { ...(input.event.startsAt !== undefined && { starts_at: input.event.startsAt }), ...(input.event.endsAt !== undefined && { ends_at: input.event.endsAt }) } }),
        files: filesNoted(p.files),
      },
    });
    return p;
  });
}

async function updateItem(db: Db, actor: AuditActor, input: UpdateIn & { id: number }): Promise<Published> {
  const { id } = input;
  const at = isoNow();
  const b = await bulletinWrites.find(db, id);
  if (!b) throw new OperatorError(`no bulletin ${id}`, 'no_bulletin');
  if (b.withdrawn_at !== null) throw new OperatorError(`bulletin ${id} was withdrawn; publish a new one`, 'bulletin_withdrawn');
  const texts = checkTexts(b.kind, input.texts, false);
  const have = new Set((await bulletinWrites.langsOf(db, [id])).map((r) => r.lang));
  for (const t of texts) {
    if (!have.has(t.lang) && t.title === undefined) throw new OperatorError(`bulletin ${id} has no ${t.lang} text yet: give --title ${t.lang}=... with it`, 'news_languages');
    if (!have.has(t.lang) && (b.kind === 'news' || b.kind === 'event') && !t.body?.trim()) throw new OperatorError(`bulletin ${id} has no ${t.lang} text yet: give --body ${t.lang}=file.md with it`, 'news_body');
  }
  const stores = input.stores === undefined ? undefined : await checkStores(db, input.stores);
  const documents = checkFiles(input.documents, 'document');
  const thumbnails = checkFiles(input.thumbnails, 'thumbnail');
  const images = checkFiles(input.images, 'image');
  if ((b.kind === 'news' || b.kind === 'event') && (documents.length || thumbnails.length)) throw new OperatorError(`${b.kind} items have no --file or --thumbnail`, 'news_files');
  if (b.kind !== 'poster' && thumbnails.length) throw new OperatorError('only posters have a --thumbnail', 'news_files');
  if (input.event) {
    const event = (await bulletinWrites.eventsOf(db, [id]))[0];
    if (!event) throw new OperatorError(`bulletin ${id} is not an event item: it has no period`, 'news_event');
    await saveEvent({ handle: { db } }, actor, { name: event.name, ...input.event, at });
  }
  await bulletinWrites.update(db, id, { ...(stores !== undefined && { allStores: stores === 'all' }), ...(input.publishAt !== undefined && { publishedAt: parseTime(input.publishAt, '--at') }) }, at);
  if (stores !== undefined) await bulletinWrites.setStores(db, id, stores === 'all' ? [] : stores);
  const current = await bulletinReads.texts(db, [id]);
  for (const t of texts) {
    const old = current.find((c) => c.lang === t.lang);
    await bulletinWrites.setText(db, id, t.lang, t.title ?? old!.title, t.body ?? old?.body ?? '');
  }
  checkFileLanguages([...documents, ...thumbnails, ...images], [...have, ...texts.map((t) => t.lang)]);
  // A file for every language replaces that role's files of every language; a language's file, that language's.
  for (const f of [...documents, ...thumbnails]) {
    if (f.lang === null) for (const lang of [null, ...BULLETIN_LANGS]) await bulletinWrites.removeFiles(db, id, f.role, lang, at);
    else await bulletinWrites.removeFiles(db, id, f.role, f.lang, at);
  }
  // A new body brings its own images: the old ones of that language go.
  for (const t of texts) if (t.body !== undefined) await bulletinWrites.removeFiles(db, id, 'image', t.lang, at);
  // Images for every language chosen anew replace the old ones for every language (the console's editor: kept or replaced).
  if (images.some((f) => f.lang === null)) await bulletinWrites.removeFiles(db, id, 'image', null, at);
  const files = await storeFiles(db, id, [...documents, ...thumbnails, ...images], at);
  const langs = (await bulletinWrites.langsOf(db, [id])).map((r) => r.lang as BulletinLang);
  const storeRows = await bulletinWrites.storesOf(db, [id]);
  const nowAll = stores === undefined ? b.all_stores === 1 : stores === 'all';
  return { id, kind: b.kind, languages: langs, stores: nowAll ? 'all' : storeRows.map((r) => Number(r.store_id)), files, eventId: b.event_id === null ? null : Number(b.event_id) };
}

/** Withdraws an item: it leaves every list at once and its files answer 404. Audited in the same transaction. */
export function withdraw(deps: DbDeps, actor: AuditActor, { id }: { id: number }): Promise<void> {
  return runChange(deps, actor, async ({ handle: { db } }, change) => {
    const at = isoNow();
    const b = await bulletinWrites.find(db, id);
    if (!b) throw new OperatorError(`no bulletin ${id}`, 'no_bulletin');
    if (!(await bulletinWrites.withdraw(db, id, at))) throw new OperatorError(`bulletin ${id} is already withdrawn`, 'bulletin_withdrawn');
    const title = (await bulletinReads.texts(db, [id])).sort((a, c) => Number(c.lang === 'en') - Number(a.lang === 'en'))[0]?.title ?? '';
    await change.audit({ storeId: null, kind: 'operator.news_withdraw', target: { type: 'bulletin', id, label: title }, before: { kind: b.kind, withdrawn: false }, after: { withdrawn: true } }, at);
  });
}
