/**
 * Customer field rules shared by the server's schemas and the web forms. Zod-free, so the web app
 * imports it by subpath (`@moneybox/contract/customer-fields`) without the schemas.
 */

/** Max lengths of the customer's fields; the form and the server share them. */
export const CUSTOMER_FIELD_MAX = {
  first_name: 50,
  last_name: 50,
  drivers_license: 30,
  phone: 20,
  mail: 100,
  bank: 50,
  bank_account: 34,
  address: 200,
} as const;

export const GENDERS = ['', 'M', 'F', 'O'] as const;

/** Award types of the gift log (spec section 3). */
export const GIFT_AWARD_TYPES = ['Daily Bonus', 'Items', 'Footprints', 'Fish Mission', 'Phone Verification', 'Rankings Bonus'] as const;

/** Most customers one search returns; refine the rule for more. */
export const SEARCH_MAX = 50;

/** Player protection (issue 24): a self-exclusion's periods and a cool-off's days (1 day to 6 weeks). */
export const PROTECTION_KINDS = ['exclusion', 'cool_off'] as const;
export const EXCLUSION_PERIODS = ['6m', '1y', '5y', 'permanent'] as const;
export const COOL_OFF_DAYS = { min: 1, max: 42 } as const;


/**
 * Checked payouts (issue 24): the ID shown at the counter for a redeem above the store's threshold.
 * The record's ID is the customer's `drivers_license` field (the spec's "ID card"), whatever the
 * document; the number must match it (letters and digits compared, case, spaces and dashes ignored).
 */
export const ID_TYPES = ['drivers_license', 'state_id', 'passport', 'other'] as const;
export type IdType = (typeof ID_TYPES)[number];

/** An ID number as compared and matched (document-number.ts). */
export { normalizeIdNumber } from './document-number.js';
