import { SaType, Status } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { runCli } from '../../cli/main.js';
import { DEMO_KIOSK, DEMO_LOGINS } from '../../cli/seed/seed.js';
import { createAccount } from '../operator/operator.service.js';
import { describeOnDatabases, type Body } from '../../testing/server.js';
import { ADULT_BIRTHDAY, giveWinnings, newCustomer } from '../../testing/customer-kit.js';
import { demoTerminal } from '../../testing/terminal-kit.js';
import { csvCells, formulaCells } from '../../testing/csv-cells.js';
import { SEED } from './audit.js';

type S = { UID: number; TOKEN: string };
interface Row {
  id: string;
  actor: string;
  kind: string;
  target: string;
  amount: number | null;
  actor_role?: string;
  account_id?: number | null;
  terminal?: unknown;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

describeOnDatabases('the Activity tab (/audit/list, /audit/export) and the CLI', (s) => {
  let boss: S;
  let cashier: S;
  let cashierId: number;
  let customer: number;
  beforeAll(async () => {
    boss = await s.loginAt(3, DEMO_LOGINS.boss);
    cashier = await s.loginAt(1, DEMO_LOGINS.cashier);
    cashierId = cashier.UID;
    expect((await s.call('/drawer/init', { ...cashier, amount: 500, key: await s.key() })).status).toBe(Status.OK);
    customer = (await s.call('/customer/create', { ...cashier, first_name: 'Eva', last_name: 'Luna', birthday: '1970-01-01' })).id as number;
    expect((await s.call('/customer/purchase', { ...cashier, id: customer, amount: 25, key: await s.key() })).status).toBe(Status.OK);
    expect((await s.call('/user/create', { ...boss, username: 'newcash01', password: 'new12345', saType: 2 })).status).toBe(Status.OK);
  });

  const as = (who: S, body: Body = {}) => ({ UID: who.UID, TOKEN: who.TOKEN, ...body });
  const list = async (body: Body = {}, who = boss) => {
    const r = await s.call('/audit/list', as(who, body));
    expect(r.status, JSON.stringify(r)).toBe(0);
    return r as unknown as { list: Row[]; total: number };
  };

  it('merges changes and money rows, newest first: who, what, target, amount, values', async () => {
    const { list: rows, total } = await list({ limit: 50 });
    const kinds = rows.map((r) => r.kind);
    expect(kinds.slice(0, 4)).toEqual(['account.create', 'money.purchase', 'customer.create', 'money.init']);
    expect(kinds).toContain('login');
    expect(total).toBe(rows.length);
    expect(rows.find((r) => r.kind === 'money.purchase')).toMatchObject({ actor: 'cashier01', target: String(customer), amount: 25 });
    expect(rows.find((r) => r.kind === 'account.create')).toMatchObject({ actor: 'boss01', target: 'newcash01', after: { account: 'newcash01', type: 'cashier' } });
    expect(JSON.stringify(rows)).not.toContain('new12345');
  });

  it('filters by account, kind (exact or group) and period, and pages', async () => {
    const mine = await list({ account_id: cashierId });
    expect(new Set(mine.list.map((r) => r.actor))).toEqual(new Set(['cashier01']));
    expect((await list({ kind: 'money.purchase' })).list.map((r) => r.kind)).toEqual(['money.purchase']);
    // The demo seed's opening credit, budget and balances are ledger rows too.
    expect(new Set((await list({ kind: 'money' })).list.map((r) => r.kind))).toEqual(new Set(['money.purchase', 'money.init', 'money.store_credit', 'money.comps_budget', 'money.adjust']));
    expect((await list({ kind: 'login' })).list.every((r) => r.kind.startsWith('login'))).toBe(true);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await list({ startTime: future, endTime: new Date(Date.now() + 7_200_000).toISOString() })).total).toBe(0);
    const page2 = await list({ page: 2, limit: 2 });
    const all = await list({ limit: 50 });
    expect(page2.list.map((r) => r.id)).toEqual(all.list.slice(2, 4).map((r) => r.id));
    expect((await s.call('/audit/list', as(boss, { kind: 'nope' }))).status).toBe(Status.INPUT_ERROR);
    expect(await s.call('/audit/list', as(boss, { startTime: '2026-01-01', endTime: '2026-06-01' }))).toMatchObject({ status: Status.IMPROPER_PERIOD, limit_day: 31 });
  });

  it('exports CSV with a header row and one line per row', async () => {
    const r = await s.call('/audit/export', as(boss, { kind: 'money.purchase' }));
    expect(r).toMatchObject({ status: Status.OK, rows: 1, truncated: false });
    const lines = String(r.csv).trim().split('\n');
    expect(lines[0]).toBe('time,account,role,kind,target type,target,amount,before,after');
    expect(lines[1]).toContain('money.purchase');
  });

  it('guards every text cell a spreadsheet would run as a formula, on the API export and the CLI, and leaves amounts numbers', async () => {
    // A customer named as a formula, and audit rows whose typed-in labels start with every formula character.
    const evil = "=cmd|' /C calc'!A0";
    expect((await s.call('/customer/create', { ...cashier, first_name: evil, last_name: '+1+cmd', birthday: ADULT_BIRTHDAY })).status).toBe(Status.OK);
    const at = new Date().toISOString();
    const starts = [evil, '+SUM(1)', '-2+3+cmd|x', '@SUM(A1)', '\t=1+1', '\r=1+1'];
    for (const label of starts)
      await s.handle.db.insertInto('audit').values({ store_id: DEMO_KIOSK, at, actor_account_id: null, actor_name: label, actor_role: 'boss', kind: 'customer.update', target_type: 'customer', target_id: 1, target_label: label }).execute();
    const api = String((await s.call('/audit/export', as(boss, { kind: 'customer' }))).csv);
    const out: string[] = [];
    expect(await runCli(['audit', '--kiosk', String(DEMO_KIOSK), '--format', 'csv', '--kind', 'customer'], s.handle, (l) => out.push(l))).toBe(0);
    for (const csv of [api, out.join('\n')]) {
      expect(formulaCells(csv)).toEqual([]);
      const cells = csvCells(csv).flat();
      for (const label of starts) expect(cells).toContain(`'${label}`);
    }
    // The amounts stay plain numbers, unguarded (a negative one too: packages/contract/src/csv.test.ts).
    const money = csvCells(String((await s.call('/audit/export', as(boss, { kind: 'money' }))).csv)).slice(1, -1);
    expect(money.length).toBeGreaterThan(0);
    for (const row of money) expect(row[6]).toMatch(/^-?\d+(\.\d+)?$/);
  });

  it("shows a store only its own trail, and a cashier none of it (21)", async () => {
    expect((await s.call('/audit/list', as(cashier))).status).toBe(Status.PERMISSION_ERROR);
    const { createStore } = await import('../operator/operator.service.js');
    const { cents } = await import('@moneybox/contract');
    await createStore({ handle: s.handle }, SEED, { id: 6006, name: 'Six', timezone: 'UTC', credit: cents(0), compsBudget: cents(0), maxDrawers: 1, maxMachines: 1, limitDay: 31, limitHourly: cents(0), limitDaily: cents(0), limitWeekly: cents(0), drawers: 1 });
    await createAccount({ handle: s.handle }, SEED, { storeId: 6006, username: 'sixboss01', password: 'six12345', saType: SaType.BOSS });
    const o = await s.call('/user/posLogin', { mode: 'pos', username: 'sixboss01', password: 'six12345' });
    const other = { UID: o.uid as number, TOKEN: o.token as string };
    const theirs = await list({ account_id: cashierId, limit: 50 }, other);
    expect(theirs.total).toBe(0);
    const everything = await list({ limit: 50 }, other);
    expect(everything.list.map((r) => r.actor)).toEqual(['sixboss01']);
  });

  it('prints the trail for any store from the CLI, and audits the CLI\'s own commands (never the password)', async () => {
    const out: string[] = [];
    expect(await runCli(['create-cashier', '--kiosk', String(DEMO_KIOSK), '--username', 'clicash01', '--password', 'cli12345'], s.handle, (l) => out.push(l))).toBe(0);
    out.length = 0;
    expect(await runCli(['audit', '--kiosk', String(DEMO_KIOSK)], s.handle, (l) => out.push(l))).toBe(0);
    const text = out.join('\n');
    expect(text).toMatch(/cashier01 \(cashier\)\s+money\.purchase\s+customer \d+\s+25\.00/);
    expect(text).toMatch(/operator \(operator\)\s+operator\.command\s+account clicash01/);
    expect(text).not.toContain('cli12345');
    expect(text).toMatch(/rows of kiosk 1001/);
    out.length = 0;
    expect(await runCli(['audit', '--kiosk', String(DEMO_KIOSK), '--format', 'csv', '--kind', 'money.purchase'], s.handle, (l) => out.push(l))).toBe(0);
    expect(out.join('\n').split('\n')).toHaveLength(2);
    // A refused command leaves no row.
    const before = (await s.handle.db.selectFrom('audit').select('id').execute()).length;
    await expect(runCli(['create-cashier', '--kiosk', String(DEMO_KIOSK), '--username', 'clicash01', '--password', 'cli12345'], s.handle, () => undefined)).rejects.toThrow(/taken/);
    expect((await s.handle.db.selectFrom('audit').select('id').execute()).length).toBe(before);
  });

  it('names the terminal and its channel for a reload kiosk\'s purchase and redeem, not "operator" (issue 20)', async () => {
    const c = await newCustomer(s, cashier);
    const kiosk = await demoTerminal(s, 900);
    let seq = kiosk.welcome.last_seq;
    expect(await kiosk.socket.command({ type: 'purchase', seq: ++seq, mobile_id: c.mobile_id, amount_cents: 12_00 })).toMatchObject({ ok: true });
    await giveWinnings(s, c.id, 5_00);
    expect(await kiosk.socket.command({ type: 'redeem', seq: ++seq, mobile_id: c.mobile_id, pin: c.pin, amount_cents: 3_00 })).toMatchObject({ ok: true });
    await kiosk.socket.close();
    const rows = (await list({ kind: 'money', limit: 50 })).list.filter((r) => r.target === String(c.id));
    const byKiosk = { actor: 'Reload kiosk 900', actor_role: 'reload_kiosk', account_id: null, terminal: { kind: 'reload_kiosk', name: 900 } };
    expect(rows.map((r) => r.kind)).toEqual(['money.redeem', 'money.purchase']);
    for (const r of rows) expect(r).toMatchObject(byKiosk);
    // The operator is still the operator; the counter's staff keep their names.
    expect((await list({ kind: 'money.store_credit' })).list[0]).toMatchObject({ actor: 'operator', actor_role: 'operator', terminal: null });
    expect((await list({ kind: 'money.init' })).list[0]).toMatchObject({ actor: 'cashier01', actor_role: 'cashier', terminal: null });
    const csv = String((await s.call('/audit/export', as(boss, { kind: 'money.redeem' }))).csv);
    expect(csv).toContain('Reload kiosk 900,reload_kiosk,money.redeem');
  });
});
