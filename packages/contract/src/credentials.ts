/** Username and password rules of spec section 5 (zod-free, so the web app's login page stays small). */
export const USERNAME_MIN = 6;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;

/** Spec section 5: letters and numbers, both present, nothing else. */
export function passwordHasLettersAndNumbers(p: string): boolean {
  return /^[A-Za-z0-9]+$/.test(p) && /[A-Za-z]/.test(p) && /[0-9]/.test(p);
}

/** What is wrong with a username and password by the rules above, first problem first; undefined when nothing. */
export type CredentialProblem = 'username_length' | 'password_length' | 'password_letters_numbers';

export function credentialProblem(username: string, password: string): CredentialProblem | undefined {
  if (username.length < USERNAME_MIN || username.length > USERNAME_MAX) return 'username_length';
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return 'password_length';
  if (!passwordHasLettersAndNumbers(password)) return 'password_letters_numbers';
  return undefined;
}
