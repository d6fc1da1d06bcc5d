import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { CALLS, type CallPath, type Calls } from '@moneybox/contract';
import type { Actor } from '../domain/actor.js';
import type { ConsoleActor } from '../domain/console-actor.js';
import type { Deps } from '../services/deps.js';

export type { Role } from '../domain/actor.js';
export type { Deps } from '../services/deps.js';
/** The signed-in staff member behind a call: the services' actor (domain/actor.ts). */
export type Caller = Actor;

export interface CallContext {
  deps: Deps;
  ip: string;
  log: FastifyBaseLogger;
}

/** A store call's context: the store account behind the session. */
export interface AuthedContext extends CallContext {
  caller: Caller;
}

/** A console call's context: the platform account behind the console session. */
export interface ConsoleContext extends CallContext {
  actor: ConsoleActor;
}

/**
 * What a handler returns: its contract reply without `status` (the envelope adds `status: 0`).
 * Typed by the call map's reply schema, so a handler cannot drift from the contract unnoticed; the
 * API tests also parse every status-0 reply with that schema (testing/server.ts).
 */
export type ReplyBody<R extends z.ZodType> = Omit<z.input<R>, 'status'>;

type InputOf<P extends CallPath> = z.output<Calls[P]['input']>;
type ReplyOf<P extends CallPath> = ReplyBody<Calls[P]['reply']>;
/** A call the registry opens to anonymous callers runs without a session; every other one with its audience's actor. */
type ContextOf<P extends CallPath> = Calls[P]['who']['anonymous'] extends true ? CallContext : Calls[P]['audience'] extends 'console' ? ConsoleContext : AuthedContext;

interface Credentials {
  uid: unknown;
  token: unknown;
}

/** The transport's part of a call: its handler (and, for the hottest calls, a fast path). */
interface CallHandler<P extends CallPath> {
  handler(input: InputOf<P>, ctx: ContextOf<P>): Promise<ReplyOf<P>>;
  /**
   * Optional fast path for the hottest calls (the customer money calls on PostgreSQL): the call
   * checks the session inside its own database work, saving authenticate()'s round trip. Gets
   * the validated input and the UID and TOKEN as sent. It must accept only what authenticate()
   * and this call's row of the permission matrix accept, and answers undefined whenever it cannot vouch for the
   * session (unknown, revoked, due for a touch, viewer...): the envelope then runs the ordinary
   * path, so every answer (5, 21, 13, the handler's) stays exactly as without it.
   */
  withSession?(input: InputOf<P>, credentials: Credentials, ctx: CallContext): Promise<ReplyOf<P> | undefined>;
}

/** A registered call as the envelope runs it: the registry's entry with its handler. */
export interface CallDef<P extends CallPath = CallPath> {
  readonly path: P;
  /** Whose session authenticates it (the registry's audience). */
  readonly audience: Calls[P]['audience'];
  /** 'public' when the registry lets anonymous callers make it (no UID/TOKEN); otherwise 'session'. */
  readonly access: 'public' | 'session';
  readonly input: Calls[P]['input'];
  /** The contract's schema of the status-0 reply. */
  readonly reply: Calls[P]['reply'];
  /** Gets an AuthedContext for a store session call, a ConsoleContext for a console one, a CallContext for a public one. */
  readonly handler: (input: unknown, ctx: CallContext | AuthedContext | ConsoleContext) => Promise<object>;
  readonly withSession?: (input: unknown, credentials: Credentials, ctx: CallContext) => Promise<object | undefined>;
}

/** The context a session call of each actor runs with: a store account's, or a console account's. */
type SessionContext<A extends Actor | ConsoleActor> = A extends ConsoleActor ? ConsoleContext : AuthedContext;

/**
 * A service that takes (dependencies, actor, input) as a session call's handler, of either audience
 * (a store service's actor is the staff member, a console service's the platform account): the
 * envelope has validated, authenticated and authorized; the handler only calls the service, with the
 * call's dependencies or those `depsFor` gives (the reports': services/deps.ts `reportDeps`).
 */
export function serve<I, T, A extends Actor | ConsoleActor>(service: (deps: Deps, actor: A, input: I) => Promise<T>, depsFor: (deps: Deps) => Deps = (deps) => deps): (input: I, ctx: SessionContext<A>) => Promise<T> {
  return (input, ctx) => service(depsFor(ctx.deps), ('actor' in ctx ? ctx.actor : ctx.caller) as A, input);
}

/**
 * One call of the registry with its handler, whatever its audience. The input and reply types come
 * from the registry (`@moneybox/contract` CALLS), so the handler cannot drift from the contract;
 * http/api/index.ts fails to compile while any path of the registry has no call defined.
 */
export function defineCall<P extends CallPath>(path: P, h: CallHandler<P>): CallDef<P> {
  const spec = CALLS[path];
  return {
    path,
    audience: spec.audience,
    access: spec.who.anonymous ? 'public' : 'session',
    input: spec.input,
    reply: spec.reply,
    // The envelope hands the handler what this same entry's input schema parsed, and the context its
    // access asks for: the typed handler is exactly as safe as its signature says.
    handler: h.handler as CallDef<P>['handler'],
    ...(h.withSession ? { withSession: h.withSession as NonNullable<CallDef<P>['withSession']> } : {}),
  };
}
