import { CONSOLE_ROLES, type ConsoleRole } from '@moneybox/contract';

/** A platform account's stored role as the contract's; an unknown value reads as support, the least right. */
export function roleOfAccount(role: string): ConsoleRole {
  return (CONSOLE_ROLES as readonly string[]).includes(role) ? (role as ConsoleRole) : 'support';
}
