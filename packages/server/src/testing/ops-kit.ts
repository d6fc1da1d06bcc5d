// Server processes for the operations tests (shutdown, backup): a real `npm start` process on a
// new database with a cashier's open shift and a customer, driven over HTTP.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { openPostgres, openSqlite, type DatabaseHandle, type Dialect } from '../db/database.js';
import { DEMO_KIOSK, DEMO_LOGINS } from '../cli/seed/seed.js';
import { freshDatabase, type TestDatabase } from './databases.js';
import { freePort, startServerProcess, type ServerProcess } from './server-process.js';

export type Reply = Record<string, unknown> & { status: number };

/** A server process on a new database of the dialect, with a cashier's open shift and a customer. */
export async function serverWithCounter(dialect: Dialect, env: Record<string, string> = {}, dataDir?: string) {
  let database: TestDatabase | undefined;
  let dir: string | undefined = dataDir;
  let server: ServerProcess;
  if (dialect === 'sqlite') {
    dir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-ops-'));
    server = await startServerProcess({ DATA_DIR: dir }, env);
  } else {
    database = await freshDatabase('postgres');
    await database.handle.close();
    server = await startServerProcess({ DATABASE_URL: database.url! }, env);
  }
  const call = async (p: string, body: Record<string, unknown> = {}): Promise<Reply> => {
    const res = await fetch(`${server.url}/API${p}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) });
    return (await res.json()) as Reply;
  };
  const key = async () => (await call('/config/key')).key as string;
  const login = await call('/user/posLogin', { mode: 'pos', ...DEMO_LOGINS.cashier, kiosk_id: DEMO_KIOSK });
  const session = { UID: login.uid as number, TOKEN: login.token as string };
  expect((await call('/user/chooseDrawer', { ...session, moneybox: 1 })).status).toBe(0);
  expect((await call('/drawer/init', { ...session, amount: 1000, key: await key() })).status).toBe(0);
  const customer = await call('/customer/create', { ...session, first_name: 'Shut', last_name: 'Down', birthday: '1970-01-01' });
  expect(customer.status).toBe(0);
  const open = (): DatabaseHandle => (dialect === 'sqlite' ? openSqlite(path.join(dir!, 'moneybox.sqlite')) : openPostgres(database!.url!, 2));
  const cleanup = async () => {
    await server.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await database?.drop();
  };
  return { server, call, key, session, customerId: customer.id as number, open, cleanup, dir };
}

/** A purchase sent as raw HTTP: the headers and half the body now, the rest when finish() is called. */
export function halfSentPurchase(url: string, body: Record<string, unknown>) {
  const text = JSON.stringify(body);
  const u = new URL(url);
  const req = http.request({ host: u.hostname, port: u.port, path: '/API/customer/purchase', method: 'POST', headers: { 'content-type': 'text/plain', 'content-length': Buffer.byteLength(text) } });
  const reply = new Promise<Reply>((resolve, reject) => {
    req.on('response', (res) => {
      let data = '';
      res.on('data', (d: Buffer) => (data += d.toString()));
      res.on('end', () => resolve(JSON.parse(data) as Reply));
    });
    req.on('error', reject);
  });
  req.write(text.slice(0, 10));
  return { reply, finish: () => req.end(text.slice(10)), abort: () => req.destroy() };
}


/** `npm run admin -- <args>` as its own process; resolves with its exit code and output. */
export function runAdmin(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/cli/main.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

export type ProxyKind = 'nginx' | 'haproxy';

/**
 * The README's reverse proxy (docs/ops/nginx-moneybox.conf or haproxy-moneybox.cfg, the files
 * themselves with only the ports changed) in the foreground, in front of the given server ports.
 */
export async function startProxy(kind: ProxyKind, backends: [number, number]): Promise<{ url: string; stop(): Promise<void> }> {
  const root = path.resolve(import.meta.dirname, '../../../..');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `mbx-${kind}-`));
  const port = await freePort();
  const ports = (text: string) => text.replaceAll('127.0.0.1:8081', `127.0.0.1:${backends[0]}`).replaceAll('127.0.0.1:8082', `127.0.0.1:${backends[1]}`);
  let child: ReturnType<typeof spawn>;
  if (kind === 'nginx') {
    const site = ports(fs.readFileSync(path.join(root, 'docs/ops/nginx-moneybox.conf'), 'utf8')).replace('listen 80;', `listen 127.0.0.1:${port};`);
    fs.writeFileSync(path.join(dir, 'site.conf'), site);
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`).join('\n');
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      `${process.getuid?.() === 0 ? 'user root;\n' : ''}pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\ndaemon off;\nworker_processes 1;\nevents {}\nhttp {\n  access_log off;\n${temp}\n  include ${dir}/site.conf;\n}\n`,
    );
    child = spawn('/usr/sbin/nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'ignore' });
  } else {
    const cfg = ports(fs.readFileSync(path.join(root, 'docs/ops/haproxy-moneybox.cfg'), 'utf8')).replace('bind :80', `bind 127.0.0.1:${port}`);
    fs.writeFileSync(path.join(dir, 'haproxy.cfg'), cfg);
    child = spawn('/usr/sbin/haproxy', ['-db', '-f', path.join(dir, 'haproxy.cfg')], { stdio: 'ignore' });
  }
  const exited = new Promise((r) => child.once('exit', r));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 15_000;
  for (;;) {
    const ok = await fetch(`${url}/readyz`).then((r) => r.status === 200, () => false);
    if (ok) break;
    if (Date.now() > until || child.exitCode !== null) throw new Error(`${kind} did not come up`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One sample's value from the Prometheus text, or undefined. */
export function metricSample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const m = /^([^{\s]+)(?:\{([^}]*)\})?\s+(\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries((m[2] ?? '').split(',').filter(Boolean).map((kv) => { const [k, v] = kv.split('='); return [k, v!.replace(/^"|"$/g, '')]; }));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(m[3]);
  }
  return undefined;
}
