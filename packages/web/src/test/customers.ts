import type { CustomerRecord } from '../features/customer/customer-api';
import { emptyProfile } from '../features/customer/customer-rules';

/** A customer as `/customer/search` and `/customer/info` return it; `over` sets what a test cares about. */
export function customerRecord(over: Partial<CustomerRecord> & Pick<CustomerRecord, 'id'>): CustomerRecord {
  return {
    mobile_id: `1001000${over.id}`,
    ...emptyProfile,
    first_name: 'Demo',
    last_name: 'Customer',
    account_type: 1,
    block: false,
    playing: false,
    machine: null,
    entries: 0,
    winnings: 0,
    createTime: '2026-01-15T14:00:00.000Z',
    updateTime: '2026-01-15T14:00:00.000Z',
    protection: null,
    erased: false,
    ...over,
  };
}

/** The demo store's five customers: phones 2175550101-105 (a shared prefix), mobile ids 10010001-005. */
export const demoCustomers: CustomerRecord[] = ['Alice', 'Bob', 'Carmen', 'David', 'Eva'].map((first_name, i) =>
  customerRecord({ id: i + 1, first_name, last_name: 'Demo', phone: `217555010${i + 1}` }),
);
