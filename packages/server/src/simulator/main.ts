import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, sqliteFile } from '../db/database.js';
import { OperatorError } from '../services/operator/operator.service.js';
import { provideSimulatorAccount } from '../services/operator/simulator-account.js';
import { settingsFromEnv } from '../settings.js';
import { runSimulation, SimulationError, type Credential } from './simulation.js';

const DEFAULT_URL = process.env.SIM_URL ?? 'http://127.0.0.1:8080';

const USAGE = `Moneybox floor simulator: plays a store's game machines and reload kiosk against a running server.

Usage: npm run simulate -- [options]

Options:
  --url <url>         the server (default ${DEFAULT_URL}; env SIM_URL)
  --kiosk <id>        the store (default 1001, the demo store)
  --machines <n>      game machines to play (default 6); the store's max machines, which counts its reload
                      kiosk too, may allow fewer: it enrols up to that limit and says so
  --players <n>       customers to create and play (default 12)
  --minutes <m>       how long the run lasts, setup included; fractions allowed (default 5)
  --round-ms <ms>     mean time between a machine's rounds (default 2000)
  --user <name>       sign in with this staff account instead of the simulator's own (default: its own,
  --password <pw>     simulator<kiosk>; a person's account would end that person's session)
  --code <code>       also enrol one machine with a code made on the Machine screen (XXXXX-XXXXX)
  --state <file>      where it remembers its terminals, players and password
                      (default $DATA_DIR/simulator-<kiosk>.json, DATA_DIR defaulting to ./data)
  -h, --help          this text

It prints what it does and, at the end, a summary line and a JSON line.
Exit status: 0 done, 1 could not run (the reason is printed), 2 bad options.`;

class UsageError extends Error {}

function parse(argv: string[]) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: 'string', default: DEFAULT_URL },
        kiosk: { type: 'string', default: '1001' },
        machines: { type: 'string', default: '6' },
        players: { type: 'string', default: '12' },
        minutes: { type: 'string', default: '5' },
        'round-ms': { type: 'string', default: '2000' },
        user: { type: 'string' },
        password: { type: 'string' },
        code: { type: 'string' },
        state: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const whole = (name: 'kiosk' | 'machines' | 'players' | 'round-ms', min: number) => {
    const v = values[name];
    if (!/^\d{1,15}$/.test(v) || Number(v) < min) throw new UsageError(`--${name} must be a whole number of at least ${min} (got "${v}")`);
    return Number(v);
  };
  const minutes = Number(values.minutes);
  if (!/^\d*\.?\d+$/.test(values.minutes) || !(minutes > 0)) throw new UsageError(`--minutes must be a number above 0, fractions allowed (got "${values.minutes}")`);
  if ((values.user === undefined) !== (values.password === undefined)) throw new UsageError('--user and --password go together');
  let url: URL;
  try {
    url = new URL(values.url);
  } catch {
    throw new UsageError(`--url must be a URL like http://127.0.0.1:8080 (got "${values.url}")`);
  }
  return {
    help: values.help,
    url: values.url.replace(/\/+$/, ''),
    local: ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname),
    kiosk: whole('kiosk', 1),
    machines: whole('machines', 1),
    players: whole('players', 1),
    minutes,
    roundMs: whole('round-ms', 10),
    account: values.user === undefined ? undefined : { username: values.user, password: values.password! },
    code: values.code,
    state: values.state,
  };
}

/**
 * The operator action, run beside the server's database (same DATABASE_URL / DATA_DIR as `npm start`):
 * the store's simulator account with a new password. Only for a server on this machine.
 */
async function provideHere(kiosk: number): Promise<Credential> {
  const settings = settingsFromEnv();
  if (!settings.databaseUrl && !fs.existsSync(sqliteFile(settings.dataDir))) {
    throw new SimulationError(`no database at ${sqliteFile(settings.dataDir)} to give the simulator an account: set DATA_DIR or DATABASE_URL as the server has them`);
  }
  const handle = openDatabase(settings);
  try {
    return await provideSimulatorAccount(handle.db, kiosk);
  } catch (err) {
    if (err instanceof OperatorError) throw new SimulationError(err.message);
    throw err;
  } finally {
    await handle.close();
  }
}

async function main(argv: string[]): Promise<number> {
  let o;
  try {
    o = parse(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`simulate: ${err.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (o.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const log = (line: string) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
  try {
    const report = await runSimulation({
      url: o.url,
      kiosk: o.kiosk,
      machines: o.machines,
      players: o.players,
      minutes: o.minutes,
      roundMs: o.roundMs,
      account: o.account,
      provideAccount: o.local ? provideHere : undefined,
      code: o.code,
      stateFile: o.state ?? path.resolve(process.env.DATA_DIR ?? 'data', `simulator-${o.kiosk}.json`),
      log,
    });
    process.stdout.write(
      `${JSON.stringify({
        rounds: report.rounds.length, gifts: report.gifts.length, sessions: report.logins, purchases: report.purchases, redeems: report.redeems, refusals: report.refusals,
        machines: { asked: report.floor.asked, allowed: report.floor.allowed, played: report.machines, kiosks: report.floor.kiosks },
        stopped: report.stopped, renamed: report.renamed, unacknowledged: report.unacknowledged, seatedAtEnd: report.seatedAtEnd, account: report.account, seconds: report.seconds,
      })}\n`,
    );
    return 0;
  } catch (err) {
    const why = err instanceof SimulationError ? err.message : err instanceof Error ? `${err.message}${err.cause instanceof Error ? ` (${err.cause.message})` : ''}` : String(err);
    process.stderr.write(`simulate: ${why}\n`);
    return 1;
  }
}

process.exit(await main(process.argv.slice(2)));
