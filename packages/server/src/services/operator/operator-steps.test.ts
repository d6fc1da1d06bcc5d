import { Status } from '@moneybox/contract';
import { beforeAll, expect, it, vi } from 'vitest';
import { runCli } from '../../cli/main.js';
import { auditRepository } from '../../repositories/audit.repository.js';
import { consoleAccount, type ConsoleSession } from '../../testing/console-kit.js';
import { describeOnDatabases, type TestServer } from '../../testing/server.js';

const cli = (s: TestServer, ...argv: string[]) => runCli(argv, s.handle, () => undefined);

/** The trail's rows after id `from`, oldest first. */
const rowsAfter = (s: TestServer, from: number) =>
  s.handle.db.selectFrom('audit').select(['id', 'kind', 'store_id', 'actor_name', 'after_json']).where('id', '>', from).orderBy('id').execute();
const lastId = async (s: TestServer) => Number((await s.handle.db.selectFrom('audit').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow()).id ?? 0);

describeOnDatabases("the operator's steps", (s) => {
  let admin: ConsoleSession;
  let distributor: ConsoleSession;
  beforeAll(async () => {
    admin = await consoleAccount(s, 'admin');
    distributor = await consoleAccount(s, 'distributor');
  });
  const store = (kid: number) => s.handle.db.selectFrom('store').select(['frozen', 'credit_cents', 'max_machines']).where('id', '=', kid).executeTakeFirst();

  it('write exactly one audit row each, whichever transport takes them: the CLI (operator.command) and the console (its kinds)', async () => {
    const steps: Array<[string, string[]]> = [
      ['create-store', ['--kiosk', '7101', '--name', 'Steps Arcade']],
      ['create-boss', ['--kiosk', '7101', '--username', 'stepboss1', '--password', 'step1234']],
      ['create-cashier', ['--kiosk', '7101', '--username', 'stepcash1', '--password', 'step1234']],
      ['add-credit', ['--kiosk', '7101', '--amount', '50']],
      ['add-comps-budget', ['--kiosk', '7101', '--amount', '5']],
      ['set-quota', ['--kiosk', '7101', '--max-machines', '7']],
      ['freeze', ['--kiosk', '7101', '--message', 'Audit']],
      ['unfreeze', ['--kiosk', '7101']],
      ['set-layout', ['--host', 'steps.example.com', '--layout', '3']],
      ['create-operator', ['--username', 'stepadmin1', '--password', 'step12345']],
      ['reset-operator', ['--username', 'stepadmin1']],
    ];
    for (const [command, args] of steps) {
      const from = await lastId(s);
      expect(await cli(s, command, ...args), command).toBe(0);
      const rows = await rowsAfter(s, from);
      expect(rows.map((r) => [r.kind, r.actor_name, JSON.parse(r.after_json!).command]), command).toEqual([['operator.command', 'operator', command]]);
      expect(rows[0]!.after_json).not.toContain('step1234');
    }

    const calls: Array<[string, Record<string, unknown>, string]> = [
      ['/operator/storeCreate', { kid: 7102, name: 'Console Steps', timezone: 'UTC', max_drawers: 1, max_machines: 1, limit_day: 31, limit_hourly: 0, limit_daily: 0, limit_weekly: 0, drawers: 1 }, 'console.store_create'],
      ['/operator/bossCreate', { kid: 7102, username: 'stepboss2', password: 'step1234' }, 'console.boss_create'],
      ['/operator/storeQuota', { kid: 7102, max_machines: 4 }, 'console.store_quota'],
      ['/operator/storeFreeze', { kid: 7102, freeze: true, message: 'Audit' }, 'console.store_freeze'],
      ['/operator/storeFreeze', { kid: 7102, freeze: false }, 'console.store_unfreeze'],
      ['/operator/storeDistributor', { kid: 7102, distributor_id: distributor.UID }, 'console.store_distributor'],
      ['/operator/storeDistributor', { kid: 7102, distributor_id: null }, 'console.store_distributor'],
      ['/operator/accountCreate', { username: 'stepsupp1', password: 'step12345', role: 'distributor' }, 'console.account_create'],
    ];
    for (const [path, body, kind] of calls) {
      const from = await lastId(s);
      expect((await s.call(path, { UID: admin.UID, TOKEN: admin.TOKEN, ...body })).status, path).toBe(Status.OK);
      expect((await rowsAfter(s, from)).map((r) => [r.kind, r.actor_name]), path).toEqual([[kind, admin.username]]);
    }
    expect(await store(7102)).toMatchObject({ frozen: 0, max_machines: 4 });
  });

  it('make no change when their audit row cannot be written (the row is in the change\'s transaction)', async () => {
    const failing = async <T>(fn: () => Promise<T>) => {
      const spy = vi.spyOn(auditRepository, 'insert').mockRejectedValueOnce(new Error('audit store down'));
      try {
        return await fn();
      } finally {
        spy.mockRestore();
      }
    };
    const refusedByCli = (...argv: string[]) => failing(() => expect(cli(s, ...argv)).rejects.toThrow('audit store down'));
    const ledgerRows = async () => (await s.handle.db.selectFrom('ledger').select('id').execute()).length;
    const before = { ledger: await ledgerRows(), demo: await store(1001) };

    await refusedByCli('create-store', '--kiosk', '7201', '--name', 'Unaudited', '--credit', '100');
    expect(await store(7201)).toBeUndefined();
    await refusedByCli('create-boss', '--kiosk', '1001', '--username', 'unaudited1', '--password', 'step1234');
    expect(await s.handle.db.selectFrom('account').select('id').where('username', '=', 'unaudited1').executeTakeFirst()).toBeUndefined();
    await refusedByCli('add-credit', '--kiosk', '1001', '--amount', '50');
    await refusedByCli('add-comps-budget', '--kiosk', '1001', '--amount', '5');
    await refusedByCli('set-quota', '--kiosk', '1001', '--max-machines', '3');
    await refusedByCli('freeze', '--kiosk', '1001', '--message', 'Unaudited');
    expect({ ledger: await ledgerRows(), demo: await store(1001) }).toEqual(before);
    await refusedByCli('set-layout', '--host', 'unaudited.example.com', '--layout', '2');
    expect(await s.handle.db.selectFrom('domain_layout').select('host').where('host', '=', 'unaudited.example.com').executeTakeFirst()).toBeUndefined();
    await refusedByCli('create-operator', '--username', 'unaudited2', '--password', 'step12345');
    expect(await s.handle.db.selectFrom('platform_account').select('id').where('username', '=', 'unaudited2').executeTakeFirst()).toBeUndefined();
    await s.handle.db.updateTable('platform_account').set({ locked: 1 }).where('id', '=', admin.UID).execute();
    await refusedByCli('reset-operator', '--username', admin.username);
    expect(await s.handle.db.selectFrom('platform_account').select('locked').where('id', '=', admin.UID).executeTakeFirstOrThrow()).toEqual({ locked: 1 });
    await s.handle.db.updateTable('platform_account').set({ locked: 0 }).where('id', '=', admin.UID).execute();

    const r = await failing(() => s.call('/operator/storeFreeze', { UID: admin.UID, TOKEN: admin.TOKEN, kid: 1001, freeze: true, message: 'Unaudited' }));
    expect(r.status).toBe(Status.EXECUTE_ERROR);
    expect(await store(1001)).toEqual(before.demo);
  });
});
