import type { ConsoleStoreRow } from '@moneybox/contract';

export type StoreFilter = 'all' | 'frozen' | 'open' | 'lowCredit' | 'openShifts';
export const STORE_FILTERS: readonly StoreFilter[] = ['all', 'frozen', 'open', 'lowCredit', 'openShifts'];

export type SortKey = 'kid' | 'name' | 'frozen' | 'open_shifts' | 'machines' | 'credit' | 'purchases' | 'redeems' | 'net' | 'distributor' | 'last_activity';

const VALUE: Record<SortKey, (r: ConsoleStoreRow) => string | number> = {
  kid: (r) => r.kid,
  name: (r) => r.name.toLowerCase(),
  frozen: (r) => (r.frozen ? 1 : 0),
  open_shifts: (r) => r.open_shifts,
  machines: (r) => r.machines_connected,
  credit: (r) => r.credit,
  purchases: (r) => r.today.purchases,
  redeems: (r) => r.today.redeems,
  net: (r) => r.today.net,
  distributor: (r) => (r.distributor ?? '').toLowerCase(),
  last_activity: (r) => r.last_activity ?? '',
};

/** The stores screen's rows: searched (kiosk id, name, city, distributor), filtered, sorted. Pure. */
export function visibleStores(rows: readonly ConsoleStoreRow[], q: { search: string; filter: StoreFilter; sort: SortKey; desc: boolean }): ConsoleStoreRow[] {
  const text = q.search.trim().toLowerCase();
  const kept = rows.filter((r) => {
    if (text && ![String(r.kid), r.name, r.city, r.distributor ?? ''].some((v) => v.toLowerCase().includes(text))) return false;
    switch (q.filter) {
      case 'frozen':
        return r.frozen;
      case 'open':
        return !r.frozen;
      case 'lowCredit':
        return r.low_credit;
      case 'openShifts':
        return r.open_shifts > 0;
      default:
        return true;
    }
  });
  const value = VALUE[q.sort];
  return kept.sort((a, b) => {
    const x = value(a);
    const y = value(b);
    const c = x < y ? -1 : x > y ? 1 : a.kid - b.kid;
    return q.desc ? -c : c;
  });
}
