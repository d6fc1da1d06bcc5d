// Terminals for tests: a boss's enrolment code through the API, a real WebSocket terminal.
import { cents } from '@moneybox/contract';
import { demoTerminalKey } from '../auth/terminal-key.js';
import { DEMO_KIOSK, DEMO_LOGINS } from '../cli/seed/seed.js';
import { createStore } from '../services/operator/operator.service.js';
import { TerminalSocket, type TerminalCredentials } from '../simulator/terminal-socket.js';
import type { Session, TestServer } from './server.js';
import { SEED } from '../services/audit/audit.js';

export async function bossSession(s: TestServer): Promise<Session> {
  const r = await s.login(DEMO_LOGINS.boss, 'viewer');
  return { UID: r.UID, TOKEN: r.TOKEN };
}

export async function enrolCode(s: TestServer, boss: Session, body: Record<string, unknown> = {}): Promise<{ code: string; machine_id: number }> {
  const r = await s.call('/machine/enrolCode', { ...boss, ...body });
  if (r.status !== 0) throw new Error(`enrolCode: ${JSON.stringify(r)}`);
  return r as unknown as { code: string; machine_id: number };
}

/** A newly enrolled, connected terminal of the demo store. */
export async function enrolTerminal(s: TestServer, boss: Session, kind: 'game' | 'reload_kiosk' | 'reloader' | 'online' = 'game') {
  const { code, machine_id } = await enrolCode(s, boss, { kind });
  const t = await TerminalSocket.enrol(s.url, DEMO_KIOSK, code);
  return { ...t, name: machine_id };
}

/** A seeded demo machine (auth/terminal-key.ts demoTerminalKey), connected. */
export async function demoTerminal(s: TestServer, name: number) {
  const row = await s.handle.db.selectFrom('machine').select('id').where('store_id', '=', DEMO_KIOSK).where('machine_id', '=', name).where('removed', '=', 0).executeTakeFirstOrThrow();
  const credentials: TerminalCredentials = { kioskId: DEMO_KIOSK, terminalId: row.id, privateKey: demoTerminalKey(DEMO_KIOSK, name).privateKey };
  return { ...(await TerminalSocket.connect(s.url, credentials)), credentials };
}

/** A second store, for the isolation checks. */
export async function otherStore(s: TestServer, id = 2002) {
  await createStore({ handle: s.handle }, SEED, {
    id,
    name: 'Other Arcade',
    timezone: 'UTC',
    credit: cents(1_000_00),
    compsBudget: cents(0),
    maxDrawers: 2,
    maxMachines: 2,
    limitDay: 31,
    limitHourly: cents(0),
    limitDaily: cents(0),
    limitWeekly: cents(0),
    drawers: 1,
  });
  return id;
}

/** Waits until `check` passes (the Machine screen's data is eventually consistent with the sockets). */
export async function eventually(check: () => Promise<void>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/**
 * A connected terminal of the demo store for each channel a customer's money or play goes through
 * (reload kiosk, reloader, online, game machine), each command sent with that terminal's next seq.
 */
export async function everyChannel(s: TestServer) {
  const b = await bossSession(s);
  const terminals = { kiosk: await enrolTerminal(s, b, 'reload_kiosk'), reloader: await enrolTerminal(s, b, 'reloader'), online: await enrolTerminal(s, b, 'online'), game: await enrolTerminal(s, b) };
  type Terminal = (typeof terminals)['game'];
  const seqs = new Map<Terminal, number>();
  const next = (t: Terminal) => {
    seqs.set(t, (seqs.get(t) ?? 0) + 1);
    return seqs.get(t)!;
  };
  return {
    ...terminals,
    next,
    command: (t: Terminal, cmd: Record<string, unknown>) => t.socket.command({ ...cmd, seq: next(t) } as { type: string; seq: number }),
    close: async () => {
      for (const t of Object.values(terminals)) await t.socket.close();
    },
  };
}
