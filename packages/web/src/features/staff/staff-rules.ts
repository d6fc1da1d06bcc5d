import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN, passwordHasLettersAndNumbers } from '@moneybox/contract/credentials';
import { Status } from '@moneybox/contract/status';

/** The spec's account rules (section 5) as the status each breaks: 43, 44, 40; null when fine. */
export function usernameProblem(username: string): number | null {
  return username.length < USERNAME_MIN || username.length > USERNAME_MAX ? Status.USERNAME_LENGTH : null;
}

export function passwordProblem(password: string): number | null {
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) return Status.PASSWORD_LENGTH;
  return passwordHasLettersAndNumbers(password) ? null : Status.PASSWORD_LETTERS_NUMBERS;
}
