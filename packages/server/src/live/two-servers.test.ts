import { Status } from '@moneybox/contract';
import { describe, expect, it } from 'vitest';
import { newCustomer, openCounter } from '../testing/customer-kit.js';
import { namesCustomer, namesMachine, openLive } from '../testing/live-kit.js';
import { useSecondServer, useTestServer } from '../testing/server.js';
import { bossSession, enrolTerminal } from '../testing/terminal-kit.js';

/**
 * Several servers on one PostgreSQL: the machine plays on server A (this process), the boss's
 * Machine screen listens on server B (another process); the change crosses by LISTEN/NOTIFY.
 */
describe('live updates across server processes on postgres', () => {
  const a = useTestServer('postgres');
  const b = useSecondServer(a);

  it('a login and a round on server A reach a web client of server B, pushed', async () => {
    const counter = await openCounter(a, 1000);
    const c = await newCustomer(a, counter);
    expect((await a.call('/customer/purchase', { ...counter, id: c.id, amount: 5, key: await a.key() })).status).toBe(Status.OK);
    const boss = await bossSession(a);
    const live = openLive(b.url, boss);
    try {
      await live.next((m) => m.type === 'hello', 5000);
      const t = await enrolTerminal(a, boss);
      const id = t.credentials.terminalId;

      // After each acknowledgement, pushed across (a raw socket polls nothing); the caps only guard a hang.
      let after = live.mark();
      expect(await t.socket.command({ type: 'login', seq: 1, mobile_id: c.mobile_id, pin: c.pin })).toMatchObject({ ok: true });
      await live.next((m) => namesMachine(id)(m) && namesCustomer(c.id)(m), 10_000, after);

      after = live.mark();
      const round = { type: 'round', seq: 2, round_no: '1', serial_no: '1', game_name: 'g', begin_credits: 100, end_credits: 90, jp_bet: 0, game_bet: 10, extra_bet: 0, buy_bonus_cost: 0, win: 0 };
      expect(await t.socket.command(round)).toMatchObject({ ok: true });
      await live.next(namesCustomer(c.id), 10_000, after);
      await t.socket.close();
      await a.verify();
    } finally {
      live.close();
    }
  }, 60_000);
});
