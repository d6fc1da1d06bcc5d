import fs from 'node:fs';
import path from 'node:path';
import { createPrivateKey } from 'node:crypto';
import { GIFT_AWARD_TYPES, type MachineListItem } from '@moneybox/contract';
import { demoTerminalKey } from '../auth/terminal-key.js';
import { SimTerminal } from './sim-terminal.js';

export interface SimulationOptions {
  url: string;
  kiosk: number;
  machines: number;
  players: number;
  minutes: number;
  boss: { username: string; password: string };
  /** Enrol one new machine with this code (from the Machine screen) and play it too. */
  code?: string | undefined;
  /** Where enrolled terminals and created players are remembered between runs. */
  stateFile?: string | undefined;
  /** Mean time between a machine's rounds. */
  roundMs?: number;
  log?: (line: string) => void;
  /** Random source (a seed makes a run repeatable). */
  random?: () => number;
}

/** What the simulator sent and what the server accepted: the tests compare it with the history. */
export interface SimulationReport {
  rounds: Array<{ customerId: number; round_no: string; game_name: string; bet: number; win: number }>;
  gifts: Array<{ customerId: number; title: string; award_type: string; award_amount: number }>;
  purchases: number;
  redeems: number;
  logins: number;
  refusals: Record<string, number>;
  machines: number;
}

interface Player {
  id: number;
  mobile_id: string;
  pin: string;
}

interface State {
  terminals: Array<{ terminalId: number; privateKeyPkcs8: string }>;
  players: Player[];
}

const GAMES = ['Ocean King', 'Fire Kirin', 'Golden Dragon', 'Lucky Fortune', 'Panda Master'];
const GIFT_TITLES: Record<string, string> = {
  'Daily Bonus': 'Daily login bonus',
  Items: 'Treasure chest',
  Footprints: 'Footprints reward',
  'Fish Mission': 'Fish mission complete',
  'Phone Verification': 'Phone verified',
  'Rankings Bonus': 'Weekly ranking',
};

/**
 * Plays a store's floor against a running server: logs in as the boss, connects the store's
 * terminals (the demo store's by their published keys, others enrolled with codes it creates),
 * creates players, buys them entries at a reload kiosk, and runs sessions of rounds, wins and gifts
 * on the game machines until the time is up. Everything goes through the terminal protocol.
 */
export async function runSimulation(o: SimulationOptions): Promise<SimulationReport> {
  const log = o.log ?? (() => undefined);
  const rnd = o.random ?? Math.random;
  const roundMs = o.roundMs ?? 2000;
  const report: SimulationReport = { rounds: [], gifts: [], purchases: 0, redeems: 0, logins: 0, refusals: {}, machines: 0 };
  const refused = (reason: string | undefined) => void (report.refusals[reason ?? '?'] = (report.refusals[reason ?? '?'] ?? 0) + 1);

  const api = async (p: string, body: Record<string, unknown>) => {
    const res = await fetch(`${o.url}/API${p}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body) });
    const r = (await res.json()) as Record<string, unknown> & { status: number };
    if (r.status !== 0) throw new Error(`${p}: ${JSON.stringify(r)}`);
    return r;
  };
  const login = await api('/user/posLogin', { mode: 'viewer', username: o.boss.username, password: o.boss.password, kiosk_id: o.kiosk });
  const auth = { UID: login.uid, TOKEN: login.token };

  const state: State = o.stateFile && fs.existsSync(o.stateFile) ? (JSON.parse(fs.readFileSync(o.stateFile, 'utf8')) as State) : { terminals: [], players: [] };
  const save = () => {
    if (!o.stateFile) return;
    fs.mkdirSync(path.dirname(o.stateFile), { recursive: true });
    fs.writeFileSync(o.stateFile, JSON.stringify(state, null, 2), { mode: 0o600 });
  };

  // ---- terminals ----
  const floor = (await api('/machine/list', auth)).list as MachineListItem[];
  const games: SimTerminal[] = [];
  const kiosks: SimTerminal[] = [];
  const tryConnect = async (t: SimTerminal) => {
    try {
      await t.connect();
      (t.kind === 'game' ? games : kiosks).push(t);
      return true;
    } catch {
      return false;
    }
  };
  if (o.code) {
    const t = await SimTerminal.enrol(o.url, o.kiosk, o.code);
    state.terminals.push({ terminalId: t.credentials.terminalId, privateKeyPkcs8: t.credentials.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64') });
    save();
    (t.kind === 'game' ? games : kiosks).push(t);
    log(`enrolled ${t.kind} ${t.name} with the code`);
  }
  for (const s of state.terminals) {
    if (games.length >= o.machines && kiosks.length > 0) break;
    if ([...games, ...kiosks].some((t) => t.credentials.terminalId === s.terminalId)) continue;
    const key = createPrivateKey({ key: Buffer.from(s.privateKeyPkcs8, 'base64'), format: 'der', type: 'pkcs8' });
    await tryConnect(new SimTerminal(o.url, { kioskId: o.kiosk, terminalId: s.terminalId, privateKey: key }));
  }
  for (const m of floor) {
    if (games.length >= o.machines && kiosks.length > 0) break;
    if ([...games, ...kiosks].some((t) => t.credentials.terminalId === m.id)) continue;
    if (m.kind === 'game' && games.length >= o.machines) continue;
    await tryConnect(new SimTerminal(o.url, { kioskId: o.kiosk, terminalId: m.id, privateKey: demoTerminalKey(o.kiosk, m.machine_id).privateKey }));
  }
  const enrolNew = async (kind: 'game' | 'reload_kiosk') => {
    const code = await api('/machine/enrolCode', { ...auth, kind });
    const t = await SimTerminal.enrol(o.url, o.kiosk, code.code as string);
    state.terminals.push({ terminalId: t.credentials.terminalId, privateKeyPkcs8: t.credentials.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64') });
    save();
    (kind === 'game' ? games : kiosks).push(t);
    log(`enrolled ${kind} ${t.name}`);
  };
  while (games.length < o.machines) await enrolNew('game');
  if (kiosks.length === 0) await enrolNew('reload_kiosk');
  report.machines = games.length;
  log(`${games.length} game machines and ${kiosks.length} reload kiosk(s) connected`);

  // ---- players ----
  const players: Player[] = state.players.slice(0, o.players);
  while (players.length < o.players) {
    const n = players.length + 1;
    const c = await api('/customer/create', { ...auth, first_name: 'Sim', last_name: `Player ${n}`, phone: `555${String(1000000 + n).slice(-7)}` });
    const p = { id: c.id as number, mobile_id: c.mobile_id as string, pin: c.pin as string };
    players.push(p);
    state.players.push(p);
  }
  save();
  const kiosk = kiosks[0]!;
  const buy = async (p: Player) => {
    const ack = await kiosk.command({ type: 'purchase', mobile_id: p.mobile_id, amount_cents: (2 + Math.floor(rnd() * 9)) * 1000 });
    if (ack.ok) report.purchases++;
    else refused(ack.reason);
    return ack.ok;
  };
  const cashOut = async (p: Player, winnings: number) => {
    if (winnings < 100) return;
    const ack = await kiosk.command({ type: 'redeem', mobile_id: p.mobile_id, pin: p.pin, amount_cents: winnings });
    if (ack.ok) report.redeems++;
    else refused(ack.reason);
  };

  // ---- play ----
  const until = Date.now() + o.minutes * 60_000;
  const free = [...players];
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  let serial = Date.now() % 1_000_000;

  const session = async (m: SimTerminal) => {
    const p = free.splice(Math.floor(rnd() * free.length), 1)[0];
    if (!p) return sleep(roundMs);
    try {
      if (m.seatedCustomer !== null) {
        await m.command({ type: 'logout' });
      }
      let ack = await m.command({ type: 'login', mobile_id: p.mobile_id, pin: p.pin });
      if (ack.ok && (ack.credits as number) < 50) {
        await m.command({ type: 'logout' });
        await buy(p);
        ack = await m.command({ type: 'login', mobile_id: p.mobile_id, pin: p.pin });
      }
      if (!ack.ok) return refused(ack.reason);
      report.logins++;
      m.seatedCustomer = p.id;
      let credits = ack.credits as number;
      let winnings = ack.winnings_cents as number;
      const game = GAMES[Math.floor(rnd() * GAMES.length)]!;
      const rounds = 5 + Math.floor(rnd() * 20);
      for (let i = 0; i < rounds && Date.now() < until && m.seatedCustomer === p.id; i++) {
        await sleep(roundMs * (0.5 + rnd()));
        const bet = Math.min(credits, 10 * (1 + Math.floor(rnd() * 10)));
        if (bet <= 0) break;
        const win = rnd() < 0.3 ? bet * (1 + Math.floor(rnd() * 4)) : 0;
        const jp = Math.min(1, bet);
        const round = { round_no: `${m.name}-${++serial}`, serial_no: `SN${m.name}${serial}`, game_name: game, begin_credits: credits, end_credits: credits - bet + win, jp_bet: jp, game_bet: bet - jp, extra_bet: 0, buy_bonus_cost: 0, win };
        m.meters.played += bet;
        m.meters.won += win;
        m.meters.games += 1;
        const r = await m.command({ type: 'round', ...round, meters: { ...m.meters } });
        if (!r.ok) {
          // Not applied: the machine's meters only count what the server took.
          m.meters.played -= bet;
          m.meters.won -= win;
          m.meters.games -= 1;
          refused(r.reason);
          break;
        }
        report.rounds.push({ customerId: p.id, round_no: round.round_no, game_name: game, bet, win });
        credits = r.credits as number;
        winnings = r.winnings_cents as number;
        if (rnd() < 0.05) {
          const type = GIFT_AWARD_TYPES[Math.floor(rnd() * GIFT_AWARD_TYPES.length)]!;
          const g = { title: GIFT_TITLES[type]!, award_type: type, award_amount: type === 'Items' ? 0 : 10 * (1 + Math.floor(rnd() * 10)), award_item: type === 'Items' ? 'Golden net' : '', item_amount: type === 'Items' ? 1 : 0, level: 1 + Math.floor(rnd() * 5) };
          const ga = await m.command({ type: 'gift', ...g });
          if (ga.ok) {
            report.gifts.push({ customerId: p.id, title: g.title, award_type: g.award_type, award_amount: g.award_amount });
            credits = ga.credits as number;
          } else refused(ga.reason);
        }
      }
      if (m.seatedCustomer === p.id) {
        await m.command({ type: 'logout' });
        m.seatedCustomer = null;
        if (rnd() < 0.3) await cashOut(p, winnings);
        else if (credits < 100) await buy(p);
      }
    } finally {
      free.push(p);
    }
  };

  // Everyone starts with some entries.
  for (const p of players) await buy(p);
  await Promise.all(
    games.map(async (m) => {
      await sleep(rnd() * roundMs);
      while (Date.now() < until) await session(m);
    }),
  );
  for (const m of [...games, ...kiosks]) await m.close();
  log(`${report.rounds.length} rounds, ${report.gifts.length} gifts, ${report.logins} sessions, ${report.purchases} purchases, ${report.redeems} redeems; refused: ${JSON.stringify(report.refusals)}`);
  return report;
}
