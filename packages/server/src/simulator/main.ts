import path from 'node:path';
import { parseArgs } from 'node:util';
import { runSimulation } from './simulation.js';

// npm run simulate -- --kiosk 1001 --machines 20 --players 40 --minutes 5 [--url http://127.0.0.1:8080] [--code XXXXX-XXXXX]
const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.SIM_URL ?? 'http://127.0.0.1:8080' },
    kiosk: { type: 'string', default: '1001' },
    machines: { type: 'string', default: '6' },
    players: { type: 'string', default: '12' },
    minutes: { type: 'string', default: '5' },
    'round-ms': { type: 'string', default: '2000' },
    boss: { type: 'string', default: 'boss01' },
    password: { type: 'string', default: 'boss1234' },
    code: { type: 'string' },
    state: { type: 'string' },
  },
});
const num = (v: string | undefined, name: string) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number`);
  return n;
};
const kiosk = num(values.kiosk, 'kiosk');
const report = await runSimulation({
  url: values.url!,
  kiosk,
  machines: num(values.machines, 'machines'),
  players: Math.max(1, num(values.players, 'players')),
  minutes: num(values.minutes, 'minutes'),
  roundMs: num(values['round-ms'], 'round-ms'),
  boss: { username: values.boss!, password: values.password! },
  code: values.code,
  stateFile: values.state ?? path.resolve(process.env.DATA_DIR ?? 'data', `simulator-${kiosk}.json`),
  log: (line) => process.stdout.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`),
});
process.stdout.write(`${JSON.stringify({ rounds: report.rounds.length, gifts: report.gifts.length, sessions: report.logins, purchases: report.purchases, redeems: report.redeems, refusals: report.refusals })}\n`);
process.exit(0);
