import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { Status } from '@moneybox/contract';
import { allCalls } from './api/index.js';
import { readMaintenance } from '../services/config/maintenance.js';
import { platformRepository } from '../repositories/platform.repository.js';
import type { Deps } from './call.js';
import { INVALID_BODY, registerCall, statusReply } from './envelope.js';
import { INVALID_TEXT, refuseBadText } from '../domain/json-text.js';
import { openApiDocument } from './openapi.js';
import { openTerminalBus } from '../bus/terminal-bus.js';
import { LiveChanges } from '../live/live-changes.js';
import { registerLive } from './live-hub.js';
import { registerTerminals } from '../terminal/hub.js';
import { loggerOptions, requestId } from '../ops/logging.js';
import { registerHealth } from '../ops/health.js';
import { registerMetrics } from '../ops/metrics.js';
import { endKeepAliveWhenClosing } from '../ops/shutdown.js';
import { registerBulletinFiles } from './api/bulletin/file.route.js';
import { startDailyTotals } from '../services/report/daily-totals.js';

/** Request bodies above this answer 13; no call needs more than a few kilobytes. */
const BODY_LIMIT = 64 * 1024;

export interface AppOptions {
  /** false: no logging (tests); an object: pino options over the server's (ops/logging.ts), e.g. a stream. */
  logger?: boolean | object;
}

export async function buildApp(deps: Deps, opts: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : loggerOptions(deps.settings.logLevel, typeof opts.logger === 'object' ? opts.logger : {}),
    genReqId: requestId,
    bodyLimit: BODY_LIMIT,
    trustProxy: process.env.TRUST_PROXY === '1',
  });

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
  // with no status, which the client answers by fetching /config/maintain.
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/API/') || req.url.startsWith('/API/config/maintain') || req.url.startsWith('/API/config/domain.json')) return;
    const m = await readMaintenance(deps.handle.db);
    if (m.on) return reply.code(503).send({ e: 'maintenance', msg: m.msg });
  });

  app.get('/API/config/domain.json', async (_req, reply) => {
    const rows = await platformRepository.domainLayouts(deps.handle.db);
    void reply.header('cache-control', 'no-cache');
    return Object.fromEntries(rows.map((r) => [r.host, r.layout]));
  });

  // Terminals (docs/TERMINAL.md): the bus reaches them on whichever server they are connected to.
  if (!deps.bus) {
    const bus = openTerminalBus(deps.handle, (err) => app.log.error({ err }, 'terminal bus'));
    deps.bus = bus;
    app.addHook('onClose', () => bus.close());
  }
  if (!deps.live) {
    const bus = deps.bus;
    const live = new LiveChanges((e) => bus.publish(e), (err) => app.log.error({ err }, 'live changes'));
    deps.live = live;
    app.addHook('preClose', () => live.close());
  }
  const terminals = await registerTerminals(app, deps);
  // Signed-in web clients hear what changed in their store (http/live-hub.ts); after the terminals, which register the WebSocket plugin.
  const live = registerLive(app, deps);
  registerMetrics(app, { handle: deps.handle, terminals: terminals.connections, liveClients: live.clients, token: deps.settings.metricsToken });

  // Reports' daily totals follow the ledger in the background, outside the money transactions (services/report/daily-totals.ts).
  if (deps.settings.reportRefreshMs > 0) {
    const stopDailyTotals = startDailyTotals(deps.handle, (err) => app.log.error({ err }, 'report daily totals'), deps.settings.reportRefreshMs);
    app.addHook('onClose', () => stopDailyTotals());
  }

  for (const call of allCalls) registerCall(app, deps, call);
  registerBulletinFiles(app, deps);

  const openApi = openApiDocument();
  app.get('/API/openapi.json', async () => openApi);

  registerHealth(app, deps.handle);

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

  return app;
}
