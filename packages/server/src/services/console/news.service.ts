import { Status, type BulletinLang, type NewsTarget, type OperatorReason } from '@moneybox/contract';
import type { Db } from '../../db/database.js';
import type { ConsoleActor } from '../../domain/console-actor.js';
import { refuse } from '../../domain/status-refusal.js';
import { bulletinReads, bulletinWrites, type BulletinKind, type FileRole } from '../../repositories/bulletin.repository.js';
import { platformAccountRepository } from '../../repositories/platform-account.repository.js';
import { actorOfConsole } from '../audit/audit.js';
import { runChange } from '../change.js';
import type { Deps } from '../deps.js';
import { createAnnouncement, getMaintenance, listAnnouncements, setMaintenance, updateAnnouncement, withdrawAnnouncement } from '../operator/notice.service.js';
import { publish, update, withdraw, type FileIn, type TextIn } from '../operator/publish.service.js';
import { asConsole, refuseInput } from './console-audit.js';
import { storesInScope } from './scope.js';

/**
 * Platform news, announcements and maintenance from the console (issue 22), over the same services
 * as the CLI (services/operator/publish.service.ts, notice.service.ts), which write the audit rows.
 * This file adds the console's scope: whom an item may target and which items an account may see,
 * change or withdraw (docs/DECISIONS.md "Console news").
 */


/**
 * The kiosk ids a target names, checked against the actor's scope (21 beyond it): every store
 * (admin only), a distributor's stores as bound now, or a list. A distributor names only its own
 * stores, or itself ("All my stores" on the web); a list's ids beyond the scope were named in the
 * envelope's 21 (`kids`: the caller's own words back). Support never gets here (the matrix: read-only).
 */
async function targetStores(db: Db, actor: ConsoleActor, target: NewsTarget): Promise<'all' | number[]> {
  const scope = await storesInScope(db, actor);
  if (target.type === 'all') {
    if (scope !== 'all') refuse(Status.PERMISSION_ERROR, { reason: 'news_all_stores' satisfies OperatorReason });
    return 'all';
  }
  if (target.type === 'distributor') {
    const d = await platformAccountRepository.find(db, target.distributor_id);
    if (!d || d.role !== 'distributor') refuseInput('no_distributor', 'no distributor with that id');
    const kids = (await platformAccountRepository.storesOf(db, d.id)).map((r) => Number(r.store_id));
    if (kids.length === 0) refuseInput('distributor_no_stores', 'that distributor has no stores');
    // Another distributor's stores are not named back: their ids are not the caller's to learn.
    if (scope !== 'all' && kids.some((k) => !scope.includes(k))) refuse(Status.PERMISSION_ERROR);
    return kids;
  }
  // A list's ids were found in the scope by the envelope (the entry's `target.kids`).
  return [...new Set(target.kids)];
}

/** An item the actor may change: for an unbounded scope any; otherwise one aimed only at stores in its scope (21 else, as for an unknown id). */
async function itemInScope(db: Db, actor: ConsoleActor, id: number) {
  const b = await bulletinWrites.find(db, id);
  const scope = await storesInScope(db, actor);
  if (scope === 'all') {
    if (!b) refuseInput('no_bulletin', `no bulletin ${id}`);
    return b;
  }
  if (!b || b.all_stores === 1) refuse(Status.PERMISSION_ERROR, { reason: 'news_not_yours' satisfies OperatorReason });
  const kids = (await bulletinWrites.storesOf(db, [id])).map((r) => Number(r.store_id));
  if (kids.length === 0 || kids.some((k) => !scope.includes(k))) refuse(Status.PERMISSION_ERROR, { reason: 'news_not_yours' satisfies OperatorReason });
  return b;
}

/**
 * An event is shared by name by all its items (its period and titles are the event's), so an account
 * with a bounded scope names or changes only an event of its own: a new one, or one whose every item
 * (withdrawn ones too) is aimed only at stores of its scope. Another's event (the admin's every-store
 * one, another distributor's) is refused (21) and left as it was.
 */
async function eventIsMine(db: Db, actor: ConsoleActor, name: string) {
  const scope = await storesInScope(db, actor);
  if (scope === 'all') return;
  const event = await bulletinWrites.findEvent(db, name);
  if (!event) return;
  const items = await bulletinWrites.itemsOfEvent(db, Number(event.id));
  const stores = await bulletinWrites.storesOf(db, items.map((i) => Number(i.id)));
  const aimed = new Set(stores.map((s) => Number(s.bulletin_id)));
  const mine = items.every((i) => i.all_stores === 0 && aimed.has(Number(i.id))) && stores.every((s) => scope.includes(Number(s.store_id)));
  if (!mine) refuse(Status.PERMISSION_ERROR, { reason: 'event_not_yours' satisfies OperatorReason, error: `event "${name}" is another publisher's` });
}

interface FileUpload {
  role: FileRole;
  lang: BulletinLang | null;
  name: string;
  data: string;
}

/** The uploads by role, decoded; their size and type are the publish service's to check (file-type.ts). */
function filesByRole(files: FileUpload[]) {
  const of = (role: FileRole): FileIn[] => files.filter((f) => f.role === role).map((f) => ({ lang: f.lang, name: f.name, bytes: new Uint8Array(Buffer.from(f.data, 'base64')) }));
  return { documents: of('document'), thumbnails: of('thumbnail'), images: of('image') };
}

interface TextInput {
  lang: BulletinLang;
  title?: string | undefined;
  body?: string | undefined;
}
const texts = (list: TextInput[]): TextIn[] => list.map((t) => ({ lang: t.lang, ...(t.title !== undefined && { title: t.title }), ...(t.body !== undefined && { body: t.body }) }));

/** The items the account may see: every item for an unbounded scope, else those aimed only at its stores. Newest first. */
export async function listConsoleNews(deps: Deps, actor: ConsoleActor, input: { withdrawn?: boolean | undefined }) {
  const db = deps.handle.db;
  const scope = await storesInScope(db, actor);
  const rows = await bulletinWrites.listAll(db, { includeWithdrawn: input.withdrawn === true });
  const ids = rows.map((r) => Number(r.id));
  const [stores, textRows, files, events] = await Promise.all([bulletinWrites.storesOf(db, ids), bulletinReads.texts(db, ids), bulletinReads.files(db, ids), bulletinWrites.eventsOf(db, ids)]);
  const list = [];
  for (const r of rows) {
    const id = Number(r.id);
    const kids = stores.filter((s) => Number(s.bulletin_id) === id).map((s) => Number(s.store_id));
    if (scope !== 'all' && (r.all_stores === 1 || kids.length === 0 || kids.some((k) => !scope.includes(k)))) continue;
    const e = events.find((x) => Number(x.bulletin_id) === id);
    list.push({
      id,
      kind: r.kind,
      event: r.event_name && e ? { name: r.event_name, starts_at: e.starts_at, ends_at: e.ends_at, titles: JSON.parse(e.titles) as Record<string, string> } : null,
      published_at: r.published_at,
      withdrawn_at: r.withdrawn_at,
      all_stores: r.all_stores === 1,
      kids,
      texts: textRows.filter((t) => Number(t.bulletin_id) === id).map((t) => ({ lang: t.lang as BulletinLang, title: t.title, body: t.body })),
      files: files.filter((f) => Number(f.bulletin_id) === id).map((f) => ({ id: Number(f.id), role: f.role, lang: f.lang as BulletinLang | null, name: f.file_name, type: f.content_type, size: Number(f.size) })),
    });
  }
  return { list };
}

interface PublishInput {
  kind: BulletinKind;
  texts: TextInput[];
  target: NewsTarget;
  publish_at?: string | undefined;
  event?: { name: string; starts_at?: string | undefined; ends_at?: string | undefined; titles?: Partial<Record<BulletinLang, string>> | undefined } | undefined;
  files: FileUpload[];
}

/** Publishes an item to the stores the target names within the actor's scope; the service writes its audit row in the same transaction. */
export async function publishConsoleNews(deps: Deps, actor: ConsoleActor, input: PublishInput) {
  return runChange(deps, actorOfConsole(actor), async (tx) => {
    const db = tx.handle.db;
    const stores = await targetStores(db, actor, input.target);
    const e = input.event;
    if (e) await eventIsMine(db, actor, e.name);
    const p = await asConsole(() =>
      publish(tx, actorOfConsole(actor), {
        kind: input.kind,
        texts: texts(input.texts),
        stores,
        ...(input.publish_at !== undefined && { publishAt: input.publish_at }),
        ...(e && { event: { name: e.name, ...(e.starts_at !== undefined && { startsAt: e.starts_at }), ...(e.ends_at !== undefined && { endsAt: e.ends_at }), titles: e.titles ?? {} } }),
        ...filesByRole(input.files),
      }),
    );
    return { id: p.id };
  });
}

interface UpdateInput {
  id: number;
  texts: TextInput[];
  target?: NewsTarget | undefined;
  publish_at?: string | undefined;
  event?: { starts_at?: string | undefined; ends_at?: string | undefined } | undefined;
  files: FileUpload[];
}

/** Changes an item the actor may reach: texts, files, publish time, targets (within its scope). */
export async function updateConsoleNews(deps: Deps, actor: ConsoleActor, input: UpdateInput) {
  return runChange(deps, actorOfConsole(actor), async (tx) => {
    const db = tx.handle.db;
    await itemInScope(db, actor, input.id);
    const event = input.event && (await bulletinWrites.eventsOf(db, [input.id]))[0];
    if (event) await eventIsMine(db, actor, event.name);
    const stores = input.target === undefined ? undefined : await targetStores(db, actor, input.target);
    const p = await asConsole(() =>
      update(tx, actorOfConsole(actor), {
        id: input.id,
        texts: texts(input.texts),
        ...(stores !== undefined && { stores }),
        ...(input.publish_at !== undefined && { publishAt: input.publish_at }),
        ...(input.event && { event: { ...(input.event.starts_at !== undefined && { startsAt: input.event.starts_at }), ...(input.event.ends_at !== undefined && { endsAt: input.event.ends_at }) } }),
        ...filesByRole(input.files),
      }),
    );
    return { id: p.id };
  });
}

/** Withdraws an item the actor may reach: it leaves every store's list at once. */
export async function withdrawConsoleNews(deps: Deps, actor: ConsoleActor, input: { id: number }) {
  return runChange(deps, actorOfConsole(actor), async (tx) => {
    const db = tx.handle.db;
    await itemInScope(db, actor, input.id);
    await asConsole(() => withdraw(tx, actorOfConsole(actor), { id: input.id }));
    return {};
  });
}

export async function listConsoleAnnouncements(deps: Deps, actor: ConsoleActor, _input: object) {
  return { list: await listAnnouncements(deps, actorOfConsole(actor), {}) };
}

export async function createConsoleAnnouncement(deps: Deps, actor: ConsoleActor, input: { msg: string; modes: number[] }) {
  return { id: await asConsole(() => createAnnouncement(deps, actorOfConsole(actor), input)) };
}

export async function updateConsoleAnnouncement(deps: Deps, actor: ConsoleActor, input: { id: number; msg?: string | undefined; modes?: number[] | undefined }) {
  await asConsole(() => updateAnnouncement(deps, actorOfConsole(actor), input));
  return {};
}

export async function withdrawConsoleAnnouncement(deps: Deps, actor: ConsoleActor, input: { id: number }) {
  await asConsole(() => withdrawAnnouncement(deps, actorOfConsole(actor), input));
  return {};
}

export async function consoleMaintenance(deps: Deps, actor: ConsoleActor, _input: object) {
  return getMaintenance(deps, actorOfConsole(actor), {});
}

export async function setConsoleMaintenance(deps: Deps, actor: ConsoleActor, input: { on: boolean; msg?: string | undefined }) {
  await asConsole(() => setMaintenance(deps, actorOfConsole(actor), input));
  return {};
}
