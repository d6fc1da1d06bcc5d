import { CONSOLE_LIVE_PATH, LiveClose, type ConsoleLiveMessage } from '@moneybox/contract';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { StatusRefusal } from '../domain/status-refusal.js';
import type { Deps } from '../services/deps.js';
import { authenticateConsole } from './authenticate.js';
import { ownersOf, scopeOwner } from '../services/console/scope.js';
import type { LiveBatch } from '../bus/server-bus.js';
import { platformAccountRepository } from '../repositories/platform-account.repository.js';

const PING_MS = 30_000;
/** A socket hears `stores` at most this often, however busy its stores are. */
const STORES_EVERY_MS = 1_000;

/** A signed-in console socket: whose stores it hears (its account's scope owner) and its `stores` throttle. */
interface ConsoleClient {
  owner: 'all' | number;
  /** The platform account and console session it signed in with: closed once that session ends. */
  account: number;
  session: number;
  lastStoresAt: number;
  pending: NodeJS.Timeout | undefined;
}
/** A socket that has not sent its session this soon is closed. */
const HELLO_MS = 10_000;

/**
 * The console's live socket (contract live.ts CONSOLE_LIVE_PATH): the first message is the console
 * session, checked with the console calls' own rule; then each `{kind:'alerts'}` bus event (from any
 * server) is pushed as `{type:'alerts'}`, and each live batch (live/live-changes.ts: money, machines,
 * a shift, a console action) touching a store of the socket's scope as `{type:'stores'}`, at most once
 * a second. It carries no data: the count and lists come through the calls, scoped to the account.
 * The scope is checked per batch against the stores' bindings of that moment (one query per batch,
 * only while a scoped account listens), so a store bound to a distributor or moved away after the
 * hello, by any server or the CLI, is heard or no longer heard at once; the console's move of a
 * store names the distributor it left (`formerOwners`), whose socket hears that batch too.
 * A `{kind:'consoleSessions'}` bus event (an account disabled, removed, given a new password) closes
 * that account's sockets whose session no longer passes, with SESSION_ENDED, on every server.
 */
export function registerConsoleLive(app: FastifyInstance, deps: Deps): void {
  const clients = new Map<WebSocket, ConsoleClient>();
  const storesText = JSON.stringify({ type: 'stores' } satisfies ConsoleLiveMessage);
  const sendStores = (socket: WebSocket, c: ConsoleClient) => {
    c.pending = undefined;
    c.lastStoresAt = Date.now();
    if (socket.readyState === socket.OPEN) socket.send(storesText);
  };
  const storesMoved = (socket: WebSocket, c: ConsoleClient) => {
    if (c.pending) return;
    const wait = c.lastStoresAt + STORES_EVERY_MS - Date.now();
    if (wait <= 0) sendStores(socket, c);
    else c.pending = setTimeout(() => sendStores(socket, c), wait).unref();
  };
  const unsubscribe = deps.bus?.subscribe((e) => {
    if (e.kind === 'resync') {
      // Alerts and stores notified while this server's bus was not listening are lost: every console refetches both.
      const text = JSON.stringify({ type: 'alerts' } satisfies ConsoleLiveMessage);
      for (const [socket, c] of clients) {
        if (socket.readyState === socket.OPEN) socket.send(text);
        storesMoved(socket, c);
      }
    } else if (e.kind === 'alerts') {
      const text = JSON.stringify({ type: 'alerts' } satisfies ConsoleLiveMessage);
      for (const socket of clients.keys()) if (socket.readyState === socket.OPEN) socket.send(text);
    } else if (e.kind === 'live') {
      storesOfBatches(e.batches).catch((err: unknown) => app.log.error({ err }, 'console live: scope check failed'));
    } else if (e.kind === 'consoleSessions') {
      closeEnded(e.account).catch((err: unknown) => app.log.error({ err }, 'console live: session check failed'));
    }
  });
  const storesOfBatches = async (batches: LiveBatch[]) => {
    const scoped = [...clients.values()].some((c) => c.owner !== 'all');
    const owners = scoped ? await ownersOf(deps.handle.db, batches.map((b) => b.store)) : new Set<number>();
    // A store moved away is heard once more by the owner it left, so its screen drops it at once.
    for (const b of batches) for (const id of b.formerOwners ?? []) owners.add(id);
    for (const [socket, c] of clients) if (c.owner === 'all' || owners.has(c.owner)) storesMoved(socket, c);
  };
  const closeEnded = async (account: number) => {
    const mine = [...clients].filter(([, c]) => c.account === account);
    if (mine.length === 0) return;
    const open = await platformAccountRepository.openSessions(deps.handle.db, mine.map(([, c]) => c.session));
    for (const [socket, c] of mine) if (!open.has(c.session)) socket.close(LiveClose.SESSION_ENDED, 'session ended');
  };
  const answered = new WeakSet<WebSocket>();
  const ping = setInterval(() => {
    for (const c of clients.keys()) {
      if (!answered.has(c)) {
        c.terminate();
        continue;
      }
      answered.delete(c);
      c.ping();
    }
  }, PING_MS);
  ping.unref();
  app.addHook('preClose', async () => {
    clearInterval(ping);
    unsubscribe?.();
    for (const [socket, c] of clients) {
      clearTimeout(c.pending);
      socket.close(LiveClose.SHUTTING_DOWN, 'server shutting down');
    }
  });

  app.get(CONSOLE_LIVE_PATH, { websocket: true }, (socket, req) => {
    socket.on('error', () => undefined);
    const hello = setTimeout(() => socket.close(LiveClose.SESSION_ENDED, 'no session'), HELLO_MS);
    socket.once('message', (data: Buffer) => {
      clearTimeout(hello);
      let auth: { UID?: unknown; TOKEN?: unknown } = {};
      try {
        auth = JSON.parse(data.toString()) as typeof auth;
      } catch {
        // an unreadable hello is no session
      }
      authenticateConsole(deps, auth.UID, auth.TOKEN)
        .then((actor) => {
          if (socket.readyState !== socket.OPEN) return;
          clients.set(socket, { owner: scopeOwner(actor), account: actor.accountId, session: actor.sessionId, lastStoresAt: 0, pending: undefined });
          answered.add(socket);
          socket.on('close', () => {
            clearTimeout(clients.get(socket)?.pending);
            clients.delete(socket);
          });
          socket.on('pong', () => answered.add(socket));
          socket.send(JSON.stringify({ type: 'hello' } satisfies ConsoleLiveMessage));
        })
        .catch((err: unknown) => {
          if (!(err instanceof StatusRefusal)) req.log.error({ err }, 'console live socket failed');
          socket.close(LiveClose.SESSION_ENDED, 'session ended');
        });
    });
  });
}
