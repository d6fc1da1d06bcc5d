import { Status, type MachineListItem } from '@moneybox/contract';
import { expect, it } from 'vitest';
import { newCustomer, openCounter } from '../../testing/customer-kit.js';
import { describeOnDatabases } from '../../testing/server.js';
import { bossSession, demoTerminal } from '../../testing/terminal-kit.js';
import { sweepAlerts } from '../alerts/alert-sweep.js';
import { storeDayOf } from '../report/store-days.js';

type M = { played: number; won: number; games: number };
type ZMachine = { name: string; meters: M; ledger: M; metersMatch: boolean; meterResets?: number };

/**
 * A real machine's meters go back to zero after a RAM clear. A reading lower than the last is a reset:
 * counted and dated, never a negative movement; the cumulative meters keep what was counted before it
 * and grow by what is counted after it, so the Machine screen and the Z report agree with the ledger
 * and no "meters differ" alert comes from a reset alone. Through a real terminal: on PostgreSQL a round's
 * meters are written by `mbx_apply_command`, on SQLite (and for a `meters` message) by `saveMeters`.
 */
describeOnDatabases('meter resets', (s) => {
  it('meters going down mid-day: the Z report and the Machine screen say reset, movement non-negative and equal to the ledger, no meters alert', async () => {
    const boss = await bossSession(s);
    const counter = await openCounter(s, 1000);
    const c = await newCustomer(s, counter);
    expect((await s.call('/customer/purchase', { ...counter, id: c.id, amount: 5, key: await s.key() })).status).toBe(Status.OK);

    const t = await demoTerminal(s, 105);
    let seq = t.welcome.last_seq;
    let credits = 500;
    expect(await t.socket.command({ type: 'login', seq: ++seq, mobile_id: c.mobile_id, pin: c.pin })).toMatchObject({ ok: true });
    const round = async (bet: number, win: number, meters: M) => {
      const begin = credits;
      credits = credits - bet + win;
      const r = await t.socket.command({ type: 'round', seq: ++seq, round_no: String(seq), serial_no: `r${seq}`, game_name: 'Fire Kirin', begin_credits: begin, end_credits: credits, jp_bet: 0, game_bet: bet, extra_bet: 0, buy_bonus_cost: 0, win, meters });
      expect(r).toMatchObject({ ok: true });
    };
    await round(20, 50, { played: 20, won: 50, games: 1 });
    await round(30, 0, { played: 50, won: 50, games: 2 });
    // A RAM clear: the machine counts from zero again.
    await round(10, 5, { played: 10, won: 5, games: 1 });
    // The same reading again as a meters message: no second reset, no growth.
    t.socket.send({ type: 'meters', meters: { played: 10, won: 5, games: 1 } });
    await round(5, 0, { played: 15, won: 5, games: 2 });

    const played = { played: 65, won: 55, games: 4 };
    const store = await s.handle.db.selectFrom('store').select('timezone').where('id', '=', 1001).executeTakeFirstOrThrow();
    const z = await s.call('/dayClose/get', { ...boss, day: storeDayOf(Date.now(), store.timezone) });
    const machine = (z.report as { machines: ZMachine[] }).machines.find((m) => m.name === '105');
    expect(machine).toMatchObject({ meters: played, ledger: played, metersMatch: true, meterResets: 1 });

    const list = (await s.call('/machine/list', boss)).list as MachineListItem[];
    const row = list.find((m) => m.machine_id === 105)!;
    expect(row).toMatchObject({ metersMatch: true, meterResets: 1 });
    expect(row.lastMeterReset).not.toBeNull();

    await sweepAlerts({ handle: s.handle, settings: s.settings }, { meters: true });
    const alerts = await s.handle.db.selectFrom('alert').select('subject').where('kind', '=', 'meters').where('open_key', 'is not', null).execute();
    expect(alerts.map((a) => a.subject)).not.toContain(`machine:${t.credentials.terminalId}`);

    await t.socket.command({ type: 'logout', seq: ++seq });
    await t.socket.close();
  });
});
