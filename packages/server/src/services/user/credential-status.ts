import { Status, credentialProblem, type CredentialProblem, type StatusCode } from '@moneybox/contract';
import { refuse } from '../../domain/status-refusal.js';

/** The status of each of the contract's credential problems (43, 44, 40), for staff and platform accounts alike. */
export const CREDENTIAL_STATUS: Readonly<Record<CredentialProblem, StatusCode>> = {
  username_length: Status.USERNAME_LENGTH,
  password_length: Status.PASSWORD_LENGTH,
  password_letters_numbers: Status.PASSWORD_LETTERS_NUMBERS,
};

/** Checks the spec's username and password rules (the contract's) before anything touches the database. */
export function checkCredentialsShape(username: string, password: string): void {
  const problem = credentialProblem(username, password);
  if (problem) refuse(CREDENTIAL_STATUS[problem]);
}
