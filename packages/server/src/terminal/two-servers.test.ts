import { Status } from '@moneybox/contract';
import { describe, expect, it } from 'vitest';
import { DEMO_KIOSK, DEMO_LOGINS } from '../cli/seed/seed.js';
import { useSecondServer, useTestServer } from '../testing/server.js';
import { bossSession, enrolTerminal } from '../testing/terminal-kit.js';
import { newCustomer, openCounter } from '../testing/customer-kit.js';

/**
 * Several servers on one PostgreSQL (DESIGN.md section 4): the machine is connected to server A
 * (this process), the cashier works on server B (another process); the kick reaches the machine
 * through LISTEN/NOTIFY, and so does a release.
 */
describe('kick across server processes on postgres', () => {
  const a = useTestServer('postgres');
  const b = useSecondServer(a);

  it('a kick on server B ends the session on the machine connected to server A, pushed', async () => {
    const counter = await openCounter(a, 1000);
    const c = await newCustomer(a, counter);
    const t = await enrolTerminal(a, await bossSession(a));
    expect(await t.socket.command({ type: 'login', seq: 1, mobile_id: c.mobile_id, pin: c.pin })).toMatchObject({ ok: true });

    const login = await b.call('/user/posLogin', { mode: 'pos', username: DEMO_LOGINS.cashier.username, password: DEMO_LOGINS.cashier.password, kiosk_id: DEMO_KIOSK });
    expect(login.status).toBe(Status.OK);
    const cashier = { UID: login.uid, TOKEN: login.token };
    expect((await b.call('/customer/info', { ...cashier, type: 'id', rule: c.id })).customer).toMatchObject({ playing: true });

    // The kick crosses by LISTEN/NOTIFY (the machine polls nothing); the cap only guards a hang.
    const kicked = t.socket.next((m) => m.type === 'kicked', 10_000);
    expect(await b.call('/customer/kick', { ...cashier, id: c.id })).toMatchObject({ status: Status.OK });
    expect(await kicked).toEqual({ type: 'kicked', customer_id: c.id });
    expect(await t.socket.command({ type: 'round', seq: 2, round_no: '1', serial_no: '1', game_name: 'g', begin_credits: 0, end_credits: 0, jp_bet: 0, game_bet: 1, extra_bet: 0, buy_bonus_cost: 0, win: 0 })).toMatchObject({ ok: false, reason: 'not_playing' });

    // The boss on server B releases the machine on server A: the terminal is disconnected there.
    const bossLogin = await b.call('/user/posLogin', { mode: 'viewer', username: DEMO_LOGINS.boss.username, password: DEMO_LOGINS.boss.password, kiosk_id: DEMO_KIOSK });
    const released = await b.call('/machine/remove', { UID: bossLogin.uid, TOKEN: bossLogin.token, id: t.credentials.terminalId });
    expect(released).toMatchObject({ status: Status.OK, released: true });
    expect((await t.socket.closed).code).toBe(4003);
    await a.verify();
  }, 30_000);
});
