import { CUSTOMER_FIELD_MAX, GENDERS } from '@moneybox/contract/customer-fields';
import { ageShort, type MinimumAge } from '@moneybox/contract/minimum-age';
import { formatCents, MAX_CENTS, readAmount } from '../../money/units';

/** A translation key of the customer namespace with its values. */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

/** The store's default minimum for purchase, redeem, special comps and revert (the server answers 35 with its own min_amount). */
const MIN_AMOUNT_CENTS = 100;

type AmountCheck = { ok: true; cents: number } | { ok: false; problem: Problem };

/** Spec section 5: an amount must not be empty or below the minimum; at most two decimals (DESIGN.md section 2). */
export function checkAmount(text: string, minCents: number = MIN_AMOUNT_CENTS): AmountCheck {
  const r = readAmount(text, { minCents });
  if (r.ok) return r;
  if (r.problem === 'empty') return { ok: false, problem: { key: 'errors.amountEmpty' } };
  if (r.problem === 'format') return { ok: false, problem: { key: 'errors.amountFormat' } };
  if (r.problem === 'aboveMax') return { ok: false, problem: { key: 'errors.amountMax', values: { max: formatCents(MAX_CENTS) } } };
  return { ok: false, problem: { key: 'errors.amountMin', values: { min: formatCents(minCents) } } };
}

/** Spec section 5: 'Customer ID must be a number'. */
export function isCustomerId(text: string): boolean {
  const t = text.trim();
  return /^\d{1,15}$/.test(t) && Number(t) > 0;
}

export type Gender = (typeof GENDERS)[number];

export interface ProfileForm {
  first_name: string;
  last_name: string;
  drivers_license: string;
  birthday: string;
  gender: Gender;
  phone: string;
  mail: string;
  bank: string;
  bank_account: string;
  /** The home address as one line (street, city, state and postal code). */
  address: string;
}

export type ProfileField = keyof ProfileForm;
export type ProfileErrors = Partial<Record<ProfileField, Problem>>;

export const emptyProfile: ProfileForm = {
  first_name: '',
  last_name: '',
  drivers_license: '',
  birthday: '',
  gender: '',
  phone: '',
  mail: '',
  bank: '',
  bank_account: '',
  address: '',
};

// Close to what the server's zod e-mail check accepts: one @, no spaces, a dotted domain.
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

export function isEmail(text: string): boolean {
  const t = text.trim();
  return EMAIL.test(t) && !t.includes('..') && !t.startsWith('.') && !t.split('@')[0]!.endsWith('.');
}

function isRealPastDate(s: string, today: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '1900-01-01' && s <= today;
}

/**
 * The profile rules of the contract, checked in the form before the call; with the store's minimum age
 * (`age`: its `min_age` and the rule's day, the contract's `ageDay`), a birthday too young for it, by the
 * rule the server holds the record and every purchase to (the contract's minimum-age.ts).
 */
export function validateProfile(f: ProfileForm, today: string = new Date().toISOString().slice(0, 10), age: (MinimumAge & { day: string }) | null = null): ProfileErrors {
  const errors: ProfileErrors = {};
  for (const [field, max] of Object.entries(CUSTOMER_FIELD_MAX) as [ProfileField, number][]) {
    if (f[field].trim().length > max) errors[field] = tooLong(max);
  }
  if (!errors.first_name && !f.first_name.trim()) errors.first_name = { key: 'errors.required' };
  if (!errors.last_name && !f.last_name.trim()) errors.last_name = { key: 'errors.required' };
  if (!errors.mail && f.mail.trim() && !isEmail(f.mail)) errors.mail = { key: 'errors.email' };
  if (!errors.phone && !/^[0-9+\-(). ]*$/.test(f.phone.trim())) errors.phone = { key: 'errors.phone' };
  // Every store has a minimum age (18 at least): the birthday is required to hold the customer to it.
  if (!f.birthday.trim()) errors.birthday = { key: 'errors.required' };
  else if (!isRealPastDate(f.birthday, today)) errors.birthday = { key: 'errors.birthday' };
  else if (age && ageShort(age, f.birthday, age.day) === 'under') errors.birthday = { key: 'form.tooYoung', values: { count: age.min_age } };
  if (!(GENDERS as readonly string[]).includes(f.gender)) errors.gender = { key: 'errors.required' };
  return errors;
}

/** Spec section 5's message: 'can not have more than N characters'. */
export function tooLong(n: number): Problem {
  return { key: 'errors.tooLong', values: { count: n } };
}

/** The trimmed fields as the create and update calls take them. */
export function profilePayload(f: ProfileForm): ProfileForm {
  const out = { ...f };
  for (const k of Object.keys(out) as ProfileField[]) (out as Record<string, string>)[k] = out[k].trim();
  return out;
}
