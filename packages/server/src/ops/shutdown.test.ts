import { spawn } from 'node:child_process';
import path from 'node:path';
import { TerminalClose, Status } from '@moneybox/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_KIOSK, DEMO_LOGINS } from '../cli/seed/seed.js';
import { verifyLedger } from '../money/verify.js';
import { TerminalSocket } from '../simulator/terminal-socket.js';
import { dialects } from '../testing/databases.js';
import { halfSentPurchase, serverWithCounter, type Reply } from '../testing/ops-kit.js';

/** Resolves once the server process has logged `text` (the event waited for); the cap only guards a hang. */
async function logged(server: { output(): string }, text: string, capMs = 30_000): Promise<void> {
  const by = Date.now() + capMs;
  while (!server.output().includes(text)) {
    if (Date.now() > by) throw new Error(`the server never logged ${text}:\n${server.output().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(dialects)('graceful shutdown of a server process on %s', (dialect) => {
  let cleanup: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });

  it('SIGTERM: answers what is in flight (a half-received request, a burst of purchases), closes terminals, exits 0', { timeout: 60_000 }, async () => {
    const s = await serverWithCounter(dialect, { LOG_LEVEL: 'debug' });
    cleanup = s.cleanup;
    // A terminal connected to this process.
    const bossLogin = await s.call('/user/posLogin', { mode: 'viewer', ...DEMO_LOGINS.boss, kiosk_id: DEMO_KIOSK });
    const enrol = await s.call('/machine/enrolCode', { UID: bossLogin.uid, TOKEN: bossLogin.token, kind: 'game' });
    const terminal = await TerminalSocket.enrol(s.server.url, DEMO_KIOSK, enrol.code as string);

    const keys = await Promise.all(Array.from({ length: 31 }, () => s.key()));
    const slow = halfSentPurchase(s.server.url, { ...s.session, id: s.customerId, amount: 1, key: keys[30] });
    // The server has the half-sent purchase's headers (Fastify logs the request as it arrives).
    await logged(s.server, '"url":"/API/customer/purchase"');
    const burst = keys.slice(0, 30).map((key) => s.call('/customer/purchase', { ...s.session, id: s.customerId, amount: 2, key }).catch(() => null));
    process.kill(s.server.pid, 'SIGTERM');
    await logged(s.server, 'shutting down');
    // The server is closing and waits: the half-received purchase finishes after the signal.
    slow.finish();
    expect((await slow.reply).status).toBe(Status.OK);
    const answered = (await Promise.all(burst)).filter((r): r is Reply => r !== null);
    // Every answer of the burst is a success or the "closing" 503 (never a lost or half-applied call).
    for (const r of answered) expect(r.status === 0 || r.status === undefined, JSON.stringify(r)).toBe(true);
    const closed = await terminal.socket.closed;
    expect(closed.code).toBe(TerminalClose.SHUTTING_DOWN);
    // On failure, say why: the server's own log lines (shutdown failed / timed out / fatal).
    expect(await s.server.exited, s.server.output().slice(-4000)).toBe(0);

    // Every purchase answered 0 is in the ledger, nothing else is, and the balances equal the ledger.
    const handle = s.open();
    try {
      const rows = await handle.db.selectFrom('ledger').select(['amount_cents']).where('kind', '=', 'purchase').where('customer_id', '=', s.customerId).execute();
      const ok = answered.filter((r) => r.status === 0).length;
      expect(rows.filter((r) => Number(r.amount_cents) === 200).length).toBe(ok);
      expect(rows.filter((r) => Number(r.amount_cents) === 100).length).toBe(1);
      expect(await verifyLedger(handle.db)).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it('exits within SHUTDOWN_TIMEOUT_SECONDS (code 1) when a request never finishes', { timeout: 60_000 }, async () => {
    // Debug logs name each request as it arrives: the event the test waits for before the signal.
    const s = await serverWithCounter(dialect, { SHUTDOWN_TIMEOUT_SECONDS: '2', LOG_LEVEL: 'debug' });
    cleanup = s.cleanup;
    const stuck = halfSentPurchase(s.server.url, { ...s.session, id: s.customerId, amount: 1, key: await s.key() });
    stuck.reply.catch(() => undefined);
    await logged(s.server, '"url":"/API/customer/purchase"');
    const signalledAt = Date.now();
    process.kill(s.server.pid, 'SIGTERM');
    expect(await s.server.exited).toBe(1);
    // It waited the timeout (never less; how much more is the machine's load), then said why it gave up.
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(1900);
    expect(s.server.output()).toContain('shutdown timed out');
    stuck.abort();
  });
});

describe('an error no handler caught', () => {
  it('is one JSON line at level fatal, then exit 1', { timeout: 30_000 }, async () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const script = `import pino from 'pino'; import { logFatalErrors } from './packages/server/src/ops/shutdown.ts';
      logFatalErrors(pino()); setTimeout(() => Promise.reject(new Error('boom in a timer')), 10);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise((r) => child.once('close', r));
    expect(code).toBe(1);
    const line = JSON.parse(out.trim().split('\n').at(-1)!) as { level: number; msg: string; err: { message: string } };
    expect(line.level).toBe(60);
    expect(line.msg).toBe('unhandled promise rejection');
    expect(line.err.message).toBe('boom in a timer');
  });
});
