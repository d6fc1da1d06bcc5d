import type { CallInput as ConsoleInput, CallReply as ConsoleReply, ConsolePath, ConsoleRole } from '@moneybox/contract';
import { keepPreviousData, MutationObserver, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
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

/** A console call refused: its status, the message in the user's language and the reply's `reason` when it named one. */
export class ConsoleError extends Error {
  constructor(
    readonly status: number | undefined,
    message: string,
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'ConsoleError';
  }
}

/**
 * The console calls that only read. Every other console call is a write and goes through the one
 * mutation path (`runConsoleWrite`, `useConsoleWrite`): a call added to CONSOLE_CALLS is a write until
 * it is listed here (`app/write-path.test.ts` checks the console's pages as it does the store's).
 */
export const CONSOLE_READ_PATHS = [
  '/operator/me',
  '/operator/stores',
  '/operator/store',
  '/operator/storeDailyReport',
  '/operator/storeShiftReport',
  '/operator/storeTransactionReport',
  '/operator/storeDayClose',
  '/operator/accounts',
  '/operator/distributors',
  '/operator/creditHistory',
  '/operator/alerts',
  '/operator/alertCount',
  '/operator/thresholds',
  '/operator/webhooks',
  '/operator/audit',
  '/operator/report',
  '/operator/news',
  '/operator/announcements',
  '/operator/maintenance',
  '/operator/exclusionSharing',
] as const satisfies readonly ConsolePath[];

export type ConsoleReadPath = (typeof CONSOLE_READ_PATHS)[number];
export type ConsoleWritePath = Exclude<ConsolePath, ConsoleReadPath>;

/** POST /API<path> with the console session; the status-0 reply, or ConsoleError (5: signed out and back to the sign-in). */
async function send<P extends ConsolePath>(path: P, input: ConsoleInput<P>): Promise<ConsoleReply<P>> {
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
  // The refusal's machine reason, when it has one (the webhook address refused), for the page to word.
  const { reason } = reply;
  throw new ConsoleError(typeof reply.status === 'number' ? reply.status : undefined, message, typeof reason === 'string' ? reason : undefined);
}

/** A console read on demand (a write path does not compile: writes go through `useConsoleWrite`). */
export function consoleCall<P extends ConsoleReadPath>(path: P, input: ConsoleInput<P>): Promise<ConsoleReply<P>> {
  return send(path, input);
}

/** A console read as a query keyed by path and input. */
export function useConsoleQuery<P extends ConsoleReadPath>(
  path: P,
  input: ConsoleInput<P>,
  options: { refetchInterval?: number; enabled?: boolean; placeholderData?: typeof keepPreviousData } = {},
) {
  return useQuery<ConsoleReply<P>, Error>({ queryKey: ['console', path, input], queryFn: () => consoleCall(path, input), retry: false, ...options });
}

export interface ConsoleWriteOptions {
  /** Refetch the console's reads after the write (default true; the sign-in steps and logout do not). */
  refetch?: boolean;
}

/**
 * THE way a console write runs: as a mutation of the query client (the console layout's `WritesOverlay`
 * shows while it is in flight), its refusal a `ConsoleError` with the message in the user's language;
 * the console's reads are refetched after it.
 */
export async function runConsoleWrite<P extends ConsoleWritePath>(client: QueryClient, path: P, input: ConsoleInput<P>, options: ConsoleWriteOptions = {}): Promise<ConsoleReply<P>> {
  const r = await new MutationObserver<ConsoleReply<P>, Error, ConsoleInput<P>>(client, { mutationKey: ['console', path], mutationFn: (i) => send(path, i) }).mutate(input);
  if (options.refetch !== false) await client.invalidateQueries({ queryKey: ['console'] });
  return r;
}

export type ConsoleWrite = <P extends ConsoleWritePath>(path: P, input: ConsoleInput<P>, options?: ConsoleWriteOptions) => Promise<ConsoleReply<P>>;

/** `runConsoleWrite` bound to the component's query client: `write(path, input, options)`. */
export function useConsoleWrite(): ConsoleWrite {
  const client = useQueryClient();
  return useCallback<ConsoleWrite>((path, input, options) => runConsoleWrite(client, path, input, options), [client]);
}
