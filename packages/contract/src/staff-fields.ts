/** Store Information's contact fields and their maximum lengths (zod-free, so the web form imports it by subpath). */
export const STORE_CONTACT_FIELDS = ['address', 'city', 'state', 'zip', 'phone'] as const;
export type StoreContactField = (typeof STORE_CONTACT_FIELDS)[number];
export const STORE_CONTACT_MAX: Record<StoreContactField, number> = { address: 120, city: 60, state: 40, zip: 12, phone: 30 };
export const ZIP_PATTERN = /^[A-Za-z0-9 -]*$/;
export const PHONE_PATTERN = /^[0-9 +().-]*$/;

/** The minimum age a store may set for its customers (issue 24): 18 by default, 21 where the law asks. */
export const STORE_MIN_AGE = { min: 18, max: 99 } as const;
