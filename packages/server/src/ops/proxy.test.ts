import { cents, Status } from '@moneybox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setStoreQuota } from '../services/operator/operator.service.js';
import { openPostgres } from '../db/database.js';
import { DEMO_KIOSK, DEMO_LOGINS } from '../cli/seed/seed.js';
import { verifyLedger } from '../money/verify.js';
import { TerminalSocket } from '../simulator/terminal-socket.js';
import { openLive } from '../testing/live-kit.js';
import { freshDatabase, type TestDatabase } from '../testing/databases.js';
import { metricSample, startProxy, type ProxyKind, type Reply } from '../testing/ops-kit.js';
import { startServerProcess, type ServerProcess } from '../testing/server-process.js';
import { SEED } from '../services/audit/audit.js';

/**
 * The README's reverse-proxy configurations (docs/ops/), run as they are (ports changed) by Debian's
 * nginx and HAProxy in front of two server processes on one PostgreSQL.
 */
describe('nginx and HAProxy from the README in front of two servers on one PostgreSQL', { timeout: 120_000 }, () => {
  let database: TestDatabase;
  const servers: ServerProcess[] = [];
  const ports: [number, number] = [0, 0];
  let session: { UID: number; TOKEN: string };
  let customerId: number;
  const env = { TRUST_PROXY: '1' };

  const post = async (base: string, p: string, body: Record<string, unknown> = {}): Promise<Reply> => {
    const res = await fetch(`${base}/API${p}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) });
    return (await res.json()) as Reply;
  };
  const infoCalls = async (s: ServerProcess) => {
    const text = await (await fetch(`${s.url}/metrics`)).text();
    return metricSample(text, 'moneybox_http_requests_total', { call: '/API/customer/info', code: '200', status: '0' }) ?? 0;
  };

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    await database.handle.close();
    // One after the other: the first seeds the demo store.
    for (const i of [0, 1]) {
      servers[i] = await startServerProcess({ DATABASE_URL: database.url! }, env);
      ports[i] = Number(new URL(servers[i]!.url).port);
    }
    const a = servers[0]!.url;
    const login = await post(a, '/user/posLogin', { mode: 'pos', ...DEMO_LOGINS.cashier, kiosk_id: DEMO_KIOSK });
    session = { UID: login.uid as number, TOKEN: login.token as string };
    expect((await post(a, '/user/chooseDrawer', { ...session, moneybox: 1 })).status).toBe(Status.OK);
    expect((await post(a, '/drawer/init', { ...session, amount: 1000, key: (await post(a, '/config/key')).key })).status).toBe(Status.OK);
    const c = await post(a, '/customer/create', { ...session, first_name: 'Proxy', last_name: 'Customer', birthday: '1970-01-01' });
    customerId = c.id as number;
    // No purchase limits: the load below is about the proxy, not the limits.
    const handle = openPostgres(database.url!, 1);
    await setStoreQuota({ handle: { db: handle.db } }, SEED, { storeId: DEMO_KIOSK, limitHourly: cents(0), limitDaily: cents(0), limitWeekly: cents(0) });
    await handle.close();
  });
  afterAll(async () => {
    for (const s of servers) await s?.stop();
    await database?.drop();
  });

  describe.each<ProxyKind>(['nginx', 'haproxy'])('%s', (kind) => {
    let proxy: Awaited<ReturnType<typeof startProxy>>;
    beforeAll(async () => {
      proxy = await startProxy(kind, ports);
    });
    afterAll(() => proxy?.stop());

    it('serves the API from both servers, upgrades /terminal and /API/live, passes a request id, keeps /metrics in', async () => {
      const before = await Promise.all(servers.map(infoCalls));
      const replies = await Promise.all(Array.from({ length: 40 }, () => post(proxy.url, '/customer/info', { ...session, type: 'id', rule: customerId })));
      for (const r of replies) expect(r.status).toBe(Status.OK);
      const after = await Promise.all(servers.map(infoCalls));
      expect(after[0]! - before[0]! + after[1]! - before[1]!).toBe(40);
      expect(after[0]).toBeGreaterThan(before[0]!);
      expect(after[1]).toBeGreaterThan(before[1]!);

      const res = await fetch(`${proxy.url}/healthz`);
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(kind === 'nginx' ? /^[0-9a-f]{32}$/ : /^[0-9a-f-]{36}$/);
      expect((await fetch(`${proxy.url}/metrics`)).status).toBe(403);
      // The servers' security headers pass through; over plain http a client's own X-Forwarded-Proto earns no HSTS (the proxy sets it).
      const forged = await fetch(`${proxy.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(forged.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(forged.headers.get('strict-transport-security')).toBeNull();

      // A terminal through the proxy: WebSocket upgrade, enrol, welcome.
      const boss = await post(proxy.url, '/user/posLogin', { mode: 'viewer', ...DEMO_LOGINS.boss, kiosk_id: DEMO_KIOSK });
      const code = await post(proxy.url, '/machine/enrolCode', { UID: boss.uid, TOKEN: boss.token, kind: 'game' });
      const t = await TerminalSocket.enrol(proxy.url, DEMO_KIOSK, code.code as string);
      expect(t.welcome.type).toBe('welcome');
      await t.socket.close();

      // A browser's live socket through the proxy: upgraded, and its Origin matches the Host passed on.
      const live = openLive(proxy.url, { UID: boss.uid as number, TOKEN: boss.token as string }, { origin: proxy.url });
      expect(await live.next((m) => m.type === 'hello', 5000)).toMatchObject({ kiosk_id: DEMO_KIOSK });
      live.close();
    });

    it('a rolling restart (SIGTERM one server under load, start it again) fails no request', async () => {
      let stop = false;
      const answers: Reply[] = [];
      const workers = Array.from({ length: 4 }, async () => {
        while (!stop) {
          const key = (await post(proxy.url, '/config/key')).key;
          answers.push(await post(proxy.url, '/customer/purchase', { ...session, id: customerId, amount: 1, key }));
        }
      });
      await new Promise((r) => setTimeout(r, 400));
      await servers[0]!.stop();
      await new Promise((r) => setTimeout(r, 600));
      servers[0] = await startServerProcess({ DATABASE_URL: database.url! }, env, { port: ports[0] });
      await new Promise((r) => setTimeout(r, 300));
      stop = true;
      await Promise.all(workers);

      expect(answers.length).toBeGreaterThan(10);
      expect(answers.filter((r) => r.status !== 0)).toEqual([]);
      const handle = openPostgres(database.url!, 2);
      try {
        expect(await verifyLedger(handle.db)).toEqual([]);
      } finally {
        await handle.close();
      }
    });
  });
});
