import { CONSOLE_CALLS, type ConsoleRole } from '@moneybox/contract';

/** `/operator/me` as the server answers it for a role: the calls the contract's CONSOLE_CALLS `who` lets it make. */
export function consoleMeReply(role: ConsoleRole) {
  return {
    status: 0,
    username: `${role}0001`,
    role,
    calls: Object.entries(CONSOLE_CALLS)
      .filter(([, spec]) => spec.who[role])
      .map(([path]) => path),
  };
}
