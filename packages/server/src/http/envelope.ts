import { CALLS, Status, kioskIdsNamed, statusMessages, type CallAudience, type CallSpec, type ConsoleWho, type StatusCode, type Who } from '@moneybox/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audienceOf } from '@moneybox/contract';
import { authenticate, authenticateConsole } from './authenticate.js';
import { permissionOf } from '../domain/permissions.js';
import type { AuthedContext, CallDef, ConsoleContext, Deps } from './call.js';
import { refusalStatus } from '../money/refusal-status.js';
import { unmapped } from '../domain/user-refusal.js';
import { asRefusal } from '../services/refusals.js';
import { INVALID_TEXT } from '../domain/json-text.js';
import { noteCallStatus } from '../ops/metrics.js';
import { storesNamedInScope } from '../services/console/scope.js';

/** Marks a body that was not valid JSON; the call answers 13. */
export const INVALID_BODY = Symbol('invalid body');
function describeIssues(err: z.ZodError): string {
  const issue = err.issues[0];
  if (!issue) return 'Input error';
  const where = issue.path.length ? issue.path.join('.') : 'body';
  return `${where}: ${issue.message}`;
}

/**
 * A console call's refused input (13) names the field beside the English words, so the web says it in
 * the user's words: `field`, the issue's path (`target.kids`), and `issue`, zod's code with what it
 * measured (`too_small_array`). A store call's 13 keeps the spec's shape.
 */
function inputRefused(err: z.ZodError, audience: CallAudience) {
  const issue = err.issues[0];
  const where = issue && issue.path.length > 0 ? { field: issue.path.join('.'), issue: 'origin' in issue && typeof issue.origin === 'string' ? `${issue.code}_${issue.origin}` : issue.code } : {};
  return statusReply(Status.INPUT_ERROR, audience === 'console' ? where : {}, describeIssues(err));
}

export function statusReply(status: StatusCode, extra: Record<string, unknown> = {}, error?: string) {
  return { status, ...extra, ...(status === 0 ? {} : { error: error ?? statusMessages[status] }) };
}

/**
 * HTTP's one place for the refusal family (domain/user-refusal.ts): a service's status refusal and
 * the money core's catalogued reason answer their status (a refusal may name a more precise `error`
 * than the catalogue's, e.g. the purchase limit under 35); a rate limit answers 511 with
 * `retry-after`. The operator's and the terminal protocol's refusals are no HTTP call's answer: an
 * error (undefined here), as any fault.
 */
function answerRefusal(err: unknown, reply: FastifyReply) {
  const r = asRefusal(err);
  if (!r) return undefined;
  switch (r.family) {
    case 'status': {
      const { error, ...extra } = r.extra;
      return statusReply(r.status, extra, typeof error === 'string' ? error : undefined);
    }
    case 'money': {
      const { status, extra: { error, ...extra } } = refusalStatus(r);
      return statusReply(status, extra, typeof error === 'string' ? error : undefined);
    }
    case 'rate_limited': {
      const seconds = Math.ceil(r.windowMs / 1000);
      void reply.code(511).header('retry-after', seconds);
      return statusReply(Status.DATA_LOCKED, { retryAfter: seconds }, r.message);
    }
    case 'operator':
    case 'terminal':
    case 'terminal_denied':
      return undefined;
    default:
      return unmapped(r);
  }
}

/**
 * What a call answers for what its handler threw: a refusal as answerRefusal says, anything else 14
 * (logged, never a stack trace).
 */
export function refusalReply(err: unknown, req: FastifyRequest, reply: FastifyReply, path: string) {
  const refused = answerRefusal(err, reply);
  if (refused) return refused;
  req.log.error({ err, path }, 'call failed');
  void reply.code(200);
  return statusReply(Status.EXECUTE_ERROR);
}

/** The body as a JSON object, or the 13 it answers. */
export function bodyFields(body: unknown): { fields: Record<string, unknown> } | { refused: ReturnType<typeof statusReply> } {
  const payload = body === undefined || body === null || body === '' ? {} : body;
  if (payload === INVALID_TEXT) return { refused: statusReply(Status.INPUT_ERROR, {}, 'Text must be valid Unicode without NUL characters') };
  if (payload === INVALID_BODY || typeof payload !== 'object' || Array.isArray(payload)) {
    return { refused: statusReply(Status.INPUT_ERROR, {}, 'The body must be a JSON object') };
  }
  return { fields: payload as Record<string, unknown> };
}

/** The first issue of a refused input, for `error`. */
export { describeIssues };

/** Any other method on a known call is status 6, not a 404. */
export function refuseOtherMethods(app: FastifyInstance, path: string): void {
  app.route({
    method: ['GET', 'PUT', 'DELETE', 'PATCH'],
    url: `/API${path}`,
    handler: async () => statusReply(Status.METHOD_NOT_ALLOWED),
  });
}

/**
 * A session's caller: the column of the permission matrix it is checked against, what its handler
 * gets, and its audience's scope: whether the stores the valid input names (the entry's `stores`
 * fields) are the caller's to reach (21 naming those beyond it). A store session reaches its own
 * store alone and no store call names another, so only the console's scope has stores to check.
 */
type Authenticated = {
  column: Who | ConsoleWho;
  context: Pick<AuthedContext, 'caller'> | Pick<ConsoleContext, 'actor'>;
  inScope(spec: CallSpec, input: unknown): Promise<void>;
};

/**
 * The authenticator of each audience (a store account's session, a console account's): a session of
 * the one never passes the other's, both answer 5 for a missing, unknown, revoked or idle session.
 */
const AUTHENTICATORS: Record<CallAudience, (deps: Deps, uid: unknown, token: unknown) => Promise<Authenticated>> = {
  store: async (deps, uid, token) => {
    const caller = await authenticate(deps, uid, token);
    return { column: audienceOf(caller.role, caller.mode), context: { caller }, inScope: async () => {} };
  },
  console: async (deps, uid, token) => {
    const actor = await authenticateConsole(deps, uid, token);
    return {
      column: actor.role,
      context: { actor },
      inScope: async (spec, input) => {
        if (spec.audience === 'console' && spec.stores) await storesNamedInScope(deps.handle.db, actor, kioskIdsNamed(input, spec.stores));
      },
    };
  },
};

/**
 * Registers one call of the registry, whatever its audience: POST /API<path> chaining parse →
 * authenticate by the entry's audience (5) → its row of the permission matrix (21) → validate (13) →
 * the stores it names in the caller's scope (21) → handler → present, with the entry's body limit.
 */
export function registerCall(app: FastifyInstance, deps: Deps, def: CallDef): void {
  const permission = permissionOf(def.path);
  const spec: CallSpec = CALLS[def.path];
  const authenticateCaller = AUTHENTICATORS[def.audience];
  const run = async (req: FastifyRequest, reply: FastifyReply) => {
    const body = bodyFields(req.body);
    if ('refused' in body) return body.refused;
    const { fields } = body;
    try {
      const ctx = { deps, ip: req.ip, log: req.log };
      // A call without a row in the permission matrix is refused to everyone (and fails its test).
      if (!permission) return statusReply(Status.PERMISSION_ERROR);
      if (def.access === 'public') {
        const parsed = def.input.safeParse(fields);
        if (!parsed.success) return inputRefused(parsed.error, def.audience);
        return { status: 0, ...(await def.handler(parsed.data, ctx)) };
      }
      // Valid input first only for a call with a fast path (call.ts withSession); an invalid one
      // still answers 5 or 21 before 13, through the ordinary path below.
      let parsed = def.withSession ? def.input.safeParse(fields) : undefined;
      if (def.withSession && parsed?.success) {
        const fast = await def.withSession(parsed.data, { uid: fields.UID, token: fields.TOKEN }, ctx);
        if (fast) return { status: 0, ...fast };
      }
      const { column, context, inScope } = await authenticateCaller(deps, fields.UID, fields.TOKEN);
      if (!permission[column]) return statusReply(Status.PERMISSION_ERROR);
      parsed ??= def.input.safeParse(fields);
      if (!parsed.success) return inputRefused(parsed.error, def.audience);
      await inScope(spec, parsed.data);
      return { status: 0, ...(await def.handler(parsed.data, { ...ctx, ...context })) };
    } catch (err) {
      return refusalReply(err, req, reply, def.path);
    }
  };
  // A call that carries files (the console's news, base64) names a larger body limit than every other call's.
  const { bodyLimit } = spec;
  app.post(`/API${def.path}`, { ...(bodyLimit !== undefined && { bodyLimit }) }, async (req, reply) => noteCallStatus(req, await run(req, reply)));
  refuseOtherMethods(app, def.path);
}
