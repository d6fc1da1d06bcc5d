/** Username and password rules of spec section 5 (zod-free, so the web app's login page stays small). */
export const USERNAME_MIN = 6;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

/** Spec section 5: letters and numbers, both present, nothing else. */
export function passwordHasLettersAndNumbers(p: string): boolean {
  return /^[A-Za-z0-9]+$/.test(p) && /[A-Za-z]/.test(p) && /[0-9]/.test(p);
}
