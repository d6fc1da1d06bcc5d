// The web's live socket (GET /API/live) from Node, for tests and the bench: cookies as a browser sends them.
import { LIVE_PATH, type LiveMessage } from '@moneybox/contract';
import WebSocket from 'ws';
import type { Session } from './server.js';

export interface LiveSocket {
  ws: WebSocket;
  /** Every message received so far, in order. */
  received: LiveMessage[];
  /** How many messages have arrived: pass it to next() to look only at later ones. */
  mark(): number;
  /** The first message after index `after` (received or still to come) that matches, or a rejection after `timeoutMs`. */
  next(match: (m: LiveMessage) => boolean, timeoutMs?: number, after?: number): Promise<LiveMessage>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export function openLive(baseUrl: string, session: Partial<Session> | null, headers: Record<string, string> = {}): LiveSocket {
  const cookie = session ? [session.UID !== undefined ? `uid=${session.UID}` : '', session.TOKEN !== undefined ? `token=${encodeURIComponent(session.TOKEN)}` : ''].filter(Boolean).join('; ') : '';
  const ws = new WebSocket(baseUrl.replace(/^http/, 'ws') + LIVE_PATH, { headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const received: LiveMessage[] = [];
  const listeners = new Set<() => void>();
  ws.on('message', (data) => {
    received.push(JSON.parse(data.toString()) as LiveMessage);
    for (const l of listeners) l();
  });
  ws.on('error', () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  return {
    ws,
    received,
    closed,
    close: () => ws.close(),
    mark: () => received.length,
    next(match, timeoutMs = 1000, after = 0) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const m = received.slice(after).find(match);
          if (!m) return;
          done();
          resolve(m);
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no matching live message within ${timeoutMs} ms; received ${JSON.stringify(received)}`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          listeners.delete(look);
        };
        listeners.add(look);
        look();
      });
    },
  };
}

/** A 'changed' message that names this customer (or every customer). */
export const namesCustomer = (id: number) => (m: LiveMessage) => m.type === 'changed' && (m.customers === 'all' || m.customers.includes(id));
/** A 'changed' message that names this machine row (or every machine). */
export const namesMachine = (id: number) => (m: LiveMessage) => m.type === 'changed' && (m.machines === 'all' || m.machines.includes(id));
