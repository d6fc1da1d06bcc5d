import { registerSecurityHeaders } from './security-headers.js';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { CALLS, CALL_BODY_BYTES, CONSOLE_CALL_PREFIX, Status } from '@moneybox/contract';
import { allCalls } from './api/index.js';
import { readMaintenance } from '../services/config/maintenance.js';
import { platformRepository } from '../repositories/platform.repository.js';
import type { Deps } from './call.js';
import { capConnectionsPerAddress, slowClientOptions } from './connection-limits.js';
import { INVALID_BODY, registerCall, statusReply } from './envelope.js';
import { INVALID_TEXT, refuseBadText } from '../domain/json-text.js';
import { openApiDocument } from './openapi.js';
import { loggerOptions, requestId } from '../ops/logging.js';
import { endKeepAliveWhenClosing } from '../ops/shutdown.js';
import { registerBulletinFiles } from './api/bulletin/file.route.js';
import { registryProblems } from '../domain/call-registry.js';

/** Request bodies above this answer 13; no call needs more than a few kilobytes (the registry names the few that do). */
const BODY_LIMIT = CALL_BODY_BYTES;

export interface AppOptions {
  /** false: no logging (tests); an object: pino options over the server's (ops/logging.ts), e.g. a stream. */
  logger?: boolean | object;
}

/**
 * The HTTP server and what every request goes through (request id, body parsing, errors, the
 * maintenance switch); the app (app.ts) adds the terminals, live updates and operations, then the calls.
 */
export function createHttpServer(deps: Deps, opts: AppOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(deps.settings.logLevel, typeof opts.logger === 'object' ? opts.logger : {}),
    genReqId: requestId,
    bodyLimit: BODY_LIMIT,
    trustProxy: deps.settings.trustProxy,
    ...slowClientOptions(deps.settings),
  });
  capConnectionsPerAddress(app.server, deps.settings.maxConnectionsPerAddress, (address) =>
    app.log.warn({ address, max: deps.settings.maxConnectionsPerAddress }, 'connections from one address at the cap: new ones closed'),
  );

  registerSecurityHeaders(app, deps.settings.printerOrigins);
  // The request id of every log line of this request, handed back for the operator's grep.
  app.addHook('onRequest', async (req, reply) => {
    void reply.header('x-request-id', req.id);
  });
  endKeepAliveWhenClosing(app);

  // The spec's client sends JSON as text/plain; accept application/json and anything else alike.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text, refuseBadText));
    } catch (err) {
      done(null, err === INVALID_TEXT ? INVALID_TEXT : INVALID_BODY);
    }
  });

  app.setErrorHandler((err: { statusCode?: number; code?: string }, req, reply) => {
    const status = err.statusCode && err.statusCode < 500 ? Status.INPUT_ERROR : Status.EXECUTE_ERROR;
    if (status === Status.EXECUTE_ERROR) req.log.error({ err }, 'unhandled error');
    const error = err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'The body is too large' : undefined;
    void reply.code(200).send(statusReply(status, {}, error));
  });

  // The operator's maintenance switch: every call but the maintenance message itself answers 503
  // with no status, which the client answers by fetching /config/maintain. The platform console's
  // calls (/API/operator/) go on: the operator turns the switch off from there.
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/API/') || req.url.startsWith('/API/config/maintain') || req.url.startsWith('/API/config/domain.json') || req.url.startsWith(`/API${CONSOLE_CALL_PREFIX}`)) return;
    const m = await readMaintenance(deps.handle.db);
    if (m.on) return reply.code(503).send({ e: 'maintenance', msg: m.msg });
  });

  app.get('/API/config/domain.json', async (_req, reply) => {
    const rows = await platformRepository.domainLayouts(deps.handle.db);
    void reply.header('cache-control', 'no-cache');
    return Object.fromEntries(rows.map((r) => [r.host, r.layout]));
  });

  return app;
}

/** Every call of the registry (http/api/), the store's and the console's, the news files and the OpenAPI document. */
export function registerCalls(app: FastifyInstance, deps: Deps): void {
  const problems = registryProblems(CALLS, allCalls.map((c) => c.path));
  if (problems.length) throw new Error(`The call registry and the calls registered disagree:\n${problems.join('\n')}`);
  for (const call of allCalls) registerCall(app, deps, call);
  registerBulletinFiles(app, deps);

  const openApi = openApiDocument();
  app.get('/API/openapi.json', async () => openApi);
}

/** The built web app (packages/web/dist) and what answers a path nothing else does. */
export async function serveWeb(app: FastifyInstance, deps: Deps): Promise<void> {
  const webDist = deps.settings.webDist ?? path.resolve(import.meta.dirname, '../../../web/dist');
  const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  }

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/API')) return reply.code(200).send(statusReply(Status.URI_NOT_FOUND));
    if (hasWeb && req.method === 'GET') {
      // Client-side routes (and the app's own 404 page) are served by the single-page app.
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: 'Not found' });
  });
}
