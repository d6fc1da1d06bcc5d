import { expect, it } from 'vitest';
import { DEMO_KIOSK, DEMO_LOGINS } from '../cli/seed/seed.js';
import { describeOnDatabases } from '../testing/server.js';
import { bossSession } from '../testing/terminal-kit.js';
import { runSimulation } from './simulation.js';

/** The simulator plays the demo store; what it sent is exactly the customers' history and gift log. */
describeOnDatabases('simulator', (s) => {
  it('plays the demo terminals; history and gift log equal what it sent; the ledger verifies', async () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const report = await runSimulation({ url: s.url, kiosk: DEMO_KIOSK, machines: 3, players: 4, minutes: 0.25, roundMs: 60, random });
    expect(report.machines).toBe(3);
    expect(report.account).toBe(DEMO_LOGINS.simulator.username);
    expect(report.rounds.length).toBeGreaterThan(10);
    await s.verify();

    const boss = await bossSession(s);
    const customers = [...new Set(report.rounds.map((r) => r.customerId))];
    // A page holds the newest 200 (a quick machine plays more for one customer within the run): those are compared.
    const PAGE = 200;
    for (const id of customers) {
      const hist = await s.call('/customer/history', { ...boss, id, limit: PAGE });
      const sent = report.rounds.filter((r) => r.customerId === id).slice(-PAGE);
      expect((hist.list as Array<{ round_no: string; game_name: string; win: number }>).map((r) => [r.round_no, r.game_name, r.win]).reverse()).toEqual(sent.map((r) => [r.round_no, r.game_name, r.win]));
      const gifts = await s.call('/customer/giftHistory', { ...boss, id, limit: PAGE });
      const sentGifts = report.gifts.filter((g) => g.customerId === id).slice(-PAGE);
      expect((gifts.list as Array<{ title: string; award_type: string; award_amount: number }>).map((g) => [g.title, g.award_type, g.award_amount]).reverse()).toEqual(
        sentGifts.map((g) => [g.title, g.award_type, g.award_amount / 100]),
      );
    }
    // Every machine's meters agree with its ledger; everyone logged out; the kiosk's purchases are on their channel.
    const list = (await s.call('/machine/list', boss)).list as Array<{ kind: string; metersMatch: boolean; status: string }>;
    expect(list.every((m) => m.metersMatch)).toBe(true);
    expect(list.filter((m) => m.status === 'playing')).toEqual([]);
    const kioskRows = await s.handle.db.selectFrom('ledger').select((eb) => eb.fn.countAll<number>().as('n')).where('channel', '=', 'reload_kiosk').where('kind', '=', 'purchase').executeTakeFirstOrThrow();
    expect(Number(kioskRows.n)).toBe(report.purchases);
  }, 60_000);
});
