import { toUnits, type CustomerRecord } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import { runningProtection } from '../../money/protection.js';
import type { CustomerView } from '../../repositories/customer.repository.js';

/** A customer as the calls show them, with the protection running now. */
export function presentCustomer(c: CustomerView): CustomerRecord {
  return {
    id: c.id,
    mobile_id: c.mobile_id,
    first_name: c.first_name,
    last_name: c.last_name,
    drivers_license: c.drivers_license,
    birthday: c.birthday,
    gender: c.gender,
    phone: c.phone,
    mail: c.mail,
    bank: c.bank,
    bank_account: c.bank_account,
    address: c.address,
    account_type: c.account_type,
    block: c.blocked === 1,
    playing: c.playing_machine_id !== null,
    machine: c.machine_name === null ? null : Number(c.machine_name),
    entries: toUnits(c.entries_cents),
    winnings: toUnits(c.winnings_cents),
    createTime: c.created_at,
    updateTime: c.updated_at,
    protection: runningProtection(c, isoNow()),
    erased: c.erased_at !== null,
  };
}

/** "First Last" lowercased with single spaces: the column name prefix search runs on. */
export function nameSearch(first: string, last: string): string {
  return `${first} ${last}`.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The name as "last first", normalised like `nameSearch`: the column the search by last name reads (migration 036). */
export function lastNameSearch(first: string, last: string): string {
  return nameSearch(last, first);
}
