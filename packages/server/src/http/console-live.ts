import { CONSOLE_LIVE_PATH, LiveClose, type ConsoleLiveMessage } from '@moneybox/contract';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { StatusRefusal } from '../domain/status-refusal.js';
import type { Deps } from '../services/deps.js';
import { authenticateConsole } from './console-authenticate.js';

const PING_MS = 30_000;
/** A socket that has not sent its session this soon is closed. */
const HELLO_MS = 10_000;

/**
 * The console's live socket (contract live.ts CONSOLE_LIVE_PATH): the first message is the console
 * session, checked with the console calls' own rule; then each `{kind:'alerts'}` bus event (from any
 * server) is pushed as `{type:'alerts'}`. It carries no data: the count and list come through the
 * calls, scoped to the account.
 */
export function registerConsoleLive(app: FastifyInstance, deps: Deps): void {
  const clients = new Set<WebSocket>();
  const unsubscribe = deps.bus?.subscribe((e) => {
    if (e.kind !== 'alerts') return;
    const text = JSON.stringify({ type: 'alerts' } satisfies ConsoleLiveMessage);
    for (const c of clients) if (c.readyState === c.OPEN) c.send(text);
  });
  const answered = new WeakSet<WebSocket>();
  const ping = setInterval(() => {
    for (const c of clients) {
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
    for (const c of clients) c.close(LiveClose.SHUTTING_DOWN, 'server shutting down');
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
        .then(() => {
          if (socket.readyState !== socket.OPEN) return;
          clients.add(socket);
          answered.add(socket);
          socket.on('close', () => clients.delete(socket));
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
