import { LIVE_PATH, LiveClose, type LiveMessage } from '@moneybox/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { BusEvent } from '../bus/server-bus.js';
import { isoAgo } from '../clock.js';
import { authenticate } from './authenticate.js';
import type { Deps } from '../services/deps.js';
import { StatusRefusal } from '../domain/status-refusal.js';
import { sessionCookies } from './session-cookies.js';
import { sessionRepository } from '../repositories/session.repository.js';

/** A WebSocket ping this often; a browser that has not answered the previous one is dropped. */
const PING_MS = 30_000;

interface LiveClient {
  socket: WebSocket;
  storeId: number;
  sessionId: number;
  answered: boolean;
}

/**
 * The live socket of signed-in web clients (GET /API/live, contract live.ts): authenticated by the
 * session cookies with the calls' own rules, then told which machines and customers of ITS store
 * changed (the bus's 'live' events, from whichever server process noted them). It carries ids only;
 * the screens refetch through their calls. Sessions are re-checked in one query every
 * `liveSessionCheckMs`: logged out, replaced by a newer login, idle-expired or disabled closes the
 * socket with 4005, status 5's meaning.
 */
export function registerLive(app: FastifyInstance, deps: Deps): { clients(): number } {
  const byStore = new Map<number, Set<LiveClient>>();
  let count = 0;

  const add = (c: LiveClient) => {
    let set = byStore.get(c.storeId);
    if (!set) byStore.set(c.storeId, (set = new Set()));
    set.add(c);
    count++;
  };
  const remove = (c: LiveClient) => {
    const set = byStore.get(c.storeId);
    if (!set?.delete(c)) return;
    count--;
    if (set.size === 0) byStore.delete(c.storeId);
  };
  const send = (socket: WebSocket, m: LiveMessage | string) => {
    if (socket.readyState === socket.OPEN) socket.send(typeof m === 'string' ? m : JSON.stringify(m));
  };

  const onEvent = (e: BusEvent) => {
    if (e.kind === 'resync') {
      // Changes notified while this server's bus was not listening are lost: every screen refetches.
      const text = JSON.stringify({ type: 'changed', machines: 'all', customers: 'all' } satisfies LiveMessage);
      for (const set of byStore.values()) for (const c of set) send(c.socket, text);
      return;
    }
    if (e.kind !== 'live') return;
    for (const b of e.batches) {
      const set = byStore.get(b.store);
      // A store's own state alone (a shift, credit, frozen: no machine or customer) is the console's news, not the store screens'.
      if (!set || (b.machines.length === 0 && b.customers.length === 0)) continue;
      const text = JSON.stringify({ type: 'changed', machines: b.machines, customers: b.customers } satisfies LiveMessage);
      for (const c of set) send(c.socket, text);
    }
  };
  const unsubscribe = deps.bus?.subscribe(onEvent);

  const checkSessions = async () => {
    const clients = [...byStore.values()].flatMap((s) => [...s]);
    if (clients.length === 0) return;
    const rows = await sessionRepository.liveStates(deps.handle.db, [...new Set(clients.map((c) => c.sessionId))]);
    const idleBefore = isoAgo(deps.settings.sessionIdleMs);
    const ok = new Set(rows.filter((r) => r.revoked_at === null && r.disabled === 0 && r.removed === 0 && r.last_seen_at >= idleBefore).map((r) => r.id));
    for (const c of clients) if (!ok.has(c.sessionId)) c.socket.close(LiveClose.SESSION_ENDED, 'session ended');
  };
  const sessionTimer = setInterval(() => {
    checkSessions().catch((err: unknown) => app.log.error({ err }, 'live session check failed'));
  }, deps.settings.liveSessionCheckMs);
  sessionTimer.unref();

  const pingTimer = setInterval(() => {
    for (const set of byStore.values())
      for (const c of set) {
        if (!c.answered) {
          c.socket.terminate();
          continue;
        }
        c.answered = false;
        c.socket.ping();
      }
  }, PING_MS);
  pingTimer.unref();

  app.addHook('preClose', async () => {
    clearInterval(sessionTimer);
    clearInterval(pingTimer);
    unsubscribe?.();
    for (const set of byStore.values()) for (const c of set) c.socket.close(LiveClose.SHUTTING_DOWN, 'server shutting down');
  });

  const open = async (socket: WebSocket, req: FastifyRequest) => {
    // Cookies ride along with any page's WebSocket: only pages of this server's origin may listen.
    if (!sameOrigin(req)) return socket.close(LiveClose.FORBIDDEN_ORIGIN, 'cross-origin');
    const { uid, token } = sessionCookies(req.headers.cookie);
    let caller;
    try {
      caller = await authenticate(deps, uid, token);
    } catch (err) {
      if (err instanceof StatusRefusal) return socket.close(LiveClose.SESSION_ENDED, 'session ended');
      throw err;
    }
    if (socket.readyState !== socket.OPEN) return;
    const c: LiveClient = { socket, storeId: caller.storeId, sessionId: caller.sessionId, answered: true };
    add(c);
    socket.on('close', () => remove(c));
    socket.on('pong', () => void (c.answered = true));
    send(socket, { type: 'hello', kiosk_id: caller.storeId });
  };

  app.get(LIVE_PATH, { websocket: true }, (socket, req) => {
    // The client has nothing to say on this socket.
    socket.on('message', () => undefined);
    socket.on('error', () => undefined);
    open(socket, req).catch((err: unknown) => {
      req.log.error({ err }, 'live socket failed');
      socket.close(1011, 'server error');
    });
  });

  return { clients: () => count };
}

/** No Origin (not a browser) or the page's host is the one the request was sent to. */
function sameOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    return new URL(origin).host === String(req.headers['x-forwarded-host'] ?? req.headers.host);
  } catch {
    return false;
  }
}
