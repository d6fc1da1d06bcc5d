import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabaseHandle } from '../db/database.js';
import type { ReportReplica } from './report-replica.js';
import { shiftRepository } from '../repositories/shift.repository.js';
import { moneyRegistry } from './money-metrics.js';

/** Node's own metrics (heap, event loop lag, GC, file descriptors), once per process. */
const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry, prefix: 'moneybox_' });

/** The /API reply's `status` of a request, for the request metrics' `status` label. */
const callStatus = new WeakMap<FastifyRequest, number>();

export function noteCallStatus<R extends { status: number }>(req: FastifyRequest, reply: R): R {
  callStatus.set(req, reply.status);
  return reply;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Who may read /metrics: with METRICS_TOKEN set, whoever sends `Authorization: Bearer <token>`;
 * without it (and also with it) a direct loopback connection: the socket's peer is this host and
 * no proxy header says it is forwarding someone else's request (a reverse proxy on the same host
 * adds X-Forwarded-For, so the internet never reaches /metrics through it).
 */
function mayReadMetrics(req: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const given = Buffer.from(String(req.headers.authorization ?? ''));
    const want = Buffer.from(`Bearer ${token}`);
    if (given.length === want.length && timingSafeEqual(given, want)) return true;
  }
  const peer = req.socket.remoteAddress ?? '';
  return LOOPBACK.has(peer) && req.headers['x-forwarded-for'] === undefined && req.headers.forwarded === undefined && req.headers['x-real-ip'] === undefined;
}

interface MetricsSources {
  handle: DatabaseHandle;
  /** The report replica, when REPLICA_DATABASE_URL is set. */
  replica?: ReportReplica | undefined;
  terminals(): number;
  /** Signed-in browsers' live sockets (http/live-hub.ts). */
  liveClients(): number;
  token: string | undefined;
}

/** Request metrics for every route, the app's gauges, and GET /metrics (Prometheus text format). */
export function registerMetrics(app: FastifyInstance, src: MetricsSources): void {
  const registry = new Registry();
  const labelNames = ['call', 'code', 'status'] as const;
  const requests = new Counter({ name: 'moneybox_http_requests_total', help: 'HTTP requests by route (the /API call), HTTP code and reply status', labelNames, registers: [registry] });
  const latency = new Histogram({
    name: 'moneybox_http_request_duration_seconds',
    help: 'Time from request to reply, by route, HTTP code and reply status',
    labelNames,
    buckets: [0.001, 0.002, 0.005, 0.01, 0.015, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', async (req: FastifyRequest, reply: FastifyReply) => {
    // Unknown URLs share one label, so a scanner cannot blow up the series count.
    const labels = { call: req.routeOptions.url ?? 'unmatched', code: String(reply.statusCode), status: String(callStatus.get(req) ?? '') };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'moneybox_open_shifts',
    help: 'Shifts open now (every store)',
    registers: [registry],
    async collect() {
      this.set(await shiftRepository.countOpenEverywhere(src.handle.db));
    },
  });
  new Gauge({
    name: 'moneybox_terminals_connected',
    help: 'Terminal WebSockets connected to this server process',
    registers: [registry],
    collect() {
      this.set(src.terminals());
    },
  });
  new Gauge({
    name: 'moneybox_live_sockets',
    help: 'Signed-in browsers listening for live updates on this server process (/API/live)',
    registers: [registry],
    collect() {
      this.set(src.liveClients());
    },
  });
  const pool = src.handle.pgPool;
  if (pool) {
    // SQLite has one connection and no pool: these series exist only on PostgreSQL.
    new Gauge({
      name: 'moneybox_db_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  const replica = src.replica;
  if (replica) {
    new Gauge({
      name: 'moneybox_replica_lag_seconds',
      help: 'How far the report replica is behind the primary (-1: unknown, it does not answer or is not a standby)',
      registers: [registry],
      collect() {
        this.set(replica.lagSeconds() ?? -1);
      },
    });
    new Gauge({
      name: 'moneybox_replica_serving_reports',
      help: 'Whether reports read the replica now (1) or the primary, the replica being behind its bound or not answering (0)',
      registers: [registry],
      collect() {
        this.set(replica.forReports() ? 1 : 0);
      },
    });
  }

  const all = Registry.merge([registry, moneyRegistry, processRegistry]);
  app.get('/metrics', async (req, reply) => {
    if (!mayReadMetrics(req, src.token)) return reply.code(403).send({ error: 'metrics are for this host or a METRICS_TOKEN bearer' });
    void reply.header('content-type', all.contentType).header('cache-control', 'no-store');
    return all.metrics();
  });
}
