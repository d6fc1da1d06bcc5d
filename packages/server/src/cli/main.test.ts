import { Status } from '@moneybox/contract';
import { describe, expect, it } from 'vitest';
import { OperatorError } from '../services/operator/operator.service.js';
import { operatorCli } from '../testing/cli-kit.js';
import { describeOnDatabases } from '../testing/server.js';
import { runCli } from './main.js';

describeOnDatabases('operator CLI on a fresh database', (s) => {
  /** Runs one command (its exit code and what it printed); a refused one throws with the reason in words. */
  const { cli, refused } = operatorCli(s);
  const store = () => s.handle.db.selectFrom('store').selectAll().where('id', '=', 3003).executeTakeFirstOrThrow();
  const login = (username: string, password: string) => s.call('/user/posLogin', { mode: 'pos', username, password });

  it('prints the help for no command and for "help"', async () => {
    for (const argv of [[], ['help']]) {
      const r = await cli(...argv);
      expect(r.code).toBe(0);
      for (const cmd of ['create-store', 'create-boss', 'add-credit', 'freeze', 'unfreeze', 'set-layout', 'announce', 'maintenance', 'unlock', 'verify']) {
        expect(r.text).toContain(cmd);
      }
    }
    await refused(/unknown command "frobnicate"/, 'frobnicate');
    await refused(/Unknown option/i, 'verify', '--bogus', '1');
  });

  it('create-store creates the store, its drawers and its opening balances as ledger rows', async () => {
    const r = await cli('create-store', '--kiosk', '3003', '--name', 'Cli Arcade', '--timezone', 'America/New_York', '--credit', '1500.50',
      '--comps-budget', '200', '--drawers', '2', '--max-drawers', '4', '--hourly', '100', '--daily', '500', '--weekly', '1000.25');
    expect(r).toEqual({ code: 0, text: 'Created kiosk 3003 "Cli Arcade".' });
    expect(await store()).toMatchObject({
      name: 'Cli Arcade', timezone: 'America/New_York', credit_cents: 150050, comps_budget_cents: 20000, max_drawers: 4,
      limit_hourly_cents: 10000, limit_daily_cents: 50000, limit_weekly_cents: 100025, frozen: 0, closed: 0,
    });
    const drawers = await s.handle.db.selectFrom('drawer').select('number').where('store_id', '=', 3003).orderBy('number').execute();
    expect(drawers.map((d) => d.number)).toEqual([1, 2]);
    expect((await cli('verify')).code).toBe(0);
    expect((await s.call('/drawer/list', { kioskID: 3003 })).status).toBe(Status.OK);
  });

  it.each([
    ['a duplicate kiosk', /kiosk 3003 already exists/, ['--kiosk', '3003', '--name', 'Again']],
    ['a bad timezone', /unknown timezone "Mars\/Olympus"/, ['--kiosk', '3004', '--name', 'X', '--timezone', 'Mars/Olympus']],
    ['an amount with three decimals', /--credit must be an amount/, ['--kiosk', '3004', '--name', 'X', '--credit', '1.234']],
    ['an amount that is not a number', /--credit must be an amount/, ['--kiosk', '3004', '--name', 'X', '--credit', 'lots']],
    ['a negative credit', /--credit must be an amount/, ['--kiosk', '3004', '--name', 'X', '--credit=-5']],
    ['a missing name', /--name is required/, ['--kiosk', '3004']],
    ['a kiosk id that is not a number', /--kiosk must be a whole number/, ['--kiosk', '30a4', '--name', 'X']],
    ['more drawers than max drawers', /more drawers than max drawers/, ['--kiosk', '3004', '--name', 'X', '--drawers', '6', '--max-drawers', '5']],
  ])('create-store refuses %s', async (_what, reason, args) => {
    await refused(reason, 'create-store', ...args);
    expect(await s.handle.db.selectFrom('store').select('id').where('id', '=', 3004).executeTakeFirst()).toBeUndefined();
  });

  it('create-boss creates a boss who can log in; create-cashier a cashier', async () => {
    const r = await cli('create-boss', '--kiosk', '3003', '--username', 'cliboss01', '--password', 'boss1234');
    expect(r.code).toBe(0);
    expect(r.text).toMatch(/^Created boss "cliboss01" \(id \d+\) for kiosk 3003\.$/);
    expect(await login('cliboss01', 'boss1234')).toMatchObject({ status: Status.OK, saType: 1, kid: 3003, storename: 'Cli Arcade' });
    expect((await cli('create-cashier', '--kiosk', '3003', '--username', 'clicash01', '--password', 'cash1234')).code).toBe(0);
    expect(await login('clicash01', 'cash1234')).toMatchObject({ status: Status.OK, saType: 2 });
  });

  it.each([
    ['a short password', /password must be 6-20 characters/, ['--kiosk', '3003', '--username', 'cliboss02', '--password', 'ab1']],
    ['a password of letters only', /letters and numbers/, ['--kiosk', '3003', '--username', 'cliboss02', '--password', 'abcdefgh']],
    ['a short username', /username must be 6-20 characters/, ['--kiosk', '3003', '--username', 'abc', '--password', 'boss1234']],
    ['a taken username', /username "cliboss01" is taken/, ['--kiosk', '3003', '--username', 'cliboss01', '--password', 'boss1234']],
    ['an unknown kiosk', /no kiosk 9999/, ['--kiosk', '9999', '--username', 'cliboss02', '--password', 'boss1234']],
    ['a missing password', /--password is required/, ['--kiosk', '3003', '--username', 'cliboss02']],
  ])('create-boss refuses %s', async (_what, reason, args) => {
    await refused(reason, 'create-boss', ...args);
    expect(await s.handle.db.selectFrom('account').select('id').where('username', '=', 'cliboss02').executeTakeFirst()).toBeUndefined();
  });

  it('add-credit adds and takes back credit, never below zero, and the ledger agrees', async () => {
    expect(await cli('add-credit', '--kiosk', '3003', '--amount', '499.50')).toEqual({ code: 0, text: 'Kiosk 3003 credit is now 2,000.00.' });
    expect(await cli('add-credit', '--kiosk', '3003', '--amount=-1000', '--note', 'refund')).toEqual({ code: 0, text: 'Kiosk 3003 credit is now 1,000.00.' });
    await refused(/less credit than that/, 'add-credit', '--kiosk', '3003', '--amount=-1000.01');
    await refused(/non-zero/, 'add-credit', '--kiosk', '3003', '--amount', '0');
    await refused(/--amount must be an amount/, 'add-credit', '--kiosk', '3003', '--amount', '1e5');
    await refused(/no kiosk 9999/, 'add-credit', '--kiosk', '9999', '--amount', '5');
    // A negative amount needs "=": the parser refuses "--amount -5" as ambiguous.
    await refused(/ambiguous/, 'add-credit', '--kiosk', '3003', '--amount', '-5');
    expect((await store()).credit_cents).toBe(100000);
    expect((await cli('add-comps-budget', '--kiosk', '3003', '--amount', '50'))).toEqual({ code: 0, text: 'Kiosk 3003 special comps budget is now 250.00.' });
    await refused(/less special comps budget/, 'add-comps-budget', '--kiosk', '3003', '--amount=-250.01');
    expect((await cli('verify', '--kiosk', '3003')).code).toBe(0);
  });

  it('set-quota changes the limits it is given and nothing else', async () => {
    expect((await cli('set-quota', '--kiosk', '3003', '--max-drawers', '6', '--hourly', '150', '--min-amount', '2'))).toEqual({ code: 0, text: 'Kiosk 3003 quotas updated.' });
    expect(await store()).toMatchObject({ max_drawers: 6, limit_hourly_cents: 15000, limit_daily_cents: 50000, min_amount_cents: 200 });
    await refused(/no kiosk 9999/, 'set-quota', '--kiosk', '9999', '--hourly', '1');
  });

  it('freeze and unfreeze: a frozen store answers posLogin with 46 and the message', async () => {
    await refused(/needs a message/, 'freeze', '--kiosk', '3003');
    await refused(/no kiosk 9999/, 'freeze', '--kiosk', '9999', '--message', 'x');
    const r = await cli('freeze', '--kiosk', '3003', '--message', 'Unpaid invoice, call 555-0199');
    expect(r).toEqual({ code: 0, text: 'Kiosk 3003 is frozen: staff see "Unpaid invoice, call 555-0199".' });
    expect(await login('cliboss01', 'boss1234')).toMatchObject({ status: Status.STORE_FROZEN, freeze_msg: 'Unpaid invoice, call 555-0199' });
    expect(await s.call('/drawer/list', { kioskID: 3003 })).toMatchObject({ status: Status.STORE_FROZEN, freeze_msg: 'Unpaid invoice, call 555-0199' });
    expect(await cli('unfreeze', '--kiosk', '3003')).toEqual({ code: 0, text: 'Kiosk 3003 is open again.' });
    expect(await store()).toMatchObject({ frozen: 0, freeze_msg: '' });
    expect((await login('cliboss01', 'boss1234')).status).toBe(Status.OK);
  });

  it('set-layout maps a host to a layout in the domain map', async () => {
    expect(await cli('set-layout', '--host', 'pos.example.com', '--layout', '4')).toEqual({ code: 0, text: 'Host pos.example.com now uses layout 4.' });
    expect(await cli('set-layout', '--host', 'localhost:8080', '--layout', '2')).toMatchObject({ code: 0 });
    expect(await (await s.raw('/API/config/domain.json')).json()).toEqual({ 'pos.example.com': 4, 'localhost:8080': 2 });
    await refused(/layout must be 0-6/, 'set-layout', '--host', 'pos.example.com', '--layout', '7');
    await refused(/must be a whole number/, 'set-layout', '--host', 'pos.example.com', '--layout=-1');
    await refused(/host must be a host name/, 'set-layout', '--host', 'http://evil/<script>', '--layout', '1');
    await refused(/--host is required/, 'set-layout', '--layout', '1');
  });

  it('announce publishes a message for its layouts', async () => {
    const r = await cli('announce', '--message', 'New games arrive Friday', '--layouts', '0,2,2');
    expect(r.code).toBe(0);
    expect(r.text).toMatch(/^Announcement \d+ published for layouts 0, 2, 2\.$/);
    const boss = await s.call('/user/posLogin', { mode: 'viewer', username: 'cliboss01', password: 'boss1234', kiosk_id: 3003 });
    const msgInfo = (await s.call('/config/announce', { UID: boss.uid, TOKEN: boss.token })).msgInfo;
    expect(msgInfo).toEqual([{ msg: 'New games arrive Friday', mode: [0, 2] }]);
    await refused(/layouts must be a list of 0-6/, 'announce', '--message', 'x', '--layouts', '0,9');
    await refused(/layouts must be a list of 0-6/, 'announce', '--message', 'x', '--layouts', 'all');
    await refused(/needs a message/, 'announce', '--message', '   ', '--layouts', '1');
    await refused(/more than 500 characters/, 'announce', '--message', 'x'.repeat(501), '--layouts', '1');
  });

  it('maintenance on and off switch every call to 503 and back', async () => {
    await refused(/--message is required/, 'maintenance', 'on');
    await refused(/maintenance on --message/, 'maintenance', 'maybe');
    expect(await cli('maintenance', 'on', '--message', 'Back at 06:00')).toEqual({ code: 0, text: 'Maintenance is on: "Back at 06:00".' });
    const res = await s.raw('/API/user/posLogin', { method: 'POST', body: '{}' });
    expect(res.status).toBe(503);
    expect(await res.json()).toHaveProperty('e');
    expect(await s.call('/config/maintain')).toMatchObject({ status: Status.OK, msg: 'Back at 06:00' });
    expect(await cli('maintenance', 'off')).toEqual({ code: 0, text: 'Maintenance is off.' });
    expect((await s.call('/drawer/list', { kioskID: 3003 })).status).toBe(Status.OK);
  });

  it('unlock clears a lockout; an unknown username is refused', async () => {
    for (let i = 0; i < 5; i++) await login('clicash01', 'wrong1234');
    expect((await login('clicash01', 'cash1234')).status).toBe(Status.ACCOUNT_LOCKED);
    expect(await cli('unlock', '--username', 'clicash01')).toEqual({ code: 0, text: 'Account "clicash01" is unlocked.' });
    expect((await login('clicash01', 'cash1234')).status).toBe(Status.OK);
    await refused(/no account "ghost0001"/, 'unlock', '--username', 'ghost0001');
  });

  it('unlock asks which kiosk when two stores use the name, and unlocks only that store\'s account', async () => {
    await cli('create-store', '--kiosk', '3005', '--name', 'Twin Arcade');
    expect((await cli('create-cashier', '--kiosk', '3005', '--username', 'clicash01', '--password', 'twin1234')).code).toBe(0);
    const twin = (password: string) => s.call('/user/posLogin', { mode: 'pos', username: 'clicash01', password, kiosk_id: 3005 });
    for (let i = 0; i < 5; i++) await twin('wrong1234');
    expect((await twin('twin1234')).status).toBe(Status.ACCOUNT_LOCKED);
    await refused(/username "clicash01" is used in kiosks 3003, 3005: say which with --kiosk/, 'unlock', '--username', 'clicash01');
    expect((await cli('unlock', '--username', 'clicash01', '--kiosk', '3005')).code).toBe(0);
    expect((await twin('twin1234')).status).toBe(Status.OK);
  });

  it('simulator-account creates the store\'s simulator account or gives it a new password: printed once, stored hashed, audited without it', async () => {
    const first = await cli('simulator-account', '--kiosk', '3003');
    expect(first.code).toBe(0);
    const pw1 = /^Created the simulator account of kiosk 3003: --user simulator3003 --password ([A-Za-z0-9]{16})$/.exec(first.text)?.[1];
    expect(pw1, first.text).toBeDefined();
    expect(await s.call('/user/posLogin', { mode: 'viewer', username: 'simulator3003', password: pw1, kiosk_id: 3003 })).toMatchObject({ status: Status.OK, saType: 1 });

    const again = await cli('simulator-account', '--kiosk', '3003');
    const pw2 = /^New password for the simulator account of kiosk 3003: --user simulator3003 --password ([A-Za-z0-9]{16})$/.exec(again.text)?.[1];
    expect(pw2, again.text).toBeDefined();
    expect(pw2).not.toBe(pw1);
    expect((await login('simulator3003', pw1!)).status).toBe(Status.WRONG_PASSWORD);
    expect((await login('simulator3003', pw2!)).status).toBe(Status.OK);
    const row = await s.handle.db.selectFrom('account').select(['password_hash', 'store_id']).where('username', '=', 'simulator3003').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ store_id: 3003, password_hash: expect.stringMatching(/^scrypt\$/) });
    const trail = await s.handle.db.selectFrom('audit').select(['actor_role', 'after_json']).where('kind', '=', 'operator.command').where('target_label', '=', 'simulator3003').orderBy('id').execute();
    expect(trail.map((r) => [r.actor_role, JSON.parse(r.after_json!)])).toEqual([
      ['operator', { command: 'simulator-account', created: true }],
      ['operator', { command: 'simulator-account', created: false }],
    ]);

    // A boss who disabled it keeps it off; an unknown store is refused.
    await s.handle.db.updateTable('account').set({ disabled: 1 }).where('username', '=', 'simulator3003').execute();
    await refused(/the simulator account "simulator3003" is disabled in Account Setting/, 'simulator-account', '--kiosk', '3003');
    expect((await login('simulator3003', pw2!)).status).toBe(Status.LOGIN_INCORRECT);
    await refused(/no kiosk 9999/, 'simulator-account', '--kiosk', '9999');
  });

  it('verify exits 0 on clean books and 1 with the difference after a balance is tampered with', async () => {
    expect(await cli('verify')).toEqual({ code: 0, text: 'Ledger verified: every balance equals its ledger sum.' });
    await s.handle.db.updateTable('store').set({ credit_cents: 100001 }).where('id', '=', 3003).execute();
    const r = await cli('verify');
    expect(r.code).toBe(1);
    expect(r.text).toBe('MISMATCH store credit #3003: cached 1,000.01, ledger 1,000.00');
    await s.handle.db.updateTable('store').set({ credit_cents: 100000 }).where('id', '=', 3003).execute();
    expect((await cli('verify')).code).toBe(0);
  });

  it('refuses with OperatorError, which the entry point turns into "Refused: ..." and exit code 2', async () => {
    const err = await runCli(['freeze', '--kiosk', '3003'], s.handle, () => undefined).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(OperatorError);
  });
}, { seed: false });

describe('operator CLI entry point (npm run admin)', () => {
  it('prints what it did, or "Refused: <why>" with exit code 2', async () => {
    const { execFile } = await import('node:child_process');
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-cli-'));
    const run = (...args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile('node_modules/.bin/tsx', ['packages/server/src/cli/main.ts', ...args], { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' } }, (err, stdout, stderr) =>
          resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
    try {
      const made = await run('create-store', '--kiosk', '5005', '--name', 'Shell Store', '--credit', '10');
      expect(made).toMatchObject({ code: 0, stdout: 'Created kiosk 5005 "Shell Store".\n' });
      const again = await run('create-store', '--kiosk', '5005', '--name', 'Shell Store');
      expect(again.code).toBe(2);
      expect(again.stderr).toBe('Refused: kiosk 5005 already exists\n');
      const ambiguous = await run('add-credit', '--kiosk', '5005', '--amount', '-5');
      expect(ambiguous.code).toBe(2);
      expect(ambiguous.stderr).toMatch(/^Refused: .*--amount=-/s);
      expect(await run('verify')).toMatchObject({ code: 0 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
