/**
 * THE call registry: every call of the API, for every audience, in one typed map (as Actual's
 * `Handlers` merges every feature's handlers). Each audience keeps its part in its own module (the
 * store's calls.ts, the platform console's console.ts); here each part's entries are stamped with
 * their audience and merged, so one type keys the server's registration and envelope, the permission
 * matrix and docs/PERMISSIONS.md, the OpenAPI document and the web client.
 *
 * An entry: its path (the key, posted at /API<path>), `input`, `reply` (status 0), `audience` (whose
 * session authenticates it: a store account's or a console account's), `who` (its row of that
 * audience's permission matrix), `kind` (read or write) and `bodyLimit` (absent: CALL_BODY_BYTES).
 * Adding a console call is the same one entry as a store call.
 *
 * The web imports this module with `import type` only (its audience by path: call-audience.ts).
 */
import type { z } from 'zod';
import { STORE_CALLS, type StoreCallSpec } from './calls.js';
import { CONSOLE_CALLS, type ConsoleCallSpec } from './console.js';
import type { CallAudience } from './call-audience.js';

/** One entry of the registry, by audience. */
export type CallSpec = (StoreCallSpec & { readonly audience: 'store' }) | (ConsoleCallSpec & { readonly audience: 'console' });

type Stamped<M, A extends CallAudience> = { readonly [P in keyof M]: M[P] & { readonly audience: A } };

/** An audience's part with its audience on every entry (the path prefix and the part agree: a test checks). */
function stamped<M extends Record<string, object>, A extends CallAudience>(audience: A, part: M): Stamped<M, A> {
  return Object.fromEntries(Object.entries(part).map(([path, spec]) => [path, { ...spec, audience }])) as Stamped<M, A>;
}

export const CALLS = { ...stamped('store', STORE_CALLS), ...stamped('console', CONSOLE_CALLS) } satisfies Record<string, CallSpec>;

export type Calls = typeof CALLS;
/** Every call's path. */
export type CallPath = keyof Calls;
/** What a caller sends, less the session fields the transport adds. */
export type CallInput<P extends CallPath> = Omit<z.input<Calls[P]['input']>, 'UID' | 'TOKEN'>;
/** The status-0 reply. */
export type CallReply<P extends CallPath> = z.output<Calls[P]['reply']>;
/** The calls of one audience. */
export type PathOf<A extends CallAudience> = { [P in CallPath]: Calls[P]['audience'] extends A ? P : never }[CallPath];
/** The calls that only read; every other call is a write. */
export type ReadPath = { [P in CallPath]: Calls[P]['kind'] extends 'read' ? P : never }[CallPath];
export type WritePath = Exclude<CallPath, ReadPath>;

export const CALL_PATHS = Object.keys(CALLS) as CallPath[];

/** The web tells a call's audience by its path (it carries no schemas): this fails to compile if the rule and the registry ever disagree. */
type SameAs<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const audienceByPathHolds: SameAs<PathOf<'console'>, Extract<CallPath, `/operator/${string}`>> = true;
