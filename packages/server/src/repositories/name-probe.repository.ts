import type { Db } from '../db/database.js';

/** Staff names refused as in use, counted per prober across servers (migration 031, services/user/name-probes.ts). */
export const nameProbeRepository = {
  /** A probe reserved before its name is checked, so a burst counts every probe in flight. */
  async reserve(db: Db, prober: string, at: string): Promise<number> {
    const r = await db.insertInto('name_probe').values({ prober, at }).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },
  async countSince(db: Db, prober: string, since: string): Promise<number> {
    const r = await db
      .selectFrom('name_probe')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('prober', '=', prober)
      .where('at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  },
  /** The probe was no refusal (the name was free, or the call failed before its name was checked). */
  release(db: Db, id: number) {
    return db.deleteFrom('name_probe').where('id', '=', id).execute();
  },
};

/** Probes older than the window carry no information: removes up to `limit`, returns how many. */
export async function purgeNameProbesBefore(db: Db, before: string, limit: number): Promise<number> {
  const r = await db
    .deleteFrom('name_probe')
    .where('id', 'in', db.selectFrom('name_probe').select('id').where('at', '<', before).limit(limit))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
