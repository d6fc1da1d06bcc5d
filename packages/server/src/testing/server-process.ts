import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../../../scripts/server-node-flags.mjs';

/** A free TCP port on the loopback interface. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Settles with the exit code when the process ends (ops tests time the shutdown). */
  exited: Promise<number | null>;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM: the graceful way down. */
  stop(): Promise<void>;
  /** SIGKILL (`kill -9`): no shutdown code runs, as in a crash or a power cut of the process. */
  kill(): Promise<void>;
}

/**
 * A server as its own operating-system process (`npm start`'s entry) on the given database:
 * `{ DATABASE_URL }` for PostgreSQL or `{ DATA_DIR }` for a SQLite file.
 */
export { freePort };

/**
 * A hang guard on a start (migrate, listen): at load average 10 on two cores a start took longer than
 * 30 s in a clean-clone run (a rolling restart behind the proxies, a shutdown test), and passed alone.
 */
const START_TIMEOUT_MS = 90_000;

export async function startServerProcess(
  database: { DATABASE_URL: string } | { DATA_DIR: string },
  env: Record<string, string> = {},
  opts: { port?: number; startTimeoutMs?: number; fileLimit?: number; onSpawn?: (pid: number) => void } = {},
): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const root = path.resolve(import.meta.dirname, '../../../..');
  const options = {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', ...database, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'],
  };
  const child: ChildProcess = opts.fileLimit
    ? spawnWithFileLimit(opts.fileLimit, options)
    : spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'packages/server/src/main.ts'], options);
  opts.onSpawn?.(child.pid!);
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server process did not start: ${output}`)), opts.startTimeoutMs ?? START_TIMEOUT_MS);
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes('Moneybox POS is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server process exited ${code}: ${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * The same server process under an open-descriptor limit (`ulimit -n`), as a small machine's would be;
 * `exec` keeps the pid node's, so stop and kill reach the server itself.
 */
function spawnWithFileLimit(fileLimit: number, options: SpawnOptions): ChildProcess {
  const node = [process.execPath, ...SERVER_NODE_FLAGS, '--import', 'tsx', 'packages/server/src/main.ts'];
  return spawn('bash', ['-c', `ulimit -n ${fileLimit} && exec "$0" "$@"`, ...node], options);
}

/**
 * Starts a server process and kills it with SIGKILL `afterMs` later, wherever its start has got
 * to (a crash during the first start: migrations, the demo seed). True when it had finished
 * starting by then.
 */
export async function killDuringStart(database: { DATABASE_URL: string } | { DATA_DIR: string }, afterMs: number, env: Record<string, string> = {}): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const server = await startServerProcess(database, env, { onSpawn: (pid) => (timer = setTimeout(() => process.kill(pid, 'SIGKILL'), afterMs)) });
    clearTimeout(timer);
    await server.kill();
    return true;
  } catch {
    return false;
  }
}
