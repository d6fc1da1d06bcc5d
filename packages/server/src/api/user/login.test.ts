import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../testing/databases.js';
import { startTestServer, type TestServer } from '../../testing/server.js';

describe.each(dialects)('posLogin and chooseDrawer on %s', (dialect) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(dialect);
  });
  afterAll(() => s?.close());

  it('logs a cashier in and hands out a drawer with a new shift', async () => {
    const login = await s.login();
    expect(login).toMatchObject({ status: 0, saType: 2, account: 'cashier01', kid: 1001, moneybox: -1 });
    const r = await s.call('/user/chooseDrawer', { UID: login.UID, TOKEN: login.TOKEN, moneybox: 2 });
    expect(r).toMatchObject({ status: 0, moneybox: 2, kid: 1001, storename: 'Demo Arcade', initAmount: false });
    const list = await s.call('/drawer/list', { kioskID: 1001 });
    const two = (list.list as Array<{ number: number; status: string; account: string }>).find((d) => d.number === 2);
    expect(two).toMatchObject({ status: 'occupied', account: 'cashier01' });
  });

  it('answers 42 with attempts left, then 41 once locked', async () => {
    const bad = { mode: 'pos', username: 'boss01', password: 'wrong123' };
    const first = await s.call('/user/posLogin', bad);
    expect(first).toMatchObject({ status: 42, try_times: 4 });
    for (const left of [3, 2, 1]) expect(await s.call('/user/posLogin', bad)).toMatchObject({ status: 42, try_times: left });
    expect((await s.call('/user/posLogin', bad)).status).toBe(41);
    // Even the right password is refused while locked.
    expect((await s.call('/user/posLogin', { mode: 'pos', username: 'boss01', password: 'boss1234' })).status).toBe(41);
  });
});
