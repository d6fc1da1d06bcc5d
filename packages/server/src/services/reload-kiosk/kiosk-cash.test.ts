import { SaType, Status } from '@moneybox/contract';
import { expect, it } from 'vitest';
import { TerminalSocket } from '../../simulator/terminal-socket.js';
import { describeOnDatabases, type Session } from '../../testing/server.js';
import { bossSession, enrolTerminal } from '../../testing/terminal-kit.js';
import { newCashier, takeDrawer } from '../../testing/drawer-kit.js';
import { storeDayOf } from '../report/store-days.js';

/** Issue 23: a reload kiosk's cash box, reported over the terminal protocol, and a boss's collection. */
describeOnDatabases('reload kiosk cash boxes', (s) => {
  const cashRows = async (machineId: number) =>
    s.handle.db.selectFrom('kiosk_cash').select(['direction', 'amount_cents', 'meter_cents', 'detail']).where('machine_id', '=', machineId).orderBy('id').execute();

  it('cash taken and paid out is applied once per seq, a resend after a reconnect counts once; collection: expected, over/short, slip, once per key', async () => {
    const viewer = await bossSession(s);
    const kiosk = await enrolTerminal(s, viewer, 'reload_kiosk');
    const id = kiosk.credentials.terminalId;
    expect(await kiosk.socket.command({ type: 'cash', seq: 1, direction: 'in', amount_cents: 20_00, meter_cents: 20_00, detail: { '20': 1 } })).toMatchObject({ ok: true, meter_cents: 20_00 });
    expect(await kiosk.socket.command({ type: 'cash', seq: 2, direction: 'in', amount_cents: 50_00, meter_cents: 70_00 })).toMatchObject({ ok: true });
    await kiosk.socket.close();
    // Reconnected, the kiosk resends seq 2 (it never saw the ack): the stored ack, nothing added.
    const again = await TerminalSocket.connect(s.url, kiosk.credentials);
    expect(await again.socket.command({ type: 'cash', seq: 2, direction: 'in', amount_cents: 50_00, meter_cents: 70_00 })).toMatchObject({ ok: true, duplicate: true });
    expect(await again.socket.command({ type: 'cash', seq: 3, direction: 'out', amount_cents: 15_00, meter_cents: 15_00 })).toMatchObject({ ok: true });
    expect(await cashRows(id)).toEqual([
      { direction: 'in', amount_cents: 20_00, meter_cents: 20_00, detail: '20×1' },
      { direction: 'in', amount_cents: 50_00, meter_cents: 70_00, detail: '' },
      { direction: 'out', amount_cents: 15_00, meter_cents: 15_00, detail: '' },
    ]);

    const boxes = await s.call('/kiosk/boxes', viewer);
    expect((boxes.list as Array<Record<string, unknown>>).find((b) => b.id === id)).toMatchObject({ expected: 70, paid_out: 15, last_collection: null });

    // A boss collects signed in as a viewer, without a drawer (issue 37); a cashier at a drawer never does.
    const key = await s.key();
    const boss = viewer;
    const c = await takeDrawer(s, 2, await newCashier(s));
    const cashier: Session = { UID: c.UID, TOKEN: c.TOKEN };
    expect((await s.call('/kiosk/collect', { ...cashier, id, counted: 60, key })).status).toBe(Status.PERMISSION_ERROR);
    expect((await s.call('/kiosk/collect', { ...boss, id, key })).status).toBe(Status.INPUT_ERROR);
    expect((await s.call('/kiosk/collect', { ...boss, id, counted: 60, count_detail: { '20': 2 }, key })).status).toBe(Status.AMOUNT_ERROR);
    expect((await s.call('/kiosk/collect', { ...boss, id: 999999, counted: 60, key })).status).toBe(Status.INPUT_ERROR);
    const slip = await s.call('/kiosk/collect', { ...boss, id, count_detail: { '20': 1, '10': 4 }, key });
    expect(slip).toMatchObject({ status: Status.OK, expected: 70, counted: 60, over_short: -10, count_detail: { '20': 1, '10': 4 }, reason: '' });
    // The same key again: the same slip, no second collection.
    expect(await s.call('/kiosk/collect', { ...boss, id, counted: 60, key })).toEqual(slip);
    expect(await s.handle.db.selectFrom('kiosk_collection').select('id').where('machine_id', '=', id).execute()).toHaveLength(1);

    // After the collection the box starts again from what is taken next.
    expect(await again.socket.command({ type: 'cash', seq: 4, direction: 'in', amount_cents: 5_00, meter_cents: 75_00 })).toMatchObject({ ok: true });
    expect((((await s.call('/kiosk/boxes', viewer)).list as Array<Record<string, unknown>>).find((b) => b.id === id))).toMatchObject({ expected: 5, paid_out: 0 });
    // Not collected, with a reason: the cash stays expected for the next collection.
    const skipped = await s.call('/kiosk/collect', { ...boss, id, reason: 'key missing', key: await s.key() });
    expect(skipped).toMatchObject({ status: Status.OK, expected: 5, counted: null, over_short: null, reason: 'key missing' });
    expect(await s.call('/kiosk/collect', { ...boss, id, counted: 5, key: await s.key() })).toMatchObject({ expected: 5, over_short: 0 });
    await again.socket.close();
    await s.call('/drawer/shift', cashier);
  });

  it('two collections of one box at once: the second finds nothing taken after the first and is refused, the cash is counted once', async () => {
    const viewer = await bossSession(s);
    const kiosk = await enrolTerminal(s, viewer, 'reload_kiosk');
    const id = kiosk.credentials.terminalId;
    expect(await kiosk.socket.command({ type: 'cash', seq: 1, direction: 'in', amount_cents: 100_00, meter_cents: 100_00 })).toMatchObject({ ok: true });
    const bosses: Session[] = [];
    for (const drawer of [2, 3]) {
      const b = await takeDrawer(s, drawer, await newCashier(s, SaType.BOSS));
      bosses.push({ UID: b.UID, TOKEN: b.TOKEN });
    }
    const slips = await Promise.all(bosses.map(async (boss) => s.call('/kiosk/collect', { ...boss, id, counted: 100, key: await s.key() })));
    // The second follows the first and finds nothing taken since: refused, the cash is not counted twice.
    expect(slips.map((r) => r.status).sort((a, b) => Number(a) - Number(b))).toEqual([Status.OK, Status.INPUT_ERROR]);
    expect(slips.find((r) => r.status === Status.OK)).toMatchObject({ expected: 100, counted: 100, over_short: 0 });
    await kiosk.socket.close();
    for (const boss of bosses) await s.call('/drawer/shift', boss);
  });

  it('ten collections of one box at once, each counting 100 from a box expecting 100: the Z report counts 100 once, the others are refused', async () => {
    const viewer = await bossSession(s);
    const kiosk = await enrolTerminal(s, viewer, 'reload_kiosk');
    const id = kiosk.credentials.terminalId;
    expect(await kiosk.socket.command({ type: 'cash', seq: 1, direction: 'in', amount_cents: 100_00, meter_cents: 100_00 })).toMatchObject({ ok: true });
    const b = await takeDrawer(s, 3, await newCashier(s, SaType.BOSS));
    const boss: Session = { UID: b.UID, TOKEN: b.TOKEN };
    const keys = await Promise.all(Array.from({ length: 10 }, () => s.key()));
    const slips = await Promise.all(keys.map((key) => s.call('/kiosk/collect', { ...boss, id, counted: 100, key })));
    // One counts the box; every other finds nothing taken since and is refused, storing nothing.
    expect(slips.filter((r) => r.status === Status.OK)).toEqual([expect.objectContaining({ expected: 100, counted: 100, over_short: 0 })]);
    expect(slips.filter((r) => r.status !== Status.OK)).toEqual(Array.from({ length: 9 }, () => expect.objectContaining({ status: Status.INPUT_ERROR, reason: 'nothing_expected' })));
    expect(await s.handle.db.selectFrom('kiosk_collection').select('id').where('machine_id', '=', id).execute()).toHaveLength(1);
    // A resend of the counted key still answers its slip; a refused key stays unused.
    const winner = keys[slips.findIndex((r) => r.status === Status.OK)]!;
    expect((await s.call('/kiosk/collect', { ...boss, id, counted: 100, key: winner })).collection_id).toBe(slips.find((r) => r.status === Status.OK)!.collection_id);
    // Marking it not collected over nothing is still allowed (it counts nothing).
    expect(await s.call('/kiosk/collect', { ...boss, id, reason: 'checked, empty', key: await s.key() })).toMatchObject({ status: Status.OK, expected: 0, counted: null });

    const store = await s.handle.db.selectFrom('store').select('timezone').where('id', '=', 1001).executeTakeFirstOrThrow();
    const z = await s.call('/dayClose/get', { ...boss, day: storeDayOf(Date.now(), store.timezone) });
    // The Z report's collections of this box (earlier tests of the file collected other boxes today).
    const mine = (z.report as { collections: Array<{ kiosk_id: number; expected: number; counted: number | null }> }).collections.filter((c) => c.kiosk_id === id);
    expect(mine.reduce((a, c) => a + (c.counted ?? 0), 0)).toBe(100);
    expect(mine.reduce((a, c) => a + c.expected, 0)).toBe(100);
    await kiosk.socket.close();
    await s.call('/drawer/shift', boss);
  });

  it('a game machine has no cash box: wrong_kind, nothing stored', async () => {
    const viewer = await bossSession(s);
    const game = await enrolTerminal(s, viewer, 'game');
    expect(await game.socket.command({ type: 'cash', seq: 1, direction: 'in', amount_cents: 1_00, meter_cents: 1_00 })).toMatchObject({ ok: false, reason: 'wrong_kind' });
    expect(await cashRows(game.credentials.terminalId)).toEqual([]);
    await game.socket.close();
  });
}, { verifyEach: true });
