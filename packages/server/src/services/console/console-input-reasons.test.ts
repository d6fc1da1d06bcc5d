import fs from 'node:fs';
import path from 'node:path';
import { OPERATOR_REASONS, Status, type Cents } from '@moneybox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleAccount, type ConsoleSession } from '../../testing/console-kit.js';
import { describeOnDatabases } from '../../testing/server.js';
import { createStore } from '../operator/operator.service.js';
import { SEED } from '../audit/audit.js';

/**
 * The console's input errors (13) name their machine reason beside the English words, so the web says
 * them in the user's language (contract operator-reasons.ts): the operator's steps refused through the
 * console (asConsole) and the console's own refusals.
 */
describeOnDatabases("the console's input errors name their reason", (s) => {
  let admin: ConsoleSession;
  let dist: ConsoleSession;
  const as = (c: ConsoleSession) => ({ UID: c.UID, TOKEN: c.TOKEN });
  const own = 4601;
  const bound = 4602;
  const newStore = (kid: number, timezone = 'America/Chicago') => ({ kid, name: `Reasons ${kid}`, timezone, max_drawers: 2, max_machines: 2, limit_day: 31, limit_hourly: 0, limit_daily: 0, limit_weekly: 0, drawers: 1 });
  const storeCount = async () => Number((await s.handle.db.selectFrom('store').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    admin = await consoleAccount(s, 'admin');
    dist = await consoleAccount(s, 'distributor');
    const base = { timezone: 'America/Chicago', credit: 0 as Cents, compsBudget: 0 as Cents, maxDrawers: 1, maxMachines: 1, limitDay: 31, limitHourly: 0 as Cents, limitDaily: 0 as Cents, limitWeekly: 0 as Cents, drawers: 1 };
    await createStore({ handle: s.handle }, SEED, { ...base, id: own, name: 'Own Arcade' });
    await createStore({ handle: s.handle }, SEED, { ...base, id: bound, name: 'Bound Arcade', distributorId: dist.UID });
  });

  it("refuses a new store the operator's step refuses with 13 and its reason (a taken kiosk id, an unknown time zone), creating nothing", async () => {
    const before = await storeCount();
    expect(await s.call('/operator/storeCreate', { ...as(admin), ...newStore(own) })).toEqual({ status: Status.INPUT_ERROR, reason: 'kiosk_exists', error: `kiosk ${own} already exists` });
    expect(await s.call('/operator/storeCreate', { ...as(admin), ...newStore(4603, 'Mars/Olympus') })).toEqual({
      status: Status.INPUT_ERROR,
      reason: 'timezone',
      error: 'unknown timezone "Mars/Olympus" (use an IANA name such as America/Chicago)',
    });
    expect(await storeCount()).toBe(before);
    expect(await s.call('/operator/storeCreate', { ...as(admin), ...newStore(4603) })).toEqual({ status: Status.OK, kid: 4603 });
  });

  it("names the reason of the store's own refusals: a host another store uses, a host not the store's, a freeze without a message", async () => {
    expect((await s.call('/operator/storeHost', { ...as(dist), kid: bound, host: 'reasons.example.com', layout: 2 })).status).toBe(Status.OK);
    expect(await s.call('/operator/storeHost', { ...as(admin), kid: own, host: 'reasons.example.com', layout: 1 })).toEqual({ status: Status.INPUT_ERROR, reason: 'host_taken', error: 'host already in use' });
    expect(await s.call('/operator/storeHostRemove', { ...as(admin), kid: own, host: 'reasons.example.com' })).toEqual({ status: Status.INPUT_ERROR, reason: 'not_store_host', error: 'not a host of this store' });
    expect(await s.call('/operator/storeFreeze', { ...as(admin), kid: own, freeze: true, message: '  ' })).toMatchObject({ status: Status.INPUT_ERROR, reason: 'freeze_message' });
  });

  it("names the reason of a distributor binding, an announcement and a news item refused", async () => {
    expect(await s.call('/operator/storeDistributor', { ...as(admin), kid: own, distributor_id: null })).toEqual({ status: Status.INPUT_ERROR, reason: 'already_own', error: "the store is already one of the operator's own" });
    expect(await s.call('/operator/storeDistributor', { ...as(admin), kid: bound, distributor_id: dist.UID })).toEqual({ status: Status.INPUT_ERROR, reason: 'already_bound', error: 'the store is already bound to that distributor' });
    const made = await s.call('/operator/announcementCreate', { ...as(admin), msg: 'Reasons announcement', modes: [0] });
    expect(made.status).toBe(Status.OK);
    expect((await s.call('/operator/announcementWithdraw', { ...as(admin), id: made.id })).status).toBe(Status.OK);
    expect(await s.call('/operator/announcementWithdraw', { ...as(admin), id: made.id })).toMatchObject({ status: Status.INPUT_ERROR, reason: 'announcement_withdrawn' });
    expect(await s.call('/operator/newsWithdraw', { ...as(admin), id: 987_654 })).toEqual({ status: Status.INPUT_ERROR, reason: 'no_bulletin', error: 'no bulletin 987654' });
  });
});

describe("the console's input errors in the sources", () => {
  const services = path.resolve(import.meta.dirname, '..');
  const read = (f: string) => fs.readFileSync(path.join(services, f), 'utf8');

  it('give every operator refusal a console call can meet its reason, and every console 13 with words a reason', () => {
    // The operator's steps the console calls (the CLI's own refusals, as backup's, need none).
    for (const f of ['operator/operator.service.ts', 'operator/notice.service.ts', 'operator/publish.service.ts', 'bulletin/file-type.ts']) {
      const lines = read(f).split('\n').filter((l) => l.includes('new OperatorError('));
      expect(lines.length, f).toBeGreaterThan(0);
      for (const l of lines) expect(l, f).toMatch(/, ('[a-z_]+'|problem|f\.reason)\);?$/);
    }
    const consoleDir = path.join(services, 'console');
    for (const f of fs.readdirSync(consoleDir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
      for (const l of fs.readFileSync(path.join(consoleDir, f), 'utf8').split('\n')) if (l.includes('refuse(Status.INPUT_ERROR')) expect(l, f).toMatch(/reason: /);
    }
    for (const r of OPERATOR_REASONS) expect(r).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });
});
