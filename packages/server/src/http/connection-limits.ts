import type { Server } from 'node:net';
import type { Settings } from '../settings.js';

type Limits = Pick<Settings, 'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs'>;

/**
 * Fastify's options for slow clients (issue 25: with no request timeout, connections dribbling a body
 * stayed open for good and ~1,100 of them took every descriptor). Node checks the header and request
 * timeouts every `connectionsCheckingInterval` (30 s by default): once a second cuts a slow client
 * within about a second of its timeout. Upgraded sockets (terminals, the live socket) leave Node's
 * HTTP parser, so none of these timeouts applies to them: their heartbeats and pings keep them.
 */
export function slowClientOptions(limits: Limits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs),
    },
  };
}

/**
 * At most `max` open connections from one TCP peer address; the next ones are closed as they arrive,
 * so one address cannot take every descriptor while its connections wait for their timeouts. Refusals
 * are logged at most once a minute per address (each one would flood the log).
 */
export function capConnectionsPerAddress(server: Server, max: number, warn: (address: string) => void): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  const warnedAt = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = open.get(address) ?? 0;
    if (count >= max) {
      const now = Date.now();
      if (now - (warnedAt.get(address) ?? 0) >= WARN_EVERY_MS) {
        warnedAt.set(address, now);
        warn(address);
      }
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else {
        open.delete(address);
        warnedAt.delete(address);
      }
    });
  });
}

const WARN_EVERY_MS = 60_000;
