import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Status, type MachineListItem } from '@moneybox/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, sqliteFile } from '../db/database.js';
import { DEMO_KIOSK, DEMO_LOGINS } from '../cli/seed/seed.js';
import { verifyLedger } from '../money/verify.js';
import { startServerProcess, type ServerProcess } from '../testing/server-process.js';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

type Reply = Record<string, unknown> & { status: number };

async function call(url: string, p: string, body: Record<string, unknown>): Promise<Reply> {
  const res = await fetch(`${url}/API${p}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) });
  return (await res.json()) as Reply;
}

interface Run {
  code: Promise<number | null>;
  stdout(): string;
  stderr(): string;
  /** Resolves when stdout shows `text`. */
  seen(text: string, timeoutMs: number): Promise<void>;
}

/** What `npm run simulate` runs after its dependency check (package.json; checked below). */
const SIMULATOR = 'packages/server/src/simulator/main.ts';

/**
 * `npm run simulate -- <args>` in its own process, started as npm's script starts it but without npm
 * and the dependency check (seconds of start-up each, which the tests are not about).
 */
function simulate(args: string[], env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', SIMULATOR, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  return {
    code,
    stdout: () => out,
    stderr: () => err,
    async seen(text, timeoutMs) {
      const by = Date.now() + timeoutMs;
      while (!out.includes(text)) {
        if (Date.now() > by || child.exitCode !== null) throw new Error(`"${text}" never printed:\n${out}\n${err}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

const summaryOf = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!) as {
  rounds: number; purchases: number; redeems: number; sessions: number;
  machines: { asked: number; allowed: number; played: number; kiosks: number };
  stopped: Array<{ name: number; kind: string; why: string }>; renamed: Array<{ from: number; to: number }>;
  unacknowledged: number; seatedAtEnd: number; account: string; seconds: number;
};

/**
 * The README's simulator command, shortened by its own options, against a fresh server process as
 * `npm start` runs it, while a boss watches the Machine screen (its session polling /machine/list) and
 * releases one machine and renames another mid-run.
 */
describe('npm run simulate (the README command) against a fresh npm start', () => {
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;
  let stopPolling: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stopPolling?.();
    stopPolling = undefined;
    await server?.stop();
    server = undefined;
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const fresh = async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-sim-'));
    // As npm start runs it; a machine busy with other work may take a while to compile and start it.
    server = await startServerProcess({ DATA_DIR: dataDir }, {}, { startTimeoutMs: 120_000 });
    return { url: server.url, dir: dataDir };
  };

  it('is the script npm run simulate runs', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.simulate).toBe(`node scripts/ensure.mjs && tsx ${SIMULATOR}`);
  });

  it('enrols up to the store limit, keeps the boss signed in, survives a release and a rename, ends on time with its summary; the ledger verifies', { timeout: 300_000 }, async () => {
    const { url, dir } = await fresh();
    const boss = await call(url, '/user/posLogin', { mode: 'viewer', ...DEMO_LOGINS.boss, kiosk_id: DEMO_KIOSK });
    expect(boss.status).toBe(Status.OK);
    const auth = { UID: boss.uid, TOKEN: boss.token };
    // The Machine screen: the boss's session polls the list the whole run.
    const statuses: number[] = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        statuses.push(await call(url, '/machine/list', auth).then((r) => r.status, () => -1));
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    stopPolling = async () => {
      polling = false;
      await poll;
    };

    // Half a minute: long enough for every machine to play rounds while the boss releases and renames.
    const minutes = 0.5;
    const startedAt = Date.now();
    const run = simulate(['--url', url, '--kiosk', String(DEMO_KIOSK), '--machines', '20', '--players', '10', '--minutes', String(minutes), '--round-ms', '1000'], { DATA_DIR: dir });
    await run.seen('reload kiosk play', 60_000);
    expect(run.stdout()).toContain('asked for 20 game machines; kiosk 1001 allows 20 machines in all (7 enrolled: 6 game machines, 1 reload kiosk); 19 game machines and 1 reload kiosk play (fewer than asked');

    // Mid-run, once machines are playing: release one (its customer is ended with it) and rename another.
    let list: MachineListItem[] = [];
    for (let i = 0; i < 150 && !list.some((m) => m.kind === 'game' && m.status === 'playing'); i++) {
      await new Promise((r) => setTimeout(r, 200));
      list = (await call(url, '/machine/list', auth)).list as MachineListItem[];
    }
    const released = list.find((m) => m.kind === 'game' && m.status === 'playing')!;
    expect(released, 'a machine playing').toBeDefined();
    const renamed = list.find((m) => m.kind === 'game' && m.status !== 'disconnected' && m.id !== released.id)!;
    expect(await call(url, '/machine/remove', { ...auth, id: released.id, confirm: true })).toMatchObject({ status: Status.OK, released: true });
    expect(await call(url, '/machine/update', { ...auth, id: renamed.id, machine_id: 777 })).toMatchObject({ status: Status.OK });

    const code = await run.code;
    const took = Date.now() - startedAt;
    await stopPolling();
    expect(code, run.stderr()).toBe(0);
    // The run lasts --minutes (it ends by itself: the test's timeout only guards a hang); how fast it
    // winds down is load-dependent and not asserted here.
    expect(took).toBeGreaterThanOrEqual(minutes * 60_000);
    // The boss was never thrown out: every poll answered 0, and the session still works.
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s !== 0)).toEqual([]);
    expect((await call(url, '/machine/list', auth)).status).toBe(Status.OK);
    expect(statuses).not.toContain(Status.SESSION_REPLACED);

    const out = run.stdout();
    expect(out).toContain('signed in as simulator1001 (viewer)');
    expect(out).toContain(`machine ${released.machine_id} released by the store (its key is forgotten): it stops for the rest of the run`);
    expect(out).toContain(`machine ${renamed.machine_id} was renamed 777 by the store; it plays on as 777`);
    expect(out).toMatch(/done in [\d.]+ s: 19 game machines, \d+ rounds/);
    const summary = summaryOf(out);
    expect(summary).toMatchObject({
      account: DEMO_LOGINS.simulator.username,
      machines: { asked: 20, allowed: 20, played: 19, kiosks: 1 },
      stopped: [{ name: released.machine_id, kind: 'game', why: 'released by the store (its key is forgotten)' }],
      renamed: [{ from: renamed.machine_id, to: 777 }],
    });
    expect(summary.rounds).toBeGreaterThan(20);
    expect(summary.seconds).toBeGreaterThanOrEqual(minutes * 60);

    // The summary agrees with the server's books, and the books balance.
    const after = (await call(url, '/machine/list', auth)).list as MachineListItem[];
    expect(after.some((m) => m.id === released.id)).toBe(false);
    expect(after.find((m) => m.id === renamed.id)).toMatchObject({ machine_id: 777 });
    // Every session ended with a logout the server acknowledged: nobody is left seated.
    expect(summary.seatedAtEnd, out).toBe(0);
    expect(after.filter((m) => m.status === 'playing')).toEqual([]);
    expect(after.length).toBe(19);
    const handle = openSqlite(sqliteFile(dir));
    try {
      expect(await verifyLedger(handle.db)).toEqual([]);
      const simPlayers = handle.db.selectFrom('customer').select('id').where('store_id', '=', DEMO_KIOSK).where('first_name', '=', 'Sim');
      const rounds = await handle.db.selectFrom('round').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', 'in', simPlayers).executeTakeFirstOrThrow();
      const purchases = await handle.db.selectFrom('ledger').select((eb) => eb.fn.countAll<number>().as('n')).where('channel', '=', 'reload_kiosk').where('kind', '=', 'purchase').executeTakeFirstOrThrow();
      // A command whose answer was lost with the release may have been applied: the summary counts it as unknown.
      expect(Number(rounds.n)).toBeGreaterThanOrEqual(summary.rounds);
      expect(Number(rounds.n)).toBeLessThanOrEqual(summary.rounds + summary.unacknowledged);
      expect(Number(purchases.n)).toBeGreaterThanOrEqual(summary.purchases);
      expect(Number(purchases.n)).toBeLessThanOrEqual(summary.purchases + summary.unacknowledged);
    } finally {
      await handle.close();
    }
    // The state file keeps the terminals' keys: its owner's only; the released machine is forgotten.
    const stateFile = path.join(dir, `simulator-${DEMO_KIOSK}.json`);
    expect(fs.statSync(stateFile).mode & 0o777).toBe(0o600);
    const state = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { terminals: Array<{ terminalId: number }> };
    expect(state.terminals.some((t) => t.terminalId === released.id)).toBe(false);
  });

  it('on a database seeded before the simulator had an account: gives it one by the operator action, then remembers it', { timeout: 180_000 }, async () => {
    const { url, dir } = await fresh();
    // As a demo database made before this change: no simulator account.
    const handle = openSqlite(sqliteFile(dir));
    await handle.db.deleteFrom('account').where('username', '=', DEMO_LOGINS.simulator.username).execute();
    await handle.close();
    const boss = await call(url, '/user/posLogin', { mode: 'viewer', ...DEMO_LOGINS.boss, kiosk_id: DEMO_KIOSK });
    const args = ['--url', url, '--machines', '2', '--players', '2', '--minutes', '0.1', '--round-ms', '200'];

    const first = simulate(args, { DATA_DIR: dir });
    expect(await first.code, first.stderr()).toBe(0);
    expect(first.stdout()).toContain('gave the simulator account simulator1001 of kiosk 1001 a new password');
    const state = JSON.parse(fs.readFileSync(path.join(dir, 'simulator-1001.json'), 'utf8')) as { account: { username: string; password: string } };
    expect(state.account.username).toBe('simulator1001');
    // The password is stored hashed on the server, never as itself.
    const check = openSqlite(sqliteFile(dir));
    const row = await check.db.selectFrom('account').select(['password_hash', 'sa_type']).where('username', '=', 'simulator1001').executeTakeFirstOrThrow();
    await check.close();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(state.account.password);

    // A player remembered from another database (made anew since) is forgotten and replaced.
    const stateFile = path.join(dir, 'simulator-1001.json');
    const remembered = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as { players: Array<{ id: number; mobile_id: string; pin: string }> };
    const real = Math.min(1, remembered.players.length);
    remembered.players.unshift({ id: 99999, mobile_id: '999999999', pin: '0000' });
    fs.writeFileSync(stateFile, JSON.stringify(remembered));

    const second = simulate(args, { DATA_DIR: dir });
    expect(await second.code, second.stderr()).toBe(0);
    expect(second.stdout()).toContain('forgot 1 remembered players this server does not know');
    expect(second.stdout()).toContain(`2 players (${2 - real} created, ${real} from earlier runs)`);
    expect((JSON.parse(fs.readFileSync(stateFile, 'utf8')) as typeof remembered).players.some((p) => p.id === 99999)).toBe(false);
    expect(second.stdout()).not.toContain('new password');
    expect(second.stdout()).toContain('signed in as simulator1001 (viewer)');
    expect((await call(url, '/machine/list', { UID: boss.uid, TOKEN: boss.token })).status).toBe(Status.OK);

    // A store that switched its simulator account off (a boss disabled it) stays so: the simulator says why and stops.
    const off = openSqlite(sqliteFile(dir));
    await off.db.updateTable('account').set({ disabled: 1 }).where('username', '=', 'simulator1001').execute();
    await off.close();
    const refused = simulate(['--url', url, '--minutes', '0.1', '--state', path.join(dir, 'elsewhere.json')], { DATA_DIR: dir });
    expect(await refused.code).toBe(1);
    expect(refused.stderr()).toContain('simulate: the simulator account "simulator1001" is disabled in Account Setting');
  });

  it('--help prints the usage with every option and its default (exit 0); an unknown option says so with the usage (exit 2)', { timeout: 150_000 }, async () => {
    // Three processes at once: each is tsx and the simulator starting.
    const help = simulate(['--help'], {});
    const bad = simulate(['--kiosk', '1001', '--bogus'], {});
    const zero = simulate(['--minutes', '0'], {});
    expect(await help.code).toBe(0);
    for (const option of ['--url <url>', '--kiosk <id>', '--machines <n>', '--players <n>', '--minutes <m>', '--round-ms <ms>', '--user <name>', '--password <pw>', '--code <code>', '--state <file>', '--help']) {
      expect(help.stdout()).toContain(option);
    }
    for (const d of ['default 1001', 'default 6', 'default 12', 'default 5', 'default 2000']) expect(help.stdout()).toContain(d);

    expect(await bad.code).toBe(2);
    expect(bad.stderr()).toContain("simulate: Unknown option '--bogus'");
    expect(bad.stderr()).toContain('Usage: npm run simulate -- [options]');
    expect(bad.stdout()).not.toContain('signed in');

    expect(await zero.code).toBe(2);
    expect(zero.stderr()).toContain('--minutes must be a number above 0');
  });
});
