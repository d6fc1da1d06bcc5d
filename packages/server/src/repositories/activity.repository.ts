import type { Db } from '../db/database.js';

interface MoneyFilter {
  storeId: number | null;
  accountId?: number | undefined;
  kinds: readonly string[];
  from: string;
  to: string;
}

export interface MoneyActivityRow {
  id: number;
  store_id: number;
  at: string;
  kind: string;
  channel: string;
  account_id: number | null;
  username: string | null;
  sa_type: number | null;
  drawer_number: number | null;
  /** The terminal (game machine, reload kiosk, reloader, online) that made the movement: its name and kind. */
  machine_name: number | null;
  machine_kind: string | null;
  customer_id: number | null;
  amount_cents: number;
  key: string | null;
  note: string;
}

function moneyQuery(db: Db, f: MoneyFilter) {
  let q = db.selectFrom('ledger as l').where('l.at', '>=', f.from).where('l.at', '<', f.to).where('l.kind', 'in', f.kinds);
  if (f.storeId !== null) q = q.where('l.store_id', '=', f.storeId);
  if (f.accountId !== undefined) q = q.where('l.account_id', '=', f.accountId);
  return q;
}

/** The ledger rows people cause (the money calls' audit rows), read for the Activity tab and the CLI. */
export const activityRepository = {
  money(db: Db, f: MoneyFilter, limit: number): Promise<MoneyActivityRow[]> {
    if (f.kinds.length === 0) return Promise.resolve([]);
    return moneyQuery(db, f)
      .leftJoin('account as a', 'a.id', 'l.account_id')
      .leftJoin('drawer as d', 'd.id', 'l.drawer_id')
      .leftJoin('machine as m', 'm.id', 'l.machine_id')
      .select(['l.id', 'l.store_id', 'l.at', 'l.kind', 'l.channel', 'l.account_id', 'a.username', 'a.sa_type', 'd.number as drawer_number', 'm.machine_id as machine_name', 'm.kind as machine_kind', 'l.customer_id', 'l.amount_cents', 'l.key', 'l.note'])
      .orderBy('l.at', 'desc')
      .orderBy('l.id', 'desc')
      .limit(limit)
      .execute();
  },
  async countMoney(db: Db, f: MoneyFilter): Promise<number> {
    if (f.kinds.length === 0) return 0;
    const r = await moneyQuery(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(r.n);
  },
};
