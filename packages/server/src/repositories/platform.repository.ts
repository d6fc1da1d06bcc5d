import type { Db } from '../db/database.js';

/** Operator-wide rows: announcements, the domain → layout map and settings such as maintenance. */
export const platformRepository = {
  activeAnnouncements(db: Db) {
    return db.selectFrom('announcement').select(['id', 'msg', 'modes']).where('active', '=', 1).orderBy('id').execute();
  },
  async insertAnnouncement(db: Db, msg: string, modes: number[], at: string): Promise<number> {
    const r = await db
      .insertInto('announcement')
      .values({ msg, modes: JSON.stringify(modes), active: 1, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  },
  /** The operator's list: every announcement, the active ones first, newest first. */
  allAnnouncements(db: Db) {
    return db.selectFrom('announcement').select(['id', 'msg', 'modes', 'active', 'created_at']).orderBy('active', 'desc').orderBy('id', 'desc').limit(500).execute();
  },
  findAnnouncement(db: Db, id: number) {
    return db.selectFrom('announcement').select(['id', 'msg', 'modes', 'active']).where('id', '=', id).executeTakeFirst();
  },
  async updateAnnouncement(db: Db, id: number, patch: { msg: string; modes: string }) {
    await db.updateTable('announcement').set(patch).where('id', '=', id).execute();
  },
  async withdrawAnnouncement(db: Db, id: number): Promise<boolean> {
    const r = await db.updateTable('announcement').set({ active: 0 }).where('id', '=', id).where('active', '=', 1).executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
  domainLayouts(db: Db) {
    return db.selectFrom('domain_layout').select(['host', 'layout']).execute();
  },
  async setDomainLayout(db: Db, host: string, layout: number) {
    await db
      .insertInto('domain_layout')
      .values({ host, layout })
      .onConflict((oc) => oc.column('host').doUpdateSet({ layout }))
      .execute();
  },
  /** The hosts bound to a store (the console's theme of the store), by name. */
  storeHosts(db: Db, storeId: number) {
    return db.selectFrom('domain_layout').select(['host', 'layout']).where('store_id', '=', storeId).orderBy('host').execute();
  },
  host(db: Db, host: string) {
    return db.selectFrom('domain_layout').select(['host', 'layout', 'store_id']).where('host', '=', host).executeTakeFirst();
  },
  /** Maps a host to a layout and binds it to the store (the caller checked the host is free or the store's). */
  async setStoreHost(db: Db, host: string, storeId: number, layout: number) {
    await db
      .insertInto('domain_layout')
      .values({ host, layout, store_id: storeId })
      .onConflict((oc) => oc.column('host').doUpdateSet({ layout, store_id: storeId }))
      .execute();
  },
  /** Removes a store's host from the domain map (the host then shows layout 0); false when it is not the store's. */
  async removeStoreHost(db: Db, host: string, storeId: number): Promise<boolean> {
    const r = await db.deleteFrom('domain_layout').where('host', '=', host).where('store_id', '=', storeId).executeTakeFirst();
    return Number(r.numDeletedRows) === 1;
  },
  async getSetting(db: Db, name: string): Promise<string | undefined> {
    const r = await db.selectFrom('setting').select('value').where('name', '=', name).executeTakeFirst();
    return r?.value;
  },
  async setSetting(db: Db, name: string, value: string) {
    await db
      .insertInto('setting')
      .values({ name, value })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
      .execute();
  },
};
