import { TerminalClose, Status } from '@moneybox/contract';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { newKeyPair, signNonce } from '../../auth/terminal-key.js';
import { DEMO_KIOSK } from '../../cli/seed/seed.js';
import { TerminalSocket } from '../../simulator/terminal-socket.js';
import { describeOnDatabases, type Session } from '../../testing/server.js';
import { bossSession, demoTerminal, enrolCode, enrolTerminal, otherStore } from '../../testing/terminal-kit.js';

/** The protocol's doors: enrolment, authentication, and every way in that must be refused cleanly. */
describeOnDatabases('terminal protocol', (s) => {
  let boss: Session;

  beforeAll(async () => {
    boss = await bossSession(s);
  });
  afterEach(async () => {
    // The server keeps running whatever a terminal sent.
    expect((await s.call('/config/key')).status).toBe(Status.OK);
    await s.verify();
  });

  it('enrols with a one-time code, stores only the public key, and reconnects by signing a fresh nonce', async () => {
    const t = await enrolTerminal(s, boss);
    expect(t.welcome).toMatchObject({ type: 'welcome', kind: 'game', name: t.name, last_seq: 0, exchange_rate: 100, customer: null });
    const row = await s.handle.db.selectFrom('machine').selectAll().where('id', '=', t.credentials.terminalId).executeTakeFirstOrThrow();
    expect(row.public_key).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(row.store_id).toBe(DEMO_KIOSK);
    await t.socket.close();
    const again = await TerminalSocket.connect(s.url, t.credentials);
    expect(again.welcome.terminal_id).toBe(t.credentials.terminalId);
    await again.socket.close();
  });

  it('refuses a used, unknown or other-store enrolment code, and codes past the store maximum', async () => {
    const { code } = await enrolCode(s, boss);
    const first = await TerminalSocket.enrol(s.url, DEMO_KIOSK, code);
    await first.socket.close();
    const reuse = await TerminalSocket.open(s.url);
    reuse.socket.send({ type: 'enrol', kiosk_id: DEMO_KIOSK, code, public_key: newKeyPair().publicKeyB64 });
    expect(await reuse.socket.closed).toEqual({ code: TerminalClose.ENROL_REFUSED, reason: 'unknown, used or expired enrolment code' });

    const other = await otherStore(s);
    const { code: fresh } = await enrolCode(s, boss);
    const wrong = await TerminalSocket.open(s.url);
    wrong.socket.send({ type: 'enrol', kiosk_id: other, code: fresh, public_key: newKeyPair().publicKeyB64 });
    expect((await wrong.socket.closed).code).toBe(TerminalClose.WRONG_STORE);

    const badKey = await TerminalSocket.open(s.url);
    badKey.socket.send({ type: 'enrol', kiosk_id: DEMO_KIOSK, code: fresh, public_key: 'bm90IGEga2V5' });
    expect((await badKey.socket.closed).code).toBe(TerminalClose.ENROL_REFUSED);

    await s.handle.db.updateTable('store').set({ max_machines: 0 }).where('id', '=', DEMO_KIOSK).execute();
    try {
      expect(await s.call('/machine/enrolCode', { ...boss })).toMatchObject({ status: Status.EXECUTE_ERROR, reason: 'machine_limit' });
      const over = await TerminalSocket.open(s.url);
      over.socket.send({ type: 'enrol', kiosk_id: DEMO_KIOSK, code: fresh, public_key: newKeyPair().publicKeyB64 });
      expect(await over.socket.closed).toMatchObject({ code: TerminalClose.ENROL_REFUSED, reason: 'the store has its maximum number of machines' });
    } finally {
      await s.handle.db.updateTable('store').set({ max_machines: 20 }).where('id', '=', DEMO_KIOSK).execute();
    }
  });

  it('a cashier cannot create enrolment codes', async () => {
    const cashier = await s.login();
    expect((await s.call('/machine/enrolCode', { UID: cashier.UID, TOKEN: cashier.TOKEN })).status).toBe(Status.PERMISSION_ERROR);
  });

  it('refuses unknown machines, forged and replayed signatures, and another store’s kiosk id', async () => {
    const demo = await demoTerminal(s, 101);
    const { credentials } = demo;
    await demo.socket.close();

    const unknown = await TerminalSocket.open(s.url);
    unknown.socket.send({ type: 'auth', kiosk_id: DEMO_KIOSK, terminal_id: 999_999, signature: signNonce(credentials.privateKey, unknown.nonce) });
    expect(await unknown.socket.closed).toEqual({ code: TerminalClose.AUTH_FAILED, reason: 'unknown terminal or bad signature' });

    const forged = await TerminalSocket.open(s.url);
    forged.socket.send({ type: 'auth', kiosk_id: DEMO_KIOSK, terminal_id: credentials.terminalId, signature: signNonce(newKeyPair().privateKey, forged.nonce) });
    expect((await forged.socket.closed).code).toBe(TerminalClose.AUTH_FAILED);

    // A recorded authentication (a signature over an earlier connection's nonce) does not open another.
    const recorded = await TerminalSocket.open(s.url);
    const replayedSignature = signNonce(credentials.privateKey, recorded.nonce);
    await recorded.socket.close();
    const replay = await TerminalSocket.open(s.url);
    replay.socket.send({ type: 'auth', kiosk_id: DEMO_KIOSK, terminal_id: credentials.terminalId, signature: replayedSignature });
    expect((await replay.socket.closed).code).toBe(TerminalClose.AUTH_FAILED);

    const other = await TerminalSocket.open(s.url);
    other.socket.send({ type: 'auth', kiosk_id: DEMO_KIOSK + 1, terminal_id: credentials.terminalId, signature: signNonce(credentials.privateKey, other.nonce) });
    expect(await other.socket.closed).toEqual({ code: TerminalClose.WRONG_STORE, reason: 'terminal of another store' });
  });

  it('closes malformed messages with a reason, before and after authentication', async () => {
    const cases: unknown[] = ['not json', '[]', { type: 'hello' }, { type: 'auth', kiosk_id: 'x' }];
    for (const m of cases) {
      const o = await TerminalSocket.open(s.url);
      o.socket.send(typeof m === 'string' ? m : JSON.stringify(m));
      const closed = await o.socket.closed;
      expect(closed.code, JSON.stringify(m)).toBe(TerminalClose.MALFORMED);
      expect(closed.reason.length).toBeGreaterThan(0);
    }
    const { socket } = await demoTerminal(s, 102);
    socket.send({ type: 'round', seq: 1, round_no: 'r', serial_no: 's', game_name: 'g', begin_credits: -5 });
    expect(await socket.closed).toMatchObject({ code: TerminalClose.MALFORMED });
    expect((await socket.closed).reason).toMatch(/begin_credits/);
    // Nothing was applied: the machine's sequence did not move.
    const row = await s.handle.db.selectFrom('machine').select('last_seq').where('machine_id', '=', 102).executeTakeFirstOrThrow();
    expect(Number(row.last_seq)).toBe(0);
  });

  it('a newer connection of the same terminal replaces the older one', async () => {
    const a = await demoTerminal(s, 103);
    const b = await TerminalSocket.connect(s.url, a.credentials);
    expect(await a.socket.closed).toMatchObject({ code: TerminalClose.REPLACED });
    await b.socket.close();
  });
});
