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
