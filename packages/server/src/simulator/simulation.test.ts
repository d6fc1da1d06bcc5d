import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
    const report = await runSimulation({ url: s.url, kiosk: DEMO_KIOSK, machines: 3, players: 4, minutes: 0.1, roundMs: 60, random });
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

  it('run twice with the same state file: each machine\'s meters keep growing, no reset is seen', async () => {
    const stateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-sim-')), 'simulator.json');
    const meters = async () =>
      s.handle.db.selectFrom('machine').select(['id', 'meter_played', 'meter_games', 'meter_resets']).where('store_id', '=', DEMO_KIOSK).where('kind', '=', 'game').orderBy('id').execute();
    const run = () => runSimulation({ url: s.url, kiosk: DEMO_KIOSK, machines: 3, players: 4, minutes: 0.1, roundMs: 60, stateFile });
    // (The file's first test played these machines without a state file: this first run may see a reset.)
    expect((await run()).rounds.length).toBeGreaterThan(0);
    const once = await meters();
    expect(await run()).toMatchObject({ machines: 3 });
    const twice = await meters();
    // The second run counted on from the first run's meters (kept in the state file): never lower, so no reset.
    expect(twice.map((m) => Number(m.meter_resets))).toEqual(once.map((m) => Number(m.meter_resets)));
    for (const [i, m] of twice.entries()) expect(Number(m.meter_games)).toBeGreaterThanOrEqual(Number(once[i]!.meter_games));
    expect(twice.reduce((n, m) => n + Number(m.meter_games), 0)).toBeGreaterThan(once.reduce((n, m) => n + Number(m.meter_games), 0));
    const boss = await bossSession(s);
    const list = (await s.call('/machine/list', boss)).list as Array<{ kind: string; metersMatch: boolean; meterResets: number }>;
    expect(list.filter((m) => m.kind === 'game').every((m) => m.metersMatch)).toBe(true);
    fs.rmSync(path.dirname(stateFile), { recursive: true, force: true });
  }, 120_000);
});
