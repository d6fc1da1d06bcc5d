import type { StoreInfo } from '@moneybox/contract';

/** The demo store's information as `/store/info` answers it, for the Store Information tests. */
export const demoStoreInfo: StoreInfo = {
  kid: 1001,
  storename: 'Demo Arcade',
  address: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  phone: '217 555 0100',
  freeze: false,
  freeze_msg: '',
  max_machines: 20,
  max_drawers: 5,
  special_comps: 5000,
  exchange_rate: 100,
  timezone: 'America/Chicago',
  limit_day: 31,
  // The hourly and weekly limits are capped by the provider; the daily one is not.
  limits: { hourly: 500, daily: 2000, weekly: 5000 },
  caps: { hourly: 500, daily: 0, weekly: 5000 },
  min_amount: 1,
  blind_count: true,
  denominations: [],
  large_difference: 20,
  min_age: 18,
  birthday_required: false,
  id_check: 0,
  large_payout: 0,
};
