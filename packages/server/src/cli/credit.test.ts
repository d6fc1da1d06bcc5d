import type { Cents } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { createPlatformAccount } from '../services/console/platform-accounts.service.js';
import { createStore } from '../services/operator/operator.service.js';
import { operatorCli } from '../testing/cli-kit.js';
import { describeOnDatabases } from '../testing/server.js';
import { SEED } from '../services/audit/audit.js';

const newStore = (id: number) =>
  ({ id, name: `Cli Credit ${id}`, timezone: 'America/Chicago', credit: 0 as Cents, compsBudget: 0 as Cents, maxDrawers: 1, maxMachines: 1, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 1 });

/**
 * `npm run admin -- give-credit | take-back-credit | distributors`: credit down the hierarchy from the
 * command line through the console's credit service, as the operator: both balances printed, the same
 * checks, idempotency by --key, transfer and audit rows, and verify covering it.
 */
describeOnDatabases('operator CLI: credit down the hierarchy', (s) => {
  let dist = 0;
  const { cli, refused } = operatorCli(s);
  const moves = async () => Number((await s.handle.db.selectFrom('credit_transfer').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const storeCredit = async (id: number) => Number((await s.handle.db.selectFrom('store').select('credit_cents').where('id', '=', id).executeTakeFirstOrThrow()).credit_cents);

  beforeAll(async () => {
    await createStore({ handle: s.handle }, SEED, newStore(5101));
    await createStore({ handle: s.handle }, SEED, newStore(5102));
    dist = await createPlatformAccount({ handle: s.handle }, SEED, { username: 'clidist01', password: 'console123', role: 'distributor', stores: [5101] });
    await createPlatformAccount({ handle: s.handle }, SEED, { username: 'clisub001', password: 'console123', role: 'distributor', stores: [5102], parentId: dist });
  });

  it('gives credit down (operator → distributor → sub-distributor and store) and takes it back up, printing both balances', async () => {
    expect(await cli('give-credit', '--distributor', 'clidist01', '--amount', '1000', '--note', 'first lot')).toEqual({
      code: 0,
      text: expect.stringMatching(/^Gave 1,000\.00 credit to distributor "clidist01" from the operator \(move \d+\): distributor "clidist01" holds 1,000\.00\.$/),
    });
    expect((await cli('give-credit', '--distributor', 'clisub001', '--amount', '200')).text).toMatch(/to distributor "clisub001" from distributor "clidist01" .*: distributor "clisub001" holds 200\.00, distributor "clidist01" holds 800\.00\.$/);
    expect((await cli('give-credit', '--kiosk', '5101', '--amount', '300.50')).text).toMatch(/^Gave 300\.50 credit to kiosk 5101 from distributor "clidist01" .*: kiosk 5101 holds 300\.50, distributor "clidist01" holds 499\.50\.$/);
    expect((await cli('take-back-credit', '--kiosk', '5101', '--amount', '100.50', '--note', 'slow week')).text).toMatch(/^Took back 100\.50 credit from kiosk 5101 to distributor "clidist01" .*: kiosk 5101 holds 200\.00, distributor "clidist01" holds 600\.00\.$/);
    expect((await cli('take-back-credit', '--distributor', 'clidist01', '--amount', '100')).text).toMatch(/holds 500\.00\.$/);
    expect(await storeCredit(5101)).toBe(20000);

    const { text } = await cli('distributors');
    expect(text.split('\n')).toEqual(['clidist01  credit 500.00  parent operator  stores 5101', 'clisub001  credit 200.00  parent clidist01  stores 5102', '2 distributors.']);
    // The console's history shows the moves by the operator; the audit trail has one row per move, as the CLI's other commands.
    const audit = await s.handle.db.selectFrom('audit').select(['actor_name', 'actor_role', 'kind', 'actor_account_id']).where('kind', 'like', 'console.credit_%').orderBy('id').execute();
    expect(audit.map((a) => [a.actor_name, a.actor_role, a.kind, a.actor_account_id])).toEqual([
      ['operator', 'operator', 'console.credit_give', null],
      ['operator', 'operator', 'console.credit_give', null],
      ['operator', 'operator', 'console.credit_give', null],
      ['operator', 'operator', 'console.credit_take_back', null],
      ['operator', 'operator', 'console.credit_take_back', null],
    ]);
    expect((await cli('verify')).code).toBe(0);
    const help = (await cli('help')).text;
    for (const cmd of ['give-credit', 'take-back-credit', 'distributors']) expect(help).toContain(cmd);
  });

  it('refuses what the console refuses, in words, and moves nothing', async () => {
    const before = await moves();
    await refused(/the giver has less credit than that/, 'give-credit', '--kiosk', '5102', '--amount', '200.01');
    await refused(/the store has less credit than that/, 'take-back-credit', '--kiosk', '5101', '--amount', '200.01');
    await refused(/no distributor "nobody01"/, 'give-credit', '--distributor', 'nobody01', '--amount', '1');
    await refused(/name a store \(--kiosk\) or a distributor/, 'give-credit', '--kiosk', '5101', '--distributor', 'clidist01', '--amount', '1');
    await refused(/name a store \(--kiosk\) or a distributor/, 'give-credit', '--amount', '1');
    await refused(/--amount must be an amount/, 'give-credit', '--kiosk', '5101', '--amount', '1.234');
    await refused(/--amount is required/, 'give-credit', '--kiosk', '5101');
    await refused(/--key must be/, 'give-credit', '--kiosk', '5101', '--amount', '1', '--key', 'short');
    expect(await moves()).toBe(before);
    expect(await storeCredit(5102)).toBe(0);
  });

  it('moves once for a retried command with the same --key, and refuses that key for another move', async () => {
    const before = await moves();
    const first = await cli('give-credit', '--kiosk', '5102', '--amount', '50', '--key', 'cli-retry-0001');
    expect(first.text).toMatch(/kiosk 5102 holds 50\.00, distributor "clisub001" holds 150\.00\.$/);
    expect(await cli('give-credit', '--kiosk', '5102', '--amount', '50', '--key', 'cli-retry-0001')).toEqual(first);
    await refused(/key/i, 'give-credit', '--kiosk', '5102', '--amount', '60', '--key', 'cli-retry-0001');
    expect(await moves()).toBe(before + 1);
    expect(await storeCredit(5102)).toBe(5000);
  });
});
