import { hashSecret } from '../../auth/password.js';
import { isoNow } from '../../clock.js';
import { lastNameSearch, nameSearch } from '../../services/customer/present.js';
import { post } from '../../money/ledger.js';
import { inTransaction, type Db } from '../../db/database.js';
import { customerRepository } from '../../repositories/customer.repository.js';

const DEMO_CUSTOMERS = [
  { first: 'Alice', last: 'Johnson', phone: '2175550101', mail: 'alice@example.com', entries: 50_00, winnings: 120_00 },
  { first: 'Bob', last: 'Smith', phone: '2175550102', mail: 'bob@example.com', entries: 0, winnings: 300_00 },
  { first: 'Carmen', last: 'Lopez', phone: '2175550103', mail: 'carmen@example.com', entries: 25_00, winnings: 0 },
  { first: 'David', last: 'Chen', phone: '2175550104', mail: 'david@example.com', entries: 0, winnings: 0 },
  { first: 'Eva', last: 'Martinez', phone: '2175550105', mail: 'eva@example.com', entries: 10_00, winnings: 45_50 },
];

/**
 * A handful of demo customers (mobile ids 10010001-10010005, PINs 1001-1005); their opening
 * balances are ledger rows like any other movement.
 */
export async function seedDemoCustomers(db: Db, storeId: number): Promise<void> {
  const at = isoNow();
  let i = 0;
  for (const c of DEMO_CUSTOMERS) {
    i++;
    await inTransaction(db, async (tx) => {
      const id = await customerRepository.insert(tx, storeId, {
        mobile_id: String(storeId * 10000 + i),
        pin_hash: await hashSecret(String(1000 + i)),
        first_name: c.first,
        last_name: c.last,
        name_search: nameSearch(c.first, c.last),
        last_search: lastNameSearch(c.first, c.last),
        drivers_license: '',
        birthday: '1990-01-01',
        gender: i % 2 ? 'F' : 'M',
        phone: c.phone,
        mail: c.mail,
        bank: '',
        bank_account: '',
        created_at: at,
        updated_at: at,
      });
      if (c.entries) await post(tx, { storeId, kind: 'adjust', channel: 'operator', amount: c.entries, customerId: id, entries: c.entries, note: 'demo opening entries', at });
      if (c.winnings) await post(tx, { storeId, kind: 'win', channel: 'machine', amount: c.winnings, customerId: id, winnings: c.winnings, note: 'demo opening winnings', at });
    });
  }
}
