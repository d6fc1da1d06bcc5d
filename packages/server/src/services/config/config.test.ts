import { Status } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { setDomainLayout } from '../operator/operator.service.js';
import { createAnnouncement } from '../operator/notice.service.js';
import { OPERATOR, SEED } from '../audit/audit.js';
import { describeOnDatabases, type Session } from '../../testing/server.js';
import { writeMaintenance } from './maintenance.js';

/** The UTC offset of a timezone in minutes, read from Intl's own "GMT-06:00" name. */
function expectedOffset(timeZone: string, at = new Date()): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')!.value;
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

describeOnDatabases('config calls', (s) => {
  let boss: Session;
  beforeAll(async () => {
    boss = await s.login({ username: 'boss01', password: 'boss1234' }, 'viewer');
  });

  it('/config/localtime answers the store offset of America/Chicago (-360 in winter, -300 in summer)', async () => {
    const r = await s.call('/config/localtime', { UID: boss.UID, TOKEN: boss.TOKEN });
    const expected = expectedOffset('America/Chicago');
    expect([-360, -300]).toContain(expected);
    expect(r).toMatchObject({ status: Status.OK, diff: expected, timezone: 'America/Chicago' });
    expect((await s.call('/config/localtime', {})).status).toBe(Status.SESSION_REPLACED);
  });

  it('/config/key hands out distinct keys that work once; a second use is 12 and changes nothing', async () => {
    const cashier = await s.loginAt(1);
    const a = await s.call('/config/key');
    const b = await s.call('/config/key');
    expect(a).toMatchObject({ status: Status.OK, key: expect.stringMatching(/^[A-Za-z0-9_-]{16,}$/) });
    expect(a.key).not.toBe(b.key);
    expect((await s.call('/drawer/init', { ...cashier, amount: 100, key: a.key })).status).toBe(Status.OK);
    const ledgerBefore = await s.handle.db.selectFrom('ledger').select('id').execute();
    expect(await s.call('/drawer/init', { ...cashier, amount: 100, key: a.key })).toMatchObject({ status: Status.KEY_ERROR, error: 'Key error' });
    expect(await s.call('/drawer/init', { ...cashier, amount: 100, key: 'never-issued-key-1234' })).toMatchObject({ status: Status.KEY_ERROR });
    expect(await s.handle.db.selectFrom('ledger').select('id').execute()).toHaveLength(ledgerBefore.length);
    await s.verify();
    expect((await s.call('/drawer/shift', cashier)).status).toBe(Status.OK);
  });

  it('/config/key expires: a key used after its lifetime is 12', async () => {
    const cashier = await s.loginAt(2);
    const k = await s.key();
    await new Promise((r) => setTimeout(r, 1700));
    expect((await s.call('/drawer/init', { ...cashier, amount: 10, key: k })).status).toBe(Status.KEY_ERROR);
    // A fresh key still works: the refusal did not spoil the shift.
    expect((await s.call('/drawer/init', { ...cashier, amount: 10, key: await s.key() })).status).toBe(Status.OK);
    expect((await s.call('/drawer/shift', cashier)).status).toBe(Status.OK);
    await s.verify();
  });

  it('/config/announce lists the active announcements with their layouts', async () => {
    await createAnnouncement({ handle: s.handle }, OPERATOR, { msg: 'Closed on Monday for cleaning', modes: [1, 4] });
    const r = await s.call('/config/announce', { UID: boss.UID, TOKEN: boss.TOKEN });
    expect(r.status).toBe(Status.OK);
    const msgInfo = r.msgInfo as Array<{ msg: string; mode: number[] }>;
    expect(msgInfo[0]).toMatchObject({ msg: expect.stringContaining('Welcome'), mode: [0, 1, 2, 3, 4, 5, 6] });
    expect(msgInfo).toContainEqual({ msg: 'Closed on Monday for cleaning', mode: [1, 4] });
    expect((await s.call('/config/announce', {})).status).toBe(Status.SESSION_REPLACED);
  });

  it('GET /API/config/domain.json reflects the operator domain map', async () => {
    const empty = await s.raw('/API/config/domain.json');
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-type')).toContain('application/json');
    expect(await empty.json()).toEqual({});
    await setDomainLayout({ handle: s.handle }, SEED, { host: 'Pos.Example.com', layout: 4 });
    await setDomainLayout({ handle: s.handle }, SEED, { host: 'localhost:8080', layout: 2 });
    await setDomainLayout({ handle: s.handle }, SEED, { host: 'localhost:8080', layout: 5 });
    expect(await (await s.raw('/API/config/domain.json')).json()).toEqual({ 'pos.example.com': 4, 'localhost:8080': 5 });
  });

  it('/config/maintain is status 0 with an empty msg while the switch is off', async () => {
    expect(await s.call('/config/maintain')).toMatchObject({ status: Status.OK, maintenance: false, msg: '' });
  });

  it('the maintenance switch answers every call 503 {e} and /config/maintain gives the message', async () => {
    await writeMaintenance(s.handle.db, { on: true, msg: 'Upgrading until 3:00' });
    try {
      for (const path of ['/user/posLogin', '/config/key', '/drawer/list', '/user/menu', '/no/such']) {
        const res = await s.raw(`/API${path}`, { method: 'POST', body: '{}' });
        expect(res.status, path).toBe(503);
        const body = (await res.json()) as Record<string, unknown>;
        expect(body, path).toHaveProperty('e');
        expect(body, path).not.toHaveProperty('status');
      }
      expect(await s.call('/config/maintain')).toMatchObject({ status: Status.OK, maintenance: true, msg: 'Upgrading until 3:00' });
      // The login page can still pick its colours while the server is down for maintenance.
      expect((await s.raw('/API/config/domain.json')).status).toBe(200);
    } finally {
      await writeMaintenance(s.handle.db, { on: false, msg: '' });
    }
    expect((await s.call('/config/key')).status).toBe(Status.OK);
  });
}, { settings: { keyTtlMs: 1500 } });

describeOnDatabases('/config/key from one address', (s) => {
  it('is anonymous but bounded: past the per-minute limit it answers HTTP 511 status 34 and inserts no key', async () => {
    for (let i = 0; i < 3; i++) expect((await s.call('/config/key')).status).toBe(Status.OK);
    const count = async () => Number((await s.handle.db.selectFrom('one_time_key').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const res = await s.raw('/API/config/key', { method: 'POST', body: '{}' });
    expect(res.status).toBe(511);
    expect(await res.json()).toMatchObject({ status: Status.DATA_LOCKED, retryAfter: 60 });
    expect(await count()).toBe(before);
  });
}, { settings: { keyIpLimit: 3 } });
