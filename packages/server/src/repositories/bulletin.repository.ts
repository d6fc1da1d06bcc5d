import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../db/database.js';
import type { BulletinFileTable, BulletinTable, Database } from '../db/schema.js';

export type BulletinKind = BulletinTable['kind'];
export type FileRole = BulletinFileTable['role'];

/** A file as listed (never its bytes). */
export interface FileMeta {
  id: number;
  bulletin_id: number;
  role: FileRole;
  lang: string | null;
  file_name: string;
  content_type: string;
  size: number;
}

const FILE_META = ['id', 'bulletin_id', 'role', 'lang', 'file_name', 'content_type', 'size'] as const;

/**
 * What a store sees: published (not in the future), not withdrawn, and for all stores or for this
 * one. The ONE place the targeting rule lives; lists, the menu and file downloads all use it.
 */
function visibleTo(eb: ExpressionBuilder<Database, 'bulletin'>, storeId: number, now: string): Expression<SqlBool> {
  return eb.and([
    eb('bulletin.published_at', '<=', now),
    eb('bulletin.withdrawn_at', 'is', null),
    eb.or([
      eb('bulletin.all_stores', '=', 1),
      eb.exists(
        eb.selectFrom('bulletin_store').select('bulletin_store.bulletin_id').whereRef('bulletin_store.bulletin_id', '=', 'bulletin.id').where('bulletin_store.store_id', '=', storeId),
      ),
    ]),
  ]);
}

/** An event is running while now is in [starts_at, ends_at) and it was not removed. */
function eventRunning(eb: ExpressionBuilder<Database, 'bulletin_event'>, now: string): Expression<SqlBool> {
  return eb.and([eb('bulletin_event.starts_at', '<=', now), eb('bulletin_event.ends_at', '>', now), eb('bulletin_event.removed_at', 'is', null)]);
}

/** Reads for stores (the /bulletin calls, the menu, file downloads). */
export const bulletinReads = {
  /** A store's items of one kind (and of one event for kind 'event'), newest first. */
  listVisible(db: Db, storeId: number, now: string, kind: BulletinKind, eventId?: number) {
    let q = db
      .selectFrom('bulletin')
      .select(['bulletin.id', 'bulletin.published_at'])
      .where('bulletin.kind', '=', kind)
      .where((eb) => visibleTo(eb, storeId, now));
    if (eventId !== undefined) q = q.where('bulletin.event_id', '=', eventId);
    return q.orderBy('bulletin.published_at', 'desc').orderBy('bulletin.id', 'desc').execute();
  },

  texts(db: Db, bulletinIds: number[]) {
    if (bulletinIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('bulletin_text').select(['bulletin_id', 'lang', 'title', 'body']).where('bulletin_id', 'in', bulletinIds).execute();
  },

  files(db: Db, bulletinIds: number[]): Promise<FileMeta[]> {
    if (bulletinIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('bulletin_file').select(FILE_META).where('bulletin_id', 'in', bulletinIds).where('removed_at', 'is', null).orderBy('id').execute();
  },

  /** The newest publish time per kind among what the store sees (the menu's 'new' badges). */
  newestPerKind(db: Db, storeId: number, now: string) {
    return db
      .selectFrom('bulletin')
      .select(['bulletin.kind', (eb) => eb.fn.max('bulletin.published_at').as('newest')])
      .where((eb) => visibleTo(eb, storeId, now))
      .groupBy('bulletin.kind')
      .execute();
  },

  /** Running events with their items for the store, newest item first (the menu's dynamic entries). */
  runningEventItems(db: Db, storeId: number, now: string) {
    return db
      .selectFrom('bulletin')
      .innerJoin('bulletin_event', 'bulletin_event.id', 'bulletin.event_id')
      .select(['bulletin_event.id as event_id', 'bulletin_event.name', 'bulletin_event.titles', 'bulletin_event.starts_at', 'bulletin_event.ends_at', 'bulletin.id', 'bulletin.published_at'])
      .where('bulletin.kind', '=', 'event')
      .where((eb) => visibleTo(eb, storeId, now))
      .where((eb) => eventRunning(eb, now))
      .orderBy('bulletin_event.starts_at')
      .orderBy('bulletin_event.name')
      .orderBy('bulletin.published_at', 'desc')
      .orderBy('bulletin.id', 'desc')
      .execute();
  },

  /** A running event by name, or undefined (unknown, removed, not started or ended). */
  runningEvent(db: Db, name: string, now: string) {
    return db
      .selectFrom('bulletin_event')
      .select(['id', 'name', 'titles', 'starts_at', 'ends_at'])
      .where('name', '=', name)
      .where((eb) => eventRunning(eb, now))
      .executeTakeFirst();
  },

  /**
   * A file's description (not its bytes), only when the store sees its item now (and, for an event
   * item, the event is running); undefined otherwise, so another store's or a withdrawn file is simply
   * not found.
   */
  fileVisible(db: Db, fileId: number, storeId: number, now: string) {
    return db
      .selectFrom('bulletin_file')
      .innerJoin('bulletin', 'bulletin.id', 'bulletin_file.bulletin_id')
      .leftJoin('bulletin_event', 'bulletin_event.id', 'bulletin.event_id')
      .select(['bulletin_file.id', 'bulletin_file.file_name', 'bulletin_file.content_type', 'bulletin_file.size', 'bulletin_file.sha256'])
      .where('bulletin_file.id', '=', fileId)
      .where('bulletin_file.removed_at', 'is', null)
      .where((eb) => visibleTo(eb, storeId, now))
      .where((eb) =>
        eb.or([
          eb('bulletin.event_id', 'is', null),
          eb.and([eb('bulletin_event.starts_at', '<=', now), eb('bulletin_event.ends_at', '>', now), eb('bulletin_event.removed_at', 'is', null)]),
        ]),
      )
      .executeTakeFirst();
  },

  /** A file's bytes, read only once fileVisible allowed it and no 304 answers. */
  async fileBytes(db: Db, fileId: number): Promise<Uint8Array | undefined> {
    const r = await db.selectFrom('bulletin_file').select('bytes').where('id', '=', fileId).executeTakeFirst();
    return r?.bytes;
  },
};

interface NewBulletin {
  kind: BulletinKind;
  eventId: number | null;
  allStores: boolean;
  publishedAt: string;
  at: string;
}

interface NewFile {
  role: FileRole;
  lang: string | null;
  fileName: string;
  contentType: string;
  sha256: string;
  bytes: Uint8Array;
}

/** Writes, for the operator's CLI (publishing service). */
export const bulletinWrites = {
  async insert(db: Db, b: NewBulletin): Promise<number> {
    const r = await db
      .insertInto('bulletin')
      .values({ kind: b.kind, event_id: b.eventId, all_stores: b.allStores ? 1 : 0, published_at: b.publishedAt, created_at: b.at, updated_at: b.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(r.id);
  },

  find(db: Db, id: number) {
    return db.selectFrom('bulletin').select(['id', 'kind', 'event_id', 'all_stores', 'published_at', 'withdrawn_at']).where('id', '=', id).executeTakeFirst();
  },

  async update(db: Db, id: number, patch: { allStores?: boolean; publishedAt?: string; eventId?: number }, at: string) {
    await db
      .updateTable('bulletin')
      .set({
        updated_at: at,
        ...(patch.allStores !== undefined && { all_stores: patch.allStores ? 1 : 0 }),
        ...(patch.publishedAt !== undefined && { published_at: patch.publishedAt }),
        ...(patch.eventId !== undefined && { event_id: patch.eventId }),
      })
      .where('id', '=', id)
      .execute();
  },

  async withdraw(db: Db, id: number, at: string): Promise<boolean> {
    const r = await db.updateTable('bulletin').set({ withdrawn_at: at, updated_at: at }).where('id', '=', id).where('withdrawn_at', 'is', null).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  async setStores(db: Db, id: number, storeIds: number[]) {
    await db.deleteFrom('bulletin_store').where('bulletin_id', '=', id).execute();
    if (storeIds.length) await db.insertInto('bulletin_store').values(storeIds.map((store_id) => ({ bulletin_id: id, store_id }))).execute();
  },

  async setText(db: Db, id: number, lang: string, title: string, body: string) {
    await db
      .insertInto('bulletin_text')
      .values({ bulletin_id: id, lang, title, body })
      .onConflict((oc) => oc.columns(['bulletin_id', 'lang']).doUpdateSet({ title, body }))
      .execute();
  },

  async insertFile(db: Db, bulletinId: number, f: NewFile, at: string): Promise<number> {
    const r = await db
      .insertInto('bulletin_file')
      .values({ bulletin_id: bulletinId, role: f.role, lang: f.lang, file_name: f.fileName, content_type: f.contentType, size: f.bytes.byteLength, sha256: f.sha256, bytes: f.bytes, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(r.id);
  },

  /** Retires files replaced by an update (their URLs then answer 404). */
  async removeFiles(db: Db, bulletinId: number, role: FileRole, lang: string | null, at: string) {
    await db
      .updateTable('bulletin_file')
      .set({ removed_at: at })
      .where('bulletin_id', '=', bulletinId)
      .where('role', '=', role)
      .where((eb) => (lang === null ? eb('lang', 'is', null) : eb('lang', '=', lang)))
      .where('removed_at', 'is', null)
      .execute();
  },

  /** The items of an event, withdrawn ones too, with whether each is aimed at every store. */
  itemsOfEvent(db: Db, eventId: number) {
    return db.selectFrom('bulletin').select(['id', 'all_stores']).where('event_id', '=', eventId).execute();
  },

  findEvent(db: Db, name: string) {
    return db.selectFrom('bulletin_event').select(['id', 'name', 'titles', 'starts_at', 'ends_at', 'removed_at']).where('name', '=', name).executeTakeFirst();
  },

  async insertEvent(db: Db, e: { name: string; startsAt: string; endsAt: string; titles: string }, at: string): Promise<number> {
    const r = await db
      .insertInto('bulletin_event')
      .values({ name: e.name, starts_at: e.startsAt, ends_at: e.endsAt, titles: e.titles, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(r.id);
  },

  async updateEvent(db: Db, id: number, patch: { startsAt?: string; endsAt?: string; titles?: string; removedAt?: string | null }) {
    await db
      .updateTable('bulletin_event')
      .set({
        ...(patch.startsAt !== undefined && { starts_at: patch.startsAt }),
        ...(patch.endsAt !== undefined && { ends_at: patch.endsAt }),
        ...(patch.titles !== undefined && { titles: patch.titles }),
        ...(patch.removedAt !== undefined && { removed_at: patch.removedAt }),
      })
      .where('id', '=', id)
      .execute();
  },

  /** The operator's list: every item with its event, languages, targets and files, newest first. */
  listAll(db: Db, filter: { kind?: BulletinKind; includeWithdrawn: boolean }) {
    let q = db
      .selectFrom('bulletin')
      .leftJoin('bulletin_event', 'bulletin_event.id', 'bulletin.event_id')
      .select([
        'bulletin.id',
        'bulletin.kind',
        'bulletin.all_stores',
        'bulletin.published_at',
        'bulletin.withdrawn_at',
        'bulletin_event.name as event_name',
        'bulletin_event.starts_at as event_starts_at',
        'bulletin_event.ends_at as event_ends_at',
        'bulletin_event.removed_at as event_removed_at',
        sql<string>`(select ${sql.ref('bulletin_text.title')} from bulletin_text where bulletin_text.bulletin_id = bulletin.id order by case when bulletin_text.lang = 'en' then 0 else 1 end limit 1)`.as('title'),
      ]);
    if (filter.kind) q = q.where('bulletin.kind', '=', filter.kind);
    if (!filter.includeWithdrawn) q = q.where('bulletin.withdrawn_at', 'is', null);
    return q.orderBy('bulletin.published_at', 'desc').orderBy('bulletin.id', 'desc').execute();
  },

  storesOf(db: Db, bulletinIds: number[]) {
    if (bulletinIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('bulletin_store').select(['bulletin_id', 'store_id']).where('bulletin_id', 'in', bulletinIds).orderBy('store_id').execute();
  },

  /** The events of items (period and titles), for the console's list. */
  eventsOf(db: Db, bulletinIds: number[]) {
    if (bulletinIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('bulletin')
      .innerJoin('bulletin_event', 'bulletin_event.id', 'bulletin.event_id')
      .select(['bulletin.id as bulletin_id', 'bulletin_event.name', 'bulletin_event.starts_at', 'bulletin_event.ends_at', 'bulletin_event.titles'])
      .where('bulletin.id', 'in', bulletinIds)
      .execute();
  },

  langsOf(db: Db, bulletinIds: number[]) {
    if (bulletinIds.length === 0) return Promise.resolve([]);
    return db.selectFrom('bulletin_text').select(['bulletin_id', 'lang']).where('bulletin_id', 'in', bulletinIds).execute();
  },
};
