import { CONSOLE_CALLS, CONSOLE_UPLOAD_BODY_BYTES, Status, type ConsoleCalls, type ConsolePath } from '@moneybox/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ConsoleActor } from '../domain/console-actor.js';
import { noteCallStatus } from '../ops/metrics.js';
import type { CallContext, Deps, ReplyBody } from './call.js';
import { authenticateConsole } from './console-authenticate.js';
import { bodyFields, describeIssues, refusalReply, refuseOtherMethods, statusReply } from './envelope.js';

export interface ConsoleContext extends CallContext {
  actor: ConsoleActor;
}

type ContextOf<P extends ConsolePath> = ConsoleCalls[P]['who']['anonymous'] extends true ? CallContext : ConsoleContext;

/** One console call of the contract's CONSOLE_CALLS with its handler; input and reply types are the map's. */
export interface ConsoleCallDef<P extends ConsolePath = ConsolePath> {
  readonly path: P;
  readonly handler: (input: z.output<ConsoleCalls[P]['input']>, ctx: ContextOf<P>) => Promise<ReplyBody<ConsoleCalls[P]['reply']>>;
}

const UPLOAD_PATHS: ReadonlySet<ConsolePath> = new Set(['/operator/newsPublish', '/operator/newsUpdate']);

export function defineConsoleCall<P extends ConsolePath>(path: P, handler: ConsoleCallDef<P>['handler']): ConsoleCallDef<P> {
  return { path, handler };
}

/**
 * The console's envelope: parse → authenticate a console session (5) → the platform matrix (21) →
 * validate (13) → handler. The same answers and refusals as the store's envelope (http/envelope.ts),
 * over the console's own sessions, so no store session passes here and no console session passes there.
 */
export function registerConsoleCall(app: FastifyInstance, deps: Deps, def: ConsoleCallDef): void {
  const spec = CONSOLE_CALLS[def.path];
  const handler = def.handler as (input: unknown, ctx: CallContext | ConsoleContext) => Promise<object>;
  const run = async (req: FastifyRequest, reply: FastifyReply) => {
    const body = bodyFields(req.body);
    if ('refused' in body) return body.refused;
    const { fields } = body;
    try {
      const ctx: CallContext = { deps, ip: req.ip, log: req.log };
      if (spec.who.anonymous) {
        const parsed = spec.input.safeParse(fields);
        if (!parsed.success) return statusReply(Status.INPUT_ERROR, {}, describeIssues(parsed.error));
        return { status: 0, ...(await handler(parsed.data, ctx)) };
      }
      const actor = await authenticateConsole(deps, fields.UID, fields.TOKEN);
      if (!spec.who[actor.role]) return statusReply(Status.PERMISSION_ERROR);
      const parsed = spec.input.safeParse(fields);
      if (!parsed.success) return statusReply(Status.INPUT_ERROR, {}, describeIssues(parsed.error));
      return { status: 0, ...(await handler(parsed.data, { ...ctx, actor })) };
    } catch (err) {
      return refusalReply(err, req, reply, def.path);
    }
  };
  // Publishing news carries its files (base64): those two calls take larger bodies than the 64 KiB of every other call.
  const bodyLimit = UPLOAD_PATHS.has(def.path) ? CONSOLE_UPLOAD_BODY_BYTES : undefined;
  app.post(`/API${def.path}`, { ...(bodyLimit !== undefined && { bodyLimit }) }, async (req, reply) => noteCallStatus(req, await run(req, reply)));
  refuseOtherMethods(app, def.path);
}
