/**
 * Fuzzing the terminal protocol (issue 12): hostile WebSocket messages from an authenticated game
 * machine and reload kiosk, generated from the contract's terminal message schemas
 * (testing/hostile.ts), plus broken frames. The server either acknowledges a command, refuses it
 * (ack ok: false), or closes the connection as malformed (4000; 1007 for bytes that are not UTF-8, 1009 for a frame over the size
 * limit): never "server error" (4007 while
 * the server is not shutting down), never a message that is not a JSON object with a type, never
 * internal text; and nothing refused changes the ledger, balances or used keys.
 *
 * After each fuzzed frame the terminal resends its first command (seq 1): the server answers a
 * resend with the stored ack, changing nothing, so that ack marks the end of the frame's answers.
 */
import fc from 'fast-check';
import { TerminalClose, terminalMessage } from '@moneybox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TerminalSocket, type TerminalCredentials } from '../packages/server/src/simulator/terminal-socket.js';
import { newCustomer, openCounter } from '../packages/server/src/testing/customer-kit.js';
import { body, inputSchema, payload } from '../packages/server/src/testing/hostile.js';
import { fingerprint } from '../packages/server/src/testing/money-load.js';
import { startTestServer, type TestServer } from '../packages/server/src/testing/server.js';
import { bossSession, enrolTerminal } from '../packages/server/src/testing/terminal-kit.js';
import { sampled } from './sample.js';

const int = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d);
const RUNS = int(process.env.FUZZ_TERMINAL_RUNS, sampled(1000, 300));
const SEED = int(process.env.FUZZ_SEED, Date.now() % 1_000_000);
/** Probe seqs count up from here: far beyond any seq the run reaches, below the protocol's 2^31 - 1. */
const PROBE_SEQ = 2_000_000_000;
const INTERNAL = /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\.js:\d+|SqliteError|SQLITE_|duplicate key|violates|relation "|TypeError|ReferenceError|Cannot read prop|kysely/i;

describe.each(['sqlite', 'postgres'] as const)('fuzzing the terminal protocol on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(dialect);
  });
  afterAll(async () => {
    await s?.close();
  });

  it(`${RUNS / 2} hostile terminal messages: acknowledged, refused or closed as malformed; no server error, no change from a refusal`, async () => {
    const counter = await openCounter(s, 1000);
    const customer = await newCustomer(s, counter);
    await s.call('/customer/purchase', { ...counter, id: customer.id, key: await s.key(), amount: 50 });
    const boss = await bossSession(s);
    const terminals: Array<{ credentials: TerminalCredentials; socket: TerminalSocket; seen: unknown[]; nextSeq: number }> = [];
    for (const kind of ['game', 'reload_kiosk'] as const) {
      const t = await enrolTerminal(s, boss, kind);
      // seq 1: a command refused or not, stored with its ack; resending it is the probe.
      await t.socket.command({ type: 'logout', seq: 1 });
      terminals.push({ credentials: t.credentials, socket: t.socket, seen: [], nextSeq: 2 });
    }
    const listen = (t: (typeof terminals)[number]) => (t.socket.onMessage = (m) => void t.seen.push(m));
    terminals.forEach(listen);

    const values = { mobile_id: [customer.mobile_id], pin: [customer.pin] };
    const variants = terminalMessage.options.map((o) => inputSchema(o));
    // Most commands carry the terminal's next seq (filled in when sent), so they reach the rules behind the seq check.
    const frame = fc.tuple(fc.nat(terminals.length - 1), fc.constantFrom(...variants), fc.boolean()).chain(([which, schema, nextSeq]) =>
      payload(schema, { ids: [1, 2, 1001, customer.id], values }).chain((p) => body(nextSeq && typeof p.seq === 'number' ? { ...p, seq: -1 } : p).map((bytes) => ({ which, bytes }))),
    );

    let closes = 0;
    let probes = 0;
    await fc.assert(
      fc.asyncProperty(frame, async ({ which, bytes }) => {
        const t = terminals[which]!;
        const before = await fingerprint(s.handle.db);
        t.seen = [];
        const text = bytes.toString('latin1').replace('"seq":-1', `"seq":${t.nextSeq}`);
        t.socket.ws.send(Buffer.from(text, 'latin1'), { binary: false });
        // The probe: a command far ahead of the sequence, answered seq_gap without any change and with its
        // own seq, after the fuzzed message (a connection's messages are handled in order). A resend of an
        // applied seq would not do: a fuzzed message with that seq gets the same ack, which a later wait
        // took for its own probe's and so looked at the books before its message was applied.
        const probe = PROBE_SEQ + ++probes;
        t.socket.send({ type: 'logout', seq: probe });
        const where = `${bytes.subarray(0, 300).toString('utf8')}`;
        // The probe's ack, or the close (which also rejects the wait for the ack).
        const outcome = await t.socket.ack(probe).then(
          () => 'answered' as const,
          () => t.socket.closed,
        );
        for (const m of t.seen) {
          expect(m !== null && typeof m === 'object' && typeof (m as { type?: unknown }).type === 'string', where).toBe(true);
          expect(INTERNAL.test(JSON.stringify(m)), `${where}: internal text in ${JSON.stringify(m)}`).toBe(false);
        }
        const acks = t.seen.filter((m): m is { type: 'ack'; ok: boolean; seq: number } => (m as { type: string }).type === 'ack' && (m as { seq: number }).seq !== probe);
        // Refusals consume their seq too (all but a gap): the next command takes the next one.
        if (acks.some((a) => a.seq === t.nextSeq)) t.nextSeq++;
        if (outcome !== 'answered') {
          // 4000: malformed (the protocol's answer); 1007: not UTF-8 in a text frame; 1009: over the size limit (RFC 6455).
          expect([TerminalClose.MALFORMED, 1007, 1009], `${where}: closed ${outcome.code} ${outcome.reason}`).toContain(outcome.code);
          closes++;
          t.socket = (await TerminalSocket.connect(s.url, t.credentials)).socket;
          listen(t);
        }
        if (!acks.some((a) => a.ok)) expect(await fingerprint(s.handle.db), `${where}: a refused message changed the books`).toBe(before);
      }),
      {
        numRuns: Math.round(RUNS / 2),
        seed: SEED + (dialect === 'sqlite' ? 0 : 1),
        endOnFailure: true,
        // Found by this tier: a NUL in a mobile id was a server error (4007) on PostgreSQL.
        examples: [[{ which: 0, bytes: Buffer.from('{"type":"login","seq":-1,"mobile_id":"12\\u00003","pin":"1234"}') }]],
      },
    );
    expect(closes).toBeGreaterThan(0);
    for (const t of terminals) await t.socket.close();
    await s.verify();
  }, 180_000);
});
