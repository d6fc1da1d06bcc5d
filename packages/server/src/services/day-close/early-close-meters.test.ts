import { Status } from '@moneybox/contract';
import { expect, it } from 'vitest';
import { openCounter, newCustomer } from '../../testing/customer-kit.js';
import { describeOnDatabases } from '../../testing/server.js';
import { bossSession, demoTerminal } from '../../testing/terminal-kit.js';
import { addDays, storeDayOf } from '../report/store-days.js';

type M = { played: number; won: number; games: number };
type ZMachine = { name: string; meters: M; ledger: M; metersMatch: boolean };

/**
 * Issue 23: a machine that plays after an early day close. Its rounds after the close are the next
 * day's in the ledger (the next window starts at the close) and in the meters alike, so neither day
 * shows a meter difference. Through a real terminal: on PostgreSQL the round's meters are written by
 * `mbx_apply_command`, on SQLite by `saveMeters`.
 */
describeOnDatabases('meters after an early day close', (s) => {
  it('play before and after an early close: both days show meter = ledger for the machine', async () => {
    const boss = await bossSession(s);
    const counter = await openCounter(s, 1000);
    const c = await newCustomer(s, counter);
    expect((await s.call('/customer/purchase', { ...counter, id: c.id, amount: 5, key: await s.key() })).status).toBe(Status.OK);
    // The counter's shift would keep the day open: it closes before the day does.
    expect((await s.call('/drawer/shift', { UID: counter.UID, TOKEN: counter.TOKEN, counted: 1005 })).status).toBe(Status.OK);

    const t = await demoTerminal(s, 104);
    const seq = t.welcome.last_seq;
    await t.socket.command({ type: 'login', seq: seq + 1, mobile_id: c.mobile_id, pin: c.pin });
    const round = (n: number, bet: number, win: number, meters: M) =>
      t.socket.command({ type: 'round', seq: seq + 1 + n, round_no: String(n), serial_no: `e${n}`, game_name: 'Fire Kirin', begin_credits: 500, end_credits: 500 - bet + win, jp_bet: 0, game_bet: bet, extra_bet: 0, buy_bonus_cost: 0, win, meters });
    await round(1, 20, 50, { played: 20, won: 50, games: 1 });

    const store = await s.handle.db.selectFrom('store').select('timezone').where('id', '=', 1001).executeTakeFirstOrThrow();
    const today = storeDayOf(Date.now(), store.timezone);
    const closed = await s.call('/dayClose/close', { ...boss, day: today });
    expect(closed).toMatchObject({ status: Status.OK, closed: true });
    // Played again before midnight, after the close.
    await round(2, 30, 0, { played: 50, won: 50, games: 2 });

    const machine = async (day: string) => ((await s.call('/dayClose/get', { ...boss, day })).report as { machines: ZMachine[] }).machines.find((m) => m.name === '104');
    expect(await machine(today)).toMatchObject({ meters: { played: 20, won: 50, games: 1 }, ledger: { played: 20, won: 50, games: 1 }, metersMatch: true });
    expect(await machine(addDays(today, 1))).toMatchObject({ meters: { played: 30, won: 0, games: 1 }, ledger: { played: 30, won: 0, games: 1 }, metersMatch: true });
    await t.socket.command({ type: 'logout', seq: seq + 4 });
    await t.socket.close();
  });
});
