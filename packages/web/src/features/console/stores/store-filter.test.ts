// @vitest-environment node
import type { ConsoleStoreRow } from '@moneybox/contract';
import { describe, expect, it } from 'vitest';
import { visibleStores } from './store-filter';

const row = (kid: number, over: Partial<ConsoleStoreRow> = {}): ConsoleStoreRow => ({
  kid,
  name: `Store ${kid}`,
  city: 'Austin',
  timezone: 'America/Chicago',
  frozen: false,
  freeze_msg: '',
  distributor: null,
  open_shifts: 0,
  machines_connected: 0,
  machines_enrolled: 0,
  credit: 100,
  low_credit: false,
  days_left: null,
  today: { purchases: 0, redeems: 0, net: 0 },
  last_activity: null,
  ...over,
});

describe('the stores screen rows', () => {
  const rows = [row(1001, { name: 'Demo Arcade', credit: 5 }), row(2002, { frozen: true, distributor: 'westdist1', credit: 50 }), row(3003, { low_credit: true, open_shifts: 2, city: 'Dallas', credit: 1 })];
  const q = { search: '', filter: 'all' as const, sort: 'kid' as const, desc: false };

  it('searches kiosk id, name, city and distributor', () => {
    expect(visibleStores(rows, { ...q, search: 'arcade' }).map((r) => r.kid)).toEqual([1001]);
    expect(visibleStores(rows, { ...q, search: '200' }).map((r) => r.kid)).toEqual([2002]);
    expect(visibleStores(rows, { ...q, search: 'WESTdist' }).map((r) => r.kid)).toEqual([2002]);
    expect(visibleStores(rows, { ...q, search: 'dallas' }).map((r) => r.kid)).toEqual([3003]);
  });

  it('filters frozen, open, low credit and open shifts', () => {
    expect(visibleStores(rows, { ...q, filter: 'frozen' }).map((r) => r.kid)).toEqual([2002]);
    expect(visibleStores(rows, { ...q, filter: 'open' }).map((r) => r.kid)).toEqual([1001, 3003]);
    expect(visibleStores(rows, { ...q, filter: 'lowCredit' }).map((r) => r.kid)).toEqual([3003]);
    expect(visibleStores(rows, { ...q, filter: 'openShifts' }).map((r) => r.kid)).toEqual([3003]);
  });

  it('sorts either way, ties by kiosk id', () => {
    expect(visibleStores(rows, { ...q, sort: 'credit' }).map((r) => r.kid)).toEqual([3003, 1001, 2002]);
    expect(visibleStores(rows, { ...q, sort: 'credit', desc: true }).map((r) => r.kid)).toEqual([2002, 1001, 3003]);
    expect(visibleStores(rows, { ...q, sort: 'frozen', desc: true }).map((r) => r.kid)).toEqual([2002, 3003, 1001]);
  });
});
