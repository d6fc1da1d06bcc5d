import { TerminalClose, Status } from '@moneybox/contract';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { signNonce } from '../../auth/terminal-key.js';
import { DEMO_KIOSK, DEMO_TERMINALS } from '../../cli/seed/seed.js';
import { TerminalSocket } from '../../simulator/terminal-socket.js';
import { describeOnDatabases, type Session } from '../../testing/server.js';
import { bossSession, demoTerminal, enrolTerminal, eventually, otherStore } from '../../testing/terminal-kit.js';
import { newCustomer, openCounter } from '../../testing/customer-kit.js';
import { createAccount } from '../operator/operator.service.js';
import { SaType } from '@moneybox/contract';
import { SEED } from '../audit/audit.js';

type Item = { id: number; machine_id: number; status: string; kind: string; customer: unknown; today: { played: number; won: number }; metersMatch: boolean; meters: unknown; ledger: unknown };

/** /machine/list, /machine/update, /machine/remove (spec sections 7 and 8) against live terminals. */
describeOnDatabases('machine calls', (s) => {
  let boss: Session;
  let counter: Session;

  beforeAll(async () => {
    boss = await bossSession(s);
    counter = await openCounter(s, 1000);
  });
  afterEach(async () => {
    await s.verify();
  });

  const list = async () => (await s.call('/machine/list', { ...boss })).list as Item[];
  const byName = async (name: number) => (await list()).find((m) => m.machine_id === name);

  it('lists the demo terminals, disconnected until they connect, then connected and playing live', async () => {
    const all = await list();
    expect(all.map((m) => [m.machine_id, m.kind, m.status])).toEqual(DEMO_TERMINALS.map((t) => [t.name, t.kind, 'disconnected']));
    const t = await demoTerminal(s, 104);
    expect((await byName(104))?.status).toBe('connected');
    const c = await newCustomer(s, counter);
    await s.call('/customer/purchase', { ...counter, id: c.id, amount: 5, key: await s.key() });
    await t.socket.command({ type: 'login', seq: t.welcome.last_seq + 1, mobile_id: c.mobile_id, pin: c.pin });
    expect(await byName(104)).toMatchObject({ status: 'playing', customer: { id: c.id, mobile_id: c.mobile_id } });
    await t.socket.command({ type: 'round', seq: t.welcome.last_seq + 2, round_no: '1', serial_no: 'a', game_name: 'Fire Kirin', begin_credits: 500, end_credits: 530, jp_bet: 0, game_bet: 20, extra_bet: 0, buy_bonus_cost: 0, win: 50, meters: { played: 20, won: 50, games: 1 } });
    expect(await byName(104)).toMatchObject({ today: { played: 0.2, won: 0.5 }, metersMatch: true, meters: { played: 20, won: 50, games: 1 }, ledger: { played: 20, won: 50, games: 1 } });
    // The Z report's machine section: today's meter movement (the day's last reading kept, migration 022) beside today's ledger.
    const zMachine = async () => ((await s.call('/dayClose/get', { ...boss })).report as { machines: Array<{ name: string; meters: unknown; ledger: unknown; metersMatch: boolean }> }).machines.find((m) => m.name === '104');
    expect(await zMachine()).toMatchObject({ meters: { played: 20, won: 50, games: 1 }, ledger: { played: 20, won: 50, games: 1 }, metersMatch: true });
    // A machine whose own meters disagree with the ledger is flagged, on the Machine screen and in the day's Z report.
    t.socket.send({ type: 'meters', meters: { played: 25, won: 50, games: 1 } });
    await eventually(async () => expect(await byName(104)).toMatchObject({ metersMatch: false }));
    expect(await zMachine()).toMatchObject({ meters: { played: 25, won: 50, games: 1 }, ledger: { played: 20, won: 50, games: 1 }, metersMatch: false });
    await t.socket.command({ type: 'logout', seq: t.welcome.last_seq + 3 });
    await t.socket.close();
    await eventually(async () => expect((await byName(104))?.status).toBe('disconnected'));
  });

  it('a store without machines lists none (the screen says no machine found); cashiers get 21', async () => {
    const other = await otherStore(s);
    await createAccount({ handle: s.handle }, SEED, { storeId: other, username: 'otherboss1', password: 'pass1234', saType: SaType.BOSS });
    const o = await s.call('/user/posLogin', { mode: 'viewer', username: 'otherboss1', password: 'pass1234', kiosk_id: other });
    expect(await s.call('/machine/list', { UID: o.uid, TOKEN: o.token })).toMatchObject({ status: Status.OK, list: [] });
    const cashier = await s.login();
    for (const call of ['list', 'update', 'remove']) expect((await s.call(`/machine/${call}`, { UID: cashier.UID, TOKEN: cashier.TOKEN, id: 1, machine_id: 5 })).status).toBe(Status.PERMISSION_ERROR);
  });

  it('rename: the name must be a number, 18 when not connected, 19 when used or unchanged, and the terminal learns it', async () => {
    const t = await enrolTerminal(s, boss);
    const id = t.credentials.terminalId;
    for (const bad of ['abc', '12a', -3, 0, 1.5, '']) {
      const r = await s.call('/machine/update', { ...boss, id, machine_id: bad });
      expect(r.status, String(bad)).toBe(13);
      expect(r.error).toMatch(/machine name must be a number/);
    }
    expect((await s.call('/machine/update', { ...boss, id, machine_id: t.name })).status).toBe(Status.MACHINE_NAME_USED);
    expect((await s.call('/machine/update', { ...boss, id, machine_id: 101 })).status).toBe(Status.MACHINE_NAME_USED);
    const renamed = t.socket.next((m) => m.type === 'renamed');
    expect(await s.call('/machine/update', { ...boss, id, machine_id: '777' })).toMatchObject({ status: Status.OK, id, machine_id: 777 });
    expect(await renamed).toEqual({ type: 'renamed', name: 777 });
    expect((await byName(777))?.id).toBe(id);
    const renamedRow = await s.handle.db.selectFrom('audit').select(['before_json', 'after_json']).where('kind', '=', 'machine.rename').where('target_id', '=', id).executeTakeFirstOrThrow();
    expect([JSON.parse(renamedRow.before_json!), JSON.parse(renamedRow.after_json!)]).toEqual([{ name: t.name }, { name: 777 }]);
    const demo = await s.handle.db.selectFrom('machine').select('id').where('store_id', '=', DEMO_KIOSK).where('machine_id', '=', 105).executeTakeFirstOrThrow();
    expect((await s.call('/machine/update', { ...boss, id: demo.id, machine_id: 505 })).status).toBe(Status.MACHINE_NOT_CONNECTED_SAVE);
    // Another store's machine is not found here: the same 18.
    expect((await s.call('/machine/update', { ...boss, id: 999_999, machine_id: 506 })).status).toBe(Status.MACHINE_NOT_CONNECTED_SAVE);
    await t.socket.close();
  });

  it('release: 20 when not connected; occupied asks to confirm; release ends the session, forgets the key, disconnects', async () => {
    const demo = await s.handle.db.selectFrom('machine').select('id').where('store_id', '=', DEMO_KIOSK).where('machine_id', '=', 106).executeTakeFirstOrThrow();
    expect((await s.call('/machine/remove', { ...boss, id: demo.id })).status).toBe(Status.MACHINE_NOT_CONNECTED_RELEASE);

    const t = await enrolTerminal(s, boss);
    const id = t.credentials.terminalId;
    const c = await newCustomer(s, counter);
    await t.socket.command({ type: 'login', seq: 1, mobile_id: c.mobile_id, pin: c.pin });
    expect(await s.call('/machine/remove', { ...boss, id })).toMatchObject({ status: Status.OK, released: false, occupied: true });
    expect((await byName(t.name))?.status).toBe('playing'); // a cancel leaves it as it was

    const kicked = t.socket.next((m) => m.type === 'kicked');
    expect(await s.call('/machine/remove', { ...boss, id, confirm: true })).toMatchObject({ status: Status.OK, released: true, occupied: true });
    expect(await kicked).toMatchObject({ customer_id: c.id });
    expect(await t.socket.closed).toMatchObject({ code: TerminalClose.RELEASED });
    expect(await byName(t.name)).toBeUndefined();
    expect((await s.call('/customer/info', { ...counter, type: 'id', rule: c.id })).customer).toMatchObject({ playing: false });

    // Its key is forgotten: the old credentials no longer open a connection.
    const back = await TerminalSocket.open(s.url);
    back.socket.send({ type: 'auth', kiosk_id: DEMO_KIOSK, terminal_id: id, signature: signNonce(t.credentials.privateKey, back.nonce) });
    expect((await back.socket.closed).code).toBe(TerminalClose.AUTH_FAILED);
    // Code, rename and release are on the audit trail, by the boss, without the code itself.
    const trail = await s.handle.db.selectFrom('audit').select(['kind', 'actor_name', 'target_label', 'after_json']).where('kind', 'like', 'machine.%').orderBy('id').execute();
    expect(trail.filter((r) => r.kind === 'machine.release').map((r) => [r.actor_name, r.target_label])).toContainEqual(['boss01', String(t.name)]);
    expect(trail.some((r) => r.kind === 'machine.enrol_code' && r.actor_name === 'boss01')).toBe(true);
    expect(JSON.stringify(trail)).not.toMatch(/[2-9A-Z]{5}-[2-9A-Z]{5}/);

    // The name is free again for a new enrolment.
    const again = await enrolTerminal(s, boss);
    expect(again.name).toBe(t.name);
    await again.socket.close();
  });
});
