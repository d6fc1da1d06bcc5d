import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { Status } from '@moneybox/contract';
import { settingsFromEnv } from '../settings.js';
import { startServerProcess, type ServerProcess } from '../testing/server-process.js';
import { dribble, postFrom, type SlowClient } from '../testing/slow-clients.js';

// Small values, so the test sees every timeout pass; the defaults are in settings.ts and README.
const [HEADERS_S, REQUEST_S, KEEP_ALIVE_S, CAP] = [2, 5, 2, 60];
/** More dribblers from one address than the server has descriptors: without the cap they take them all. */
const [FILE_LIMIT, DRIBBLERS] = [200, 240];

const bodyHead = 'POST /API/config/key HTTP/1.1\r\nHost: pos\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n{';
const secondsSince = (c: SlowClient) => ((c.closedAt ?? performance.now()) - c.connectedAt) / 1000;

describe('slow clients under a low descriptor limit', () => {
  let server: ServerProcess;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-slow-'));
    server = await startServerProcess(
      { DATA_DIR: dataDir },
      { HEADERS_TIMEOUT_SECONDS: String(HEADERS_S), REQUEST_TIMEOUT_SECONDS: String(REQUEST_S), KEEP_ALIVE_TIMEOUT_SECONDS: String(KEEP_ALIVE_S), MAX_CONNECTIONS_PER_ADDRESS: String(CAP) },
      { fileLimit: FILE_LIMIT, startTimeoutMs: 60_000 },
    );
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves a fresh client while one address dribbles bodies on more connections than there are descriptors, and cuts the dribblers after the request timeout', async () => {
    const dribblers = await Promise.all(Array.from({ length: DRIBBLERS }, () => dribble(server.url, { head: bodyHead, drip: ' ', everyMs: 500 })));
    try {
      // Past the cap, the address's new connections are closed as they come (a loaded machine takes a moment to see them all).
      const open = () => dribblers.filter((d) => d.closedAt === undefined).length;
      await expect.poll(open, { timeout: REQUEST_S * 800, interval: 100 }).toBeLessThanOrEqual(CAP);
      expect(open()).toBe(CAP);
      const kept = dribblers.filter((d) => d.closedAt === undefined);

      const fresh = await postFrom(server.url, '127.0.0.2', '/config/key');
      expect(fresh.status).toBe(Status.OK);

      // The ones the server kept are cut once the whole request has not arrived within the timeout: not before, not never.
      await Promise.all(dribblers.map((d) => d.closed));
      for (const d of kept) expect(secondsSince(d)).toBeGreaterThanOrEqual(REQUEST_S - 0.5);
      expect(Math.max(...kept.map(secondsSince))).toBeLessThan(REQUEST_S + 10);
      // The address has its connections back. Asked a few times: one loaded CI run had its first try reset
      // (ECONNRESET, not reproduced since, alone or with the cores kept busy); an address still held at the cap
      // would fail every try.
      const served = () => postFrom(server.url, '127.0.0.1', '/config/key').then((r) => r.status, (err: Error) => err.message);
      await expect.poll(served, { timeout: 5_000, interval: 250 }).toBe(Status.OK);
    } finally {
      for (const d of dribblers) d.destroy();
    }
  }, 60_000);

  it('cuts a client that dribbles its headers after the header timeout, before the request timeout', async () => {
    const slow = await dribble(server.url, { head: 'GET /livez HTTP/1.1\r\nHost: pos\r\n', drip: 'X-Slow: 1\r\n', everyMs: 200, localAddress: '127.0.0.3' });
    await slow.closed;
    expect(secondsSince(slow)).toBeGreaterThanOrEqual(HEADERS_S - 0.5);
    expect(secondsSince(slow)).toBeLessThan(REQUEST_S);
  }, 30_000);

  it('closes an idle keep-alive connection after the keep-alive timeout, and leaves an upgraded terminal socket alone past every timeout', async () => {
    const idle = await dribble(server.url, { head: 'GET /livez HTTP/1.1\r\nHost: pos\r\n\r\n', drip: '', everyMs: 60_000, localAddress: '127.0.0.4' });
    // A terminal's socket before its first message: the server's own opening timeout (10 s) is the only one that applies.
    const terminal = new WebSocket(`${server.url.replace('http', 'ws')}/terminal`, { localAddress: '127.0.0.4' });
    await new Promise((resolve, reject) => terminal.once('open', resolve).once('error', reject));
    const terminalClosed = new Promise((resolve) => terminal.once('close', resolve));

    await idle.closed;
    expect(secondsSince(idle)).toBeGreaterThanOrEqual(KEEP_ALIVE_S - 0.5);
    await new Promise((resolve) => setTimeout(resolve, (REQUEST_S + 2) * 1000 - secondsSince(idle) * 1000));
    expect(terminal.readyState).toBe(WebSocket.OPEN);
    terminal.close();
    await terminalClosed;
  }, 30_000);
});

describe('slow-client settings', () => {
  it('caps each address directly, but not the proxy every client comes through, unless a cap is set', () => {
    expect(settingsFromEnv({}).maxConnectionsPerAddress).toBe(512);
    expect(settingsFromEnv({ TRUST_PROXY: '1' }).maxConnectionsPerAddress).toBe(0);
    expect(settingsFromEnv({ TRUST_PROXY: '1', MAX_CONNECTIONS_PER_ADDRESS: '2000' }).maxConnectionsPerAddress).toBe(2000);
  });

  it('holds the header timeout to the request timeout (Node refuses a longer one)', () => {
    expect(settingsFromEnv({})).toMatchObject({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000, keepAliveTimeoutMs: 72_000 });
    expect(settingsFromEnv({ HEADERS_TIMEOUT_SECONDS: '60', REQUEST_TIMEOUT_SECONDS: '20' })).toMatchObject({ headersTimeoutMs: 20_000, requestTimeoutMs: 20_000 });
  });
});
