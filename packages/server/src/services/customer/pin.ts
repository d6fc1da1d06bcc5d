import { randomInt } from 'node:crypto';

/** PINs are 6 random digits: typed on a machine's keypad, shown once, stored only hashed. */
export function newPin(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Mobile ids are 9-digit numbers, random so that they reveal neither the store nor how many
 * customers it has; uniqueness across the platform is the database's unique index (retry on clash).
 */
export function newMobileId(): string {
  return String(randomInt(100_000_000, 1_000_000_000));
}
