import type { ConsoleInput, ConsolePath, ConsoleReply, ConsoleRole } from '@moneybox/contract';
import { MutationObserver, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Status } from '@moneybox/contract/status';
import { navigateTo } from '../app/navigation';
import { i18n } from '../i18n/i18n';
import { classify, failureMessage } from './failure';
import { post } from './transport';

/**
 * The platform console's calls (`/API/operator/...`, the contract's CONSOLE_CALLS): the console's own
 * session, apart from the store's cookies, kept for the tab only (sessionStorage); a 5 clears it and
 * goes back to /operator. Reads are queries; writes run as mutations of the query client, as every
 * write of the app does (the global overlay shows while one is in flight).
 */
export interface ConsoleSession {
  uid: number;
  token: string;
  username: string;
  role: ConsoleRole;
}

const KEY = 'consoleSession';

export function consoleSession(): ConsoleSession | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as ConsoleSession) : null;
  } catch {
    return null;
  }
}

export function setConsoleSession(s: ConsoleSession): void {
  sessionStorage.setItem(KEY, JSON.stringify(s));
}

export function clearConsoleSession(): void {
  sessionStorage.removeItem(KEY);
}

export const CONSOLE_LOGIN = '/operator';

/** A console call refused: its status and the message in the user's language. */
export class ConsoleError extends Error {
  constructor(
    readonly status: number | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'ConsoleError';
  }
}

/** POST /API<path> with the console session; the status-0 reply, or ConsoleError (5: signed out and back to the sign-in). */
export async function consoleCall<P extends ConsolePath>(path: P, input: ConsoleInput<P>): Promise<ConsoleReply<P>> {
  const s = consoleSession();
  const reply = await post(path, { ...(s ? { UID: s.uid, TOKEN: s.token } : {}), ...input });
  const failure = classify(reply);
  if (!failure) return reply as ConsoleReply<P>;
  if (failure.kind === 'session') {
    clearConsoleSession();
    navigateTo(CONSOLE_LOGIN);
  }
  await i18n.loadNamespaces(['status', 'common']);
  let message = failureMessage(failure, i18n.t.bind(i18n));
  // The operator service's words (a taken kiosk id, an unknown time zone) beside the catalogue's message.
  if (reply.status === Status.INPUT_ERROR && typeof reply.error === 'string' && reply.error !== 'Input error') message = `${message}: ${reply.error}`;
  throw new ConsoleError(typeof reply.status === 'number' ? reply.status : undefined, message);
}

/** A console read as a query keyed by path and input. */
export function useConsoleQuery<P extends ConsolePath>(path: P, input: ConsoleInput<P>, options: { refetchInterval?: number; enabled?: boolean } = {}) {
  return useQuery<ConsoleReply<P>, Error>({ queryKey: ['console', path, input], queryFn: () => consoleCall(path, input), retry: false, ...options });
}

export type ConsoleWrite = <P extends ConsolePath>(path: P, input: ConsoleInput<P>) => Promise<ConsoleReply<P>>;

/** A console write as a mutation of the query client; the console's reads are refetched after it. */
export function useConsoleWrite(): ConsoleWrite {
  const client = useQueryClient();
  return useCallback<ConsoleWrite>(
    async (path, input) => {
      const r = await new MutationObserver(client, { mutationKey: ['console', path], mutationFn: () => consoleCall(path, input) }).mutate();
      await client.invalidateQueries({ queryKey: ['console'] });
      return r as ConsoleReply<typeof path>;
    },
    [client],
  );
}
