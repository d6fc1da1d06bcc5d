import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/database.js';
import { migrationNames } from '../db/migrate.js';
import { migrationRepository } from '../repositories/migration.repository.js';

type Readiness = { ok: true } | { ok: false; error: string };

/** Reachable and on exactly this release's migrations (a newer database is as unready as an older one). */
/** A database that has not answered by then is as good as unreachable to a probe. */
const READY_TIMEOUT_MS = 2000;

export async function readiness(handle: DatabaseHandle): Promise<Readiness> {
  let applied: string[];
  let timer: NodeJS.Timeout | undefined;
  try {
    applied = await Promise.race([
      migrationRepository.appliedNames(handle.db),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS))),
    ]);
  } catch {
    return { ok: false, error: 'database unreachable' };
  } finally {
    clearTimeout(timer);
  }
  const missing = migrationNames.filter((n) => !applied.includes(n));
  if (missing.length) return { ok: false, error: `migrations pending: ${missing.join(', ')}` };
  const unknown = applied.filter((n) => !migrationNames.includes(n));
  if (unknown.length) return { ok: false, error: `database is from a newer release: ${unknown.join(', ')}` };
  return { ok: true };
}

/**
 * GET /healthz: the process is up and serving (liveness; no database work, so a slow database
 * does not get a healthy process restarted). GET /readyz: the database answers and its migrations
 * are this release's; 503 otherwise, and 503 while the server shuts down (Fastify answers 503 once
 * close() began), so a load balancer takes the server out before it stops.
 * Both sit outside the spec's /API envelope: plain HTTP status codes, for probes.
 */
export function registerHealth(app: FastifyInstance, handle: DatabaseHandle): void {
  app.get('/healthz', async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
    return { ok: true };
  });
  app.get('/readyz', async (_req, reply) => {
    const r = await readiness(handle);
    void reply.header('cache-control', 'no-store').code(r.ok ? 200 : 503);
    return { ...r, database: handle.dialect };
  });
}
