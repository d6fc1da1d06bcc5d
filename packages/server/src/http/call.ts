import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Actor, Deps } from '../domain/actor.js';

export type { Deps, Role } from '../domain/actor.js';
/** The signed-in staff member behind a call: the services' actor (domain/actor.ts). */
export type Caller = Actor;

export interface CallContext {
  deps: Deps;
  ip: string;
  log: FastifyBaseLogger;
}

export interface AuthedContext extends CallContext {
  caller: Caller;
}

/**
 * What a handler returns: its contract reply without `status` (the envelope adds `status: 0`).
 * Typed by the call's reply schema, so a handler cannot drift from the contract unnoticed; the API
 * tests also parse every status-0 reply with that schema (testing/server.ts).
 */
export type ReplyBody<R extends z.ZodType> = Omit<z.input<R>, 'status'>;

interface BaseCall<S extends z.ZodType, R extends z.ZodType> {
  /** `/group/name`, served at POST /API/group/name. */
  path: `/${string}/${string}`;
  input: S;
  /** The contract's schema of the status-0 reply. */
  reply: R;
}

export interface PublicCall<S extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> extends BaseCall<S, R> {
  access: 'public';
  handler(input: z.output<S>, ctx: CallContext): Promise<ReplyBody<R>>;
}

export interface SessionCall<S extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> extends BaseCall<S, R> {
  /** Who may make it is the call's row in domain/permissions.ts (the permission matrix), not here. */
  access: 'session';
  handler(input: z.output<S>, ctx: AuthedContext): Promise<ReplyBody<R>>;
  /**
   * Optional fast path for the hottest calls (the customer money calls on PostgreSQL): the call
   * checks the session inside its own database work, saving authenticate()'s round trip. Gets
   * the validated input and the UID and TOKEN as sent. It must accept only what authenticate()
   * and this call's row of the permission matrix accept, and answers undefined whenever it cannot vouch for the
   * session (unknown, revoked, due for a touch, viewer...): the envelope then runs the ordinary
   * path, so every answer (5, 21, 13, the handler's) stays exactly as without it.
   */
  withSession?(input: z.output<S>, credentials: { uid: unknown; token: unknown }, ctx: CallContext): Promise<ReplyBody<R> | undefined>;
}

/**
 * A service that takes (dependencies, actor, input) as a session call's handler: the envelope has
 * validated, authenticated and authorized; the handler only calls the service.
 */
export function serve<I, T>(service: (deps: Deps, actor: Actor, input: I) => Promise<T>): (input: I, ctx: AuthedContext) => Promise<T> {
  return (input, ctx) => service(ctx.deps, ctx.caller, input);
}

export type CallDef<S extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> = PublicCall<S, R> | SessionCall<S, R>;

/** Identity helper that keeps each call's input and reply types tied to its handler. */
export function defineCall<S extends z.ZodType, R extends z.ZodType>(def: PublicCall<S, R>): PublicCall<S, R>;
export function defineCall<S extends z.ZodType, R extends z.ZodType>(def: SessionCall<S, R>): SessionCall<S, R>;
export function defineCall<S extends z.ZodType, R extends z.ZodType>(def: CallDef<S, R>): CallDef<S, R> {
  return def;
}
