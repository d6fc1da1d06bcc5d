import { Writable } from 'node:stream';
import { SaType, Status } from '@moneybox/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_KIOSK, DEMO_LOGINS } from '../cli/seed/seed.js';
import { dialects } from '../testing/databases.js';
import { newCustomer, openCounter } from '../testing/customer-kit.js';
import { useTestServer } from '../testing/server.js';
import { bossSession, enrolCode } from '../testing/terminal-kit.js';
import { TerminalSocket } from '../simulator/terminal-socket.js';

/** Every JSON line the server's logger writes, at trace level (the most it can ever write). */
class Captured extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  }
  get entries(): Array<Record<string, unknown>> {
    return this.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  }
}

describe.each(dialects)('logs on %s: JSON lines with a request id, never a secret', (dialect) => {
  // A stream per database: each suite reads only what its own server logged.
  const out = new Captured();
  const s = useTestServer(dialect, { logger: { level: 'trace', stream: out } });
  /** Every secret the scenario handles; none may appear in any log line. */
  const secrets: string[] = [];

  it('drives logins, PINs, one-time keys, staff passwords and terminal enrol/auth without logging a secret', async () => {
    secrets.push(DEMO_LOGINS.cashier.password, DEMO_LOGINS.boss.password, 'Wr0ngPassw0rd');
    expect((await s.call('/user/posLogin', { mode: 'pos', username: DEMO_LOGINS.cashier.username, password: 'Wr0ngPassw0rd', kiosk_id: DEMO_KIOSK })).status).not.toBe(Status.OK);
    const boss = await bossSession(s);
    secrets.push(boss.TOKEN);
    const counter = await openCounter(s, 500);
    secrets.push(counter.TOKEN);

    // A customer's PIN at creation and at reset; a purchase with a one-time key.
    const c = await newCustomer(s, counter);
    secrets.push(c.pin);
    const key = await s.key();
    secrets.push(key);
    expect((await s.call('/customer/purchase', { ...counter, id: c.id, amount: 20, key })).status).toBe(Status.OK);
    expect((await s.call('/customer/purchase', { ...counter, id: c.id, amount: 20, key })).status).not.toBe(Status.OK); // used key
    const reset = await s.call('/customer/reset', { ...boss, id: c.id });
    expect(reset.status).toBe(Status.OK);
    secrets.push(reset.pin as string);

    // A boss creating staff with a password; a wrong token; a token in a query string.
    const bossAtDrawer = await openCounter(s, null, { saType: SaType.BOSS });
    secrets.push(bossAtDrawer.TOKEN);
    expect((await s.call('/user/create', { UID: bossAtDrawer.UID, TOKEN: bossAtDrawer.TOKEN, username: 'logcheck1', password: 'Secr3tPass99', saType: 2 })).status).toBe(Status.OK);
    secrets.push('Secr3tPass99');
    expect((await s.call('/customer/info', { UID: counter.UID, TOKEN: 'BadToken0000secret', id: c.id })).status).toBe(Status.SESSION_REPLACED);
    secrets.push('BadToken0000secret');
    await s.raw(`/API/customer/info?UID=${counter.UID}&TOKEN=${counter.TOKEN}&key=${key}`);
    // Body that is not JSON at all, carrying a password.
    await s.call('/user/posLogin', '{"password":"Half0pen99');
    secrets.push('Half0pen99');

    // A terminal: enrolment code, public key, signature of the auth, a customer's PIN on the wire.
    const { code } = await enrolCode(s, boss, { kind: 'game' });
    secrets.push(code);
    const t = await TerminalSocket.enrol(s.url, DEMO_KIOSK, code);
    await t.socket.close();
    const again = await TerminalSocket.connect(s.url, t.credentials);
    const login = await again.socket.command({ type: 'login', seq: again.welcome.last_seq + 1, mobile_id: c.mobile_id, pin: reset.pin as string });
    expect(login.ok).toBe(true);
    const wrong = await again.socket.command({ type: 'login', seq: again.welcome.last_seq + 2, mobile_id: c.mobile_id, pin: '000000' });
    expect(wrong.ok).toBe(false);
    // A malformed opening carrying a would-be code: the server closes, and logs no code.
    const bad = await TerminalSocket.open(s.url);
    bad.socket.send({ type: 'enrol', kiosk_id: DEMO_KIOSK, code: 'NOT-A-CODE-77', public_key: 'x' });
    secrets.push('NOT-A-CODE-77');
    await bad.socket.closed;
    await again.socket.close();
    await new Promise((r) => setTimeout(r, 100));

    const text = out.lines.join('\n');
    expect(out.lines.length).toBeGreaterThan(30);
    expect(text).toContain('/API/user/posLogin');
    expect(text).toContain('[redacted]'); // the TOKEN and key of the query string
    for (const secret of secrets) expect(text, `a secret in the log: ${secret}`).not.toContain(secret);
  });

  it('every line of a request carries its request id; a terminal connection its own', async () => {
    const entries = out.entries;
    const requestLines = entries.filter((e) => e.req !== undefined || e.res !== undefined);
    expect(requestLines.length).toBeGreaterThan(20);
    for (const e of requestLines) expect(typeof e.reqId).toBe('string');
    // Each incoming request has its completion under the same id.
    // (A terminal's upgrade request never "completes": its socket lives on under the same id.)
    const incoming = entries.filter((e) => e.msg === 'incoming request' && (e.req as { url: string }).url !== '/terminal').map((e) => e.reqId);
    const terminals = entries.filter((e) => e.msg === 'incoming request' && (e.req as { url: string }).url === '/terminal');
    expect(terminals.length).toBe(3);
    expect(new Set(terminals.map((e) => e.reqId)).size).toBe(3);
    // The terminal's own lines (connected, closed) carry its upgrade request's id: one id per connection.
    const connected = entries.filter((e) => e.msg === 'terminal connected');
    expect(connected.map((e) => e.opening)).toEqual(['enrol', 'auth']);
    for (const c of connected) {
      expect(terminals.map((e) => e.reqId)).toContain(c.reqId);
      const own = entries.filter((e) => e.reqId === c.reqId && e.req === undefined).map((e) => e.msg);
      expect(own).toContain('terminal connected');
      expect(own.some((m) => m === 'terminal disconnected' || m === 'terminal closed by the server')).toBe(true);
    }
    const refused = entries.find((e) => e.msg === 'terminal closed by the server' && e.terminal === undefined);
    expect(refused?.reqId).toBe(terminals[2]!.reqId);
    const completed = new Set(entries.filter((e) => e.msg === 'request completed').map((e) => e.reqId));
    expect(incoming.every((id) => completed.has(id))).toBe(true);
    expect(new Set(incoming).size).toBe(incoming.length);
  });

  it('a secret inside any logged object is written as [redacted]', async () => {
    s.app.log.warn({ input: { password: 'p4ss-inner', pin: '123456', TOKEN: 'tok-inner', key: 'k-inner' }, msg: { code: 'ENROL-CODE-9' }, signature: 'sig-top' }, 'careless line');
    const line = out.lines.find((l) => l.includes('careless line'))!;
    for (const v of ['p4ss-inner', '123456', 'tok-inner', 'k-inner', 'ENROL-CODE-9', 'sig-top']) expect(line).not.toContain(v);
    expect(line.match(/\[redacted\]/g)!.length).toBe(6);
  });
});
