import websocket from '@fastify/websocket';
import { TERMINAL_PATH, TerminalClose } from '@moneybox/contract';
import type { FastifyInstance } from 'fastify';
import type { BusEvent } from '../bus/server-bus.js';
import type { Deps } from '../services/deps.js';
import { isoAgo } from '../clock.js';
import { machineRepository } from '../repositories/machine.repository.js';
import { TerminalConnection, type Hub } from './connection.js';

/** Largest message a terminal may send; a round is a few hundred bytes. */
const MAX_MESSAGE_BYTES = 16 * 1024;

/**
 * The terminal adapter: the WebSocket endpoint on the server's own port, the live connections of
 * this process by machine, and the bus events (kick, release, rename) delivered to them. Heartbeats
 * are written to the database in batches (one UPDATE every few seconds for all terminals heard), so
 * "connected" is shared by every server process and goes stale when a server dies.
 */
export async function registerTerminals(app: FastifyInstance, deps: Deps): Promise<{ connections(): number }> {
  const live = new Map<number, TerminalConnection>();
  let heard = new Set<number>();
  const log = app.log;

  const flush = async () => {
    const ids = [...heard];
    heard = new Set();
    try {
      await machineRepository.markSeen(deps.handle.db, ids, new Date().toISOString());
    } catch (err) {
      log.error({ err }, 'terminal heartbeat flush failed');
    }
  };

  const hub: Hub = {
    register(c) {
      const id = c.machine!.id;
      const previous = live.get(id);
      if (previous && previous !== c) previous.close(TerminalClose.REPLACED, 'replaced by a newer connection');
      live.set(id, c);
    },
    unregister(c) {
      const id = c.machine?.id;
      if (id === undefined || live.get(id) !== c) return;
      live.delete(id);
      heard.delete(id);
      machineRepository
        .markDisconnected(deps.handle.db, id, new Date().toISOString())
        .then(() => hub.changed(c, null))
        .catch((err: unknown) => log.error({ err }, 'terminal disconnect write failed'));
    },
    seen(id) {
      heard.add(id);
    },
    changed(c, customerId) {
      const m = c.machine;
      if (m) deps.live?.note(m.storeId, { machines: [m.id], customers: customerId === null ? [] : [customerId] });
    },
  };

  const onEvent = (e: BusEvent) => {
    if (e.kind === 'live' || e.kind === 'alerts' || e.kind === 'consoleSessions' || e.kind === 'resync') return;
    const c = live.get(e.machineRowId);
    if (!c) return;
    switch (e.kind) {
      case 'kick':
        if (c.seated === e.customerId) c.seated = null;
        c.send({ type: 'kicked', customer_id: e.customerId });
        return;
      case 'rename':
        if (c.machine) c.machine.name = e.name;
        c.send({ type: 'renamed', name: e.name });
        return;
      case 'release':
        c.close(TerminalClose.RELEASED, 'released by the store: enrol again');
        return;
    }
  };
  const unsubscribe = deps.bus?.subscribe(onEvent);

  // A machine whose last heartbeat write just fell out of the connected window (3 periods) turned
  // disconnected on every screen, even if the server holding it died: the screens are told.
  const noteStale = async (now: number) => {
    const stale = await machineRepository.wentStale(deps.handle.db, isoAgo(4 * heartbeatMs, now), isoAgo(3 * heartbeatMs, now));
    for (const m of stale) deps.live?.note(m.store_id, { machines: [m.id] });
  };

  // Every heartbeat period: write who was heard, close who fell silent, tell the screens who went stale.
  const heartbeatMs = deps.settings.terminalHeartbeatMs;
  const timer = setInterval(() => {
    const now = Date.now();
    const silentBefore = now - 3 * heartbeatMs;
    for (const c of live.values()) if (c.lastHeardAt < silentBefore) c.close(TerminalClose.SILENT, 'no heartbeat');
    void flush();
    noteStale(now).catch((err: unknown) => log.error({ err }, 'terminal staleness check failed'));
  }, heartbeatMs);
  timer.unref();

  // Before the websocket plugin's own preClose (which closes sockets without a code): terminals
  // are told the server is shutting down (4007) and reconnect elsewhere.
  app.addHook('preClose', async () => {
    clearInterval(timer);
    unsubscribe?.();
    for (const c of [...live.values()]) c.close(TerminalClose.SHUTTING_DOWN, 'server shutting down');
    await flush();
  });

  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  app.get(TERMINAL_PATH, { websocket: true }, (socket, req) => {
    // The upgrade request's logger: its reqId is the connection id on every line of this terminal.
    new TerminalConnection(socket, deps, hub, req.log);
  });

  return { connections: () => live.size };
}
