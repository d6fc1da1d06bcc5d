import fs from 'node:fs';
import path from 'node:path';
import { createPrivateKey } from 'node:crypto';
import { GIFT_AWARD_TYPES, Status, TERMINAL_KINDS, isStatusCode, statusMessages, type MachineListItem, type TerminalKind, type TerminalMeters } from '@moneybox/contract';
import { demoTerminalKey } from '../auth/terminal-key.js';
import { DEMO_KIOSK, DEMO_LOGINS } from '../cli/seed/seed.js';
import { simulatorUsername } from '../services/operator/simulator-account.js';
import { AckGivenUp, SimTerminal, TerminalGone } from './sim-terminal.js';
import { TerminalClosed } from './terminal-socket.js';

export interface Credential {
  username: string;
  password: string;
}

interface SimulationOptions {
  url: string;
  kiosk: number;
  /** Game machines asked for (the store's max machines may allow fewer; a reload kiosk comes besides). */
  machines: number;
  players: number;
  /** The run ends this long after it starts, setup included. */
  minutes: number;
  /**
   * Sign in with this account (--user/--password). Without it the simulator uses its own account:
   * the one it remembers in its state file, else the demo store's seeded one.
   */
  account?: Credential | undefined;
  /**
   * The operator action that gives the store's simulator account a new password (creating it if
   * missing): used when the simulator's own account does not sign in. Undefined: not available here.
   */
  provideAccount?: ((kiosk: number) => Promise<Credential>) | undefined;
  /** Enrol one new machine with this code (from the Machine screen) and play it too. */
  code?: string | undefined;
  /** Where enrolled terminals, created players and the simulator's own password are remembered between runs. */
  stateFile?: string | undefined;
  /** Mean time between a machine's rounds. */
  roundMs?: number;
  log?: (line: string) => void;
  /** Random source (a seed makes a run repeatable). */
  random?: () => number;
}

/** What the simulator sent and what the server accepted: the tests compare it with the history. */
interface SimulationReport {
  rounds: Array<{ customerId: number; round_no: string; game_name: string; bet: number; win: number }>;
  gifts: Array<{ customerId: number; title: string; award_type: string; award_amount: number }>;
  purchases: number;
  redeems: number;
  logins: number;
  refusals: Record<string, number>;
  /** Game machines that played. */
  machines: number;
  /** Game machines asked for, machines the store allows (every kind), reload kiosks that played. */
  floor: { asked: number; allowed: number; kiosks: number };
  /** Machines that stopped during the run, by name, and why (released by the store, refused, …). */
  stopped: Array<{ name: number; kind: string; why: string }>;
  renamed: Array<{ from: number; to: number }>;
  /** Commands whose acknowledgement never came (lost with a release, or given up at the end): outcome unknown. */
  unacknowledged: number;
  /** Machines whose last logout was not acknowledged before the end (their customer may still be seated). */
  seatedAtEnd: number;
  /** The account it signed in with. */
  account: string;
  seconds: number;
}

/** The run cannot start (sign-in refused, no reload kiosk, …): the reason in words. */
export class SimulationError extends Error {}

interface Player {
  id: number;
  mobile_id: string;
  pin: string;
}

interface State {
  terminals: Array<{ terminalId: number; privateKeyPkcs8: string }>;
  players: Player[];
  /** The simulator's own account when an operator action gave it a new password (this file is mode 0600). */
  account?: Credential;
  /**
   * Each game machine's cumulative meters at the end of the last run, by terminal id: a machine keeps
   * counting from them, as a real one keeps its meters across power cycles (a lower reading would be a reset).
   */
  meters?: Record<string, TerminalMeters>;
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

const KIND_WORDS: Record<TerminalKind, string> = { game: 'game machine', reload_kiosk: 'reload kiosk', reloader: 'reloader', online: 'online gateway' };

/** How long after the end of play the machines may take to log their customers out before they are closed. */
const WIND_DOWN_MS = 10_000;
/** No API call waits longer than this. */
const API_TIMEOUT_MS = 30_000;
/** Sign-in refusals that mean "this password does not open this account" (the account may be missing). */
const WRONG_CREDENTIAL: ReadonlySet<number> = new Set([Status.LOGIN_INCORRECT, Status.WRONG_PASSWORD, Status.ACCOUNT_LOCKED]);

class ApiRefused extends Error {
  constructor(
    readonly path: string,
    readonly reply: Record<string, unknown> & { status: number },
  ) {
    const words = isStatusCode(reply.status) ? statusMessages[reply.status] : '';
    super(`${path}: status ${reply.status}${words ? ` (${words})` : ''}${reply.reason ? `, ${String(reply.reason)}` : ''}`);
  }
}

/**
 * Plays a store's floor against a running server: signs in with its own account (never a person's),
 * connects the store's terminals (the demo store's by their published keys, others enrolled with codes
 * it creates, up to the store's max machines), creates players, buys them entries at a reload kiosk,
 * and runs sessions of rounds, wins and gifts on the game machines until the time is up. Everything on
 * the floor goes through the terminal protocol. A machine the store releases mid-run stops (and says
 * so); a renamed one plays on under its new name; every wait ends by the deadline.
 */
export async function runSimulation(o: SimulationOptions): Promise<SimulationReport> {
  const startedAt = Date.now();
  const until = startedAt + o.minutes * 60_000;
  const giveUpAt = until + WIND_DOWN_MS;
  const log = o.log ?? (() => undefined);
  const rnd = o.random ?? Math.random;
  const roundMs = o.roundMs ?? 2000;
  const report: SimulationReport = {
    rounds: [], gifts: [], purchases: 0, redeems: 0, logins: 0, refusals: {}, machines: 0,
    floor: { asked: o.machines, allowed: 0, kiosks: 0 }, stopped: [], renamed: [], unacknowledged: 0, seatedAtEnd: 0, account: '', seconds: 0,
  };
  const refused = (reason: string | undefined) => void (report.refusals[reason ?? '?'] = (report.refusals[reason ?? '?'] ?? 0) + 1);

  const state: State = o.stateFile && fs.existsSync(o.stateFile) ? (JSON.parse(fs.readFileSync(o.stateFile, 'utf8')) as State) : { terminals: [], players: [] };
  const save = () => {
    if (!o.stateFile) return;
    fs.mkdirSync(path.dirname(o.stateFile), { recursive: true });
    // It holds terminals' private keys and maybe the simulator's password: readable by its owner only.
    fs.writeFileSync(o.stateFile, JSON.stringify(state, null, 2), { mode: 0o600 });
  };

  // ---- sign in with its own account ----
  const post = async (p: string, body: Record<string, unknown>) => {
    const res = await fetch(`${o.url}/API${p}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify(body), signal: AbortSignal.timeout(API_TIMEOUT_MS) });
    if (res.status === 511) return { status: -511, reason: 'rate_limited' } as Record<string, unknown> & { status: number };
    return (await res.json()) as Record<string, unknown> & { status: number };
  };
  const tryLogin = (c: Credential) => post('/user/posLogin', { mode: 'viewer', username: c.username, password: c.password, kiosk_id: o.kiosk });
  const signIn = async (): Promise<{ UID: unknown; TOKEN: unknown }> => {
    const candidates: Credential[] = o.account ? [o.account] : [];
    if (!o.account) {
      if (state.account) candidates.push(state.account);
      if (o.kiosk === DEMO_KIOSK && state.account?.username !== DEMO_LOGINS.simulator.username) candidates.push(DEMO_LOGINS.simulator);
    }
    let last: (Record<string, unknown> & { status: number }) | undefined;
    let tried = simulatorUsername(o.kiosk);
    for (const c of candidates) {
      tried = c.username;
      last = await tryLogin(c);
      if (last.status === 0) {
        report.account = c.username;
        return { UID: last.uid, TOKEN: last.token };
      }
      if (!WRONG_CREDENTIAL.has(last.status)) break;
    }
    const why = last ? new ApiRefused('/user/posLogin', last).message : 'no account to sign in with';
    // Refused for another reason than the password (store closed or frozen, too many attempts): said as it is.
    if (o.account || (last && !WRONG_CREDENTIAL.has(last.status))) throw new SimulationError(`cannot sign in as ${tried}: ${why}`);
    if (o.provideAccount) {
      // An operator action beside the server's database: the store's simulator account, with a new password kept in the state file.
      const c = await o.provideAccount(o.kiosk);
      state.account = c;
      save();
      log(`gave the simulator account ${c.username} of kiosk ${o.kiosk} a new password (kept in ${o.stateFile ?? 'memory'})`);
      const r = await tryLogin(c);
      if (r.status === 0) {
        report.account = c.username;
        return { UID: r.uid, TOKEN: r.token };
      }
      throw new SimulationError(`cannot sign in as ${c.username}: ${new ApiRefused('/user/posLogin', r).message}`);
    }
    throw new SimulationError(
      `cannot sign in with the simulator's account ${simulatorUsername(o.kiosk)} (${why}). On the server, run ` +
        `"npm run admin -- simulator-account --kiosk ${o.kiosk}" and pass the --user and --password it prints.`,
    );
  };
  let auth = await signIn();
  log(`signed in as ${report.account} (viewer): nobody's session is touched`);
  /** A call with the simulator's session; signs in again once if the session ended (another sign-in, idle time). */
  const api = async (p: string, body: Record<string, unknown>) => {
    let r = await post(p, { ...auth, ...body });
    if (r.status === Status.SESSION_REPLACED) {
      auth = await signIn();
      r = await post(p, { ...auth, ...body });
    }
    if (r.status !== 0) throw new ApiRefused(p, r);
    return r;
  };

  // ---- terminals, up to the store's max machines ----
  const floorReply = await api('/machine/list', {});
  const floor = floorReply.list as MachineListItem[];
  const allowed = floorReply.max_machines as number;
  report.floor.allowed = allowed;
  const games: SimTerminal[] = [];
  const kiosks: SimTerminal[] = [];
  const keep = (t: SimTerminal) => (t.kind === 'game' ? games : kiosks).push(t);
  const remember = (t: SimTerminal) => {
    state.terminals.push({ terminalId: t.credentials.terminalId, privateKeyPkcs8: t.credentials.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64') });
    save();
  };
  const forget = (terminalId: number) => {
    const before = state.terminals.length;
    state.terminals = state.terminals.filter((s) => s.terminalId !== terminalId);
    if (state.terminals.length !== before) save();
  };
  const playing = (id: number) => [...games, ...kiosks].some((t) => t.credentials.terminalId === id);
  const wanted = (kind: string) => (kind === 'game' ? games.length < o.machines : kiosks.length === 0);
  const tryConnect = async (t: SimTerminal) => {
    try {
      await t.connect();
      if (wanted(t.kind)) keep(t);
      else await t.close();
    } catch (err) {
      // A key the server no longer knows (released while we were away) is forgotten here too.
      if (err instanceof TerminalClosed && err.code !== 1006) forget(t.credentials.terminalId);
    }
  };
  if (o.code) {
    const t = await SimTerminal.enrol(o.url, o.kiosk, o.code);
    remember(t);
    keep(t);
    log(`enrolled ${t.kind} ${t.name} with the code`);
  }
  const onFloor = new Set(floor.map((m) => m.id));
  for (const s of [...state.terminals]) {
    if (!onFloor.has(s.terminalId)) {
      forget(s.terminalId);
      continue;
    }
    if (playing(s.terminalId) || !wanted(floor.find((m) => m.id === s.terminalId)!.kind)) continue;
    const key = createPrivateKey({ key: Buffer.from(s.privateKeyPkcs8, 'base64'), format: 'der', type: 'pkcs8' });
    await tryConnect(new SimTerminal(o.url, { kioskId: o.kiosk, terminalId: s.terminalId, privateKey: key }));
  }
  for (const m of floor) {
    if (playing(m.id) || !wanted(m.kind) || state.terminals.some((s) => s.terminalId === m.id)) continue;
    // The demo store's terminals have published keys; another store's simply do not connect.
    await tryConnect(new SimTerminal(o.url, { kioskId: o.kiosk, terminalId: m.id, privateKey: demoTerminalKey(o.kiosk, m.machine_id).privateKey }));
  }
  let free = allowed - floor.length - (o.code ? 1 : 0);
  let limited = false;
  const enrolNew = async (kind: 'game' | 'reload_kiosk') => {
    try {
      const code = await api('/machine/enrolCode', { kind });
      const t = await SimTerminal.enrol(o.url, o.kiosk, code.code as string);
      remember(t);
      keep(t);
      log(`enrolled ${kind === 'game' ? 'game machine' : 'reload kiosk'} ${t.name}`);
      return true;
    } catch (err) {
      // Someone else enrolled the last free place meanwhile.
      if (err instanceof ApiRefused && err.reply.reason === 'machine_limit') return false;
      throw err;
    }
  };
  if (kiosks.length === 0) {
    if (free <= 0 || !(await enrolNew('reload_kiosk'))) {
      throw new SimulationError(`kiosk ${o.kiosk} has no reload kiosk the simulator can connect and no free place for one (max machines ${allowed})`);
    }
    free--;
  }
  while (games.length < o.machines) {
    if (free <= 0 || !(await enrolNew('game'))) {
      limited = true;
      break;
    }
    free--;
  }
  report.machines = games.length;
  report.floor.kiosks = kiosks.length;
  for (const m of games) Object.assign(m.meters, state.meters?.[m.credentials.terminalId] ?? {});
  const kinds = TERMINAL_KINDS.map((k) => [KIND_WORDS[k], floor.filter((m) => m.kind === k).length] as const).filter(([, n]) => n > 0);
  const enrolled = `${floor.length} enrolled${kinds.length ? `: ${kinds.map(([w, n]) => `${n} ${n === 1 ? w : `${w}s`}`).join(', ')}` : ''}`;
  log(
    `asked for ${o.machines} game machines; kiosk ${o.kiosk} allows ${allowed} machines in all (${enrolled}); ` +
      `${games.length} game machines and ${kiosks.length} reload kiosk play` +
      (limited ? ` (fewer than asked: the store's limit. Raise it with "npm run admin -- set-quota --kiosk ${o.kiosk} --max-machines N")` : ''),
  );

  // A machine the store releases or renames mid-run: said, and handled.
  for (const t of [...games, ...kiosks]) {
    t.giveUpAt = giveUpAt;
    t.onRenamed = (from, to) => {
      report.renamed.push({ from, to });
      log(`${t.kind === 'game' ? 'machine' : 'reload kiosk'} ${from} was renamed ${to} by the store; it plays on as ${to}`);
    };
    t.onGone = (why) => {
      report.stopped.push({ name: t.name, kind: t.kind, why });
      if (why.startsWith('released') || why.startsWith('refused')) forget(t.credentials.terminalId);
      log(`${t.kind === 'game' ? 'machine' : 'reload kiosk'} ${t.name} ${why}: it stops for the rest of the run${t.kind === 'game' ? '' : ' (no more purchases or cash-outs)'}`);
    };
  }

  // ---- players ----
  // Players remembered from an earlier run must still be this server's (a database made anew has none of them).
  const known = async (p: Player) => {
    const r = await api('/customer/search', { type: 'mobile_id', rule: p.mobile_id, limit: 5 }).catch(() => undefined);
    return (r?.list as Array<{ id: number }> | undefined)?.some((c) => c.id === p.id) === true;
  };
  const players: Player[] = [];
  for (const p of state.players.slice(0, o.players)) if (await known(p)) players.push(p);
  if (players.length < Math.min(o.players, state.players.length)) {
    log(`forgot ${Math.min(o.players, state.players.length) - players.length} remembered players this server does not know`);
    const stale = new Set(state.players.slice(0, o.players).filter((p) => !players.includes(p)));
    state.players = state.players.filter((p) => !stale.has(p));
    save();
  }
  const remembered = players.length;
  const create = async (n: number): Promise<Player> => {
    const c = await api('/customer/create', { first_name: 'Sim', last_name: `Player ${n}`, birthday: '1970-01-01', phone: `555${String(1000000 + n).slice(-7)}` });
    return { id: c.id as number, mobile_id: c.mobile_id as string, pin: c.pin as string };
  };
  // A few at a time: each new PIN is hashed with the slow KDF on the server.
  while (players.length < o.players && Date.now() < until) {
    const batch = Array.from({ length: Math.min(4, o.players - players.length) }, (_, i) => players.length + i + 1);
    const made = await Promise.all(batch.map(create));
    players.push(...made);
    state.players.push(...made);
    save();
  }
  if (players.length < o.players) log(`created ${players.length} of ${o.players} players before the end of the run`);
  else log(`${players.length} players (${players.length - remembered} created, ${remembered} from earlier runs)`);
  const kiosk = kiosks[0]!;
  /** A command whose terminal stopped or whose answer the end overtook: undefined (counted in `unacknowledged`). */
  const send = async (t: SimTerminal, cmd: { type: string } & Record<string, unknown>) => {
    try {
      return await t.command(cmd);
    } catch (err) {
      if (err instanceof TerminalGone || err instanceof AckGivenUp) return undefined;
      throw err;
    }
  };
  /** The kiosk's cumulative cash meters this run (cents taken into its box, paid out). */
  const cashMeter = { in: 0, out: 0 };
  /** The kiosk's cash box: the bills it took or the cash it paid out, reported like every command. */
  const cash = (direction: 'in' | 'out', amount: number) => {
    cashMeter[direction] += amount;
    const twenties = Math.floor(amount / 2000);
    const tens = Math.round((amount - twenties * 2000) / 1000);
    const detail = amount % 1000 === 0 ? { ...(twenties ? { '20': twenties } : {}), ...(tens ? { '10': tens } : {}) } : undefined;
    return send(kiosk, { type: 'cash', direction, amount_cents: amount, meter_cents: cashMeter[direction], ...(detail ? { detail } : {}) });
  };
  const buy = async (p: Player) => {
    if (kiosk.gone) return false;
    const amount = (2 + Math.floor(rnd() * 9)) * 1000;
    const ack = await send(kiosk, { type: 'purchase', mobile_id: p.mobile_id, amount_cents: amount });
    if (ack?.ok) {
      report.purchases++;
      // The bills go into the box (a refused purchase hands them back).
      await cash('in', amount);
    }
    else if (ack) refused(ack.reason);
    return ack?.ok === true;
  };
  const cashOut = async (p: Player, winnings: number) => {
    if (winnings < 100 || kiosk.gone) return;
    const ack = await send(kiosk, { type: 'redeem', mobile_id: p.mobile_id, pin: p.pin, amount_cents: winnings });
    if (ack?.ok) {
      report.redeems++;
      await cash('out', winnings);
    }
    else if (ack) refused(ack.reason);
  };

  // ---- play ----
  const free_ = [...players];
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, Math.min(ms, until - Date.now()))));
  const playOn = (m: SimTerminal) => Date.now() < until && m.gone === undefined;
  let serial = Date.now() % 1_000_000;

  const session = async (m: SimTerminal) => {
    const p = free_.splice(Math.floor(rnd() * free_.length), 1)[0];
    if (!p) return sleep(roundMs);
    try {
      if (m.seatedCustomer !== null && !(await send(m, { type: 'logout' }))) return;
      let ack = await send(m, { type: 'login', mobile_id: p.mobile_id, pin: p.pin });
      if (ack?.ok && (ack.credits as number) < 50) {
        if (!(await send(m, { type: 'logout' }))) return;
        await buy(p);
        ack = await send(m, { type: 'login', mobile_id: p.mobile_id, pin: p.pin });
      }
      if (!ack) return;
      if (!ack.ok) return refused(ack.reason);
      report.logins++;
      m.seatedCustomer = p.id;
      let credits = ack.credits as number;
      let winnings = ack.winnings_cents as number;
      const game = GAMES[Math.floor(rnd() * GAMES.length)]!;
      const rounds = 5 + Math.floor(rnd() * 20);
      for (let i = 0; i < rounds && playOn(m) && m.seatedCustomer === p.id; i++) {
        await sleep(roundMs * (0.5 + rnd()));
        if (!playOn(m) || m.seatedCustomer !== p.id) break;
        const bet = Math.min(credits, 10 * (1 + Math.floor(rnd() * 10)));
        if (bet <= 0) break;
        const win = rnd() < 0.3 ? bet * (1 + Math.floor(rnd() * 4)) : 0;
        const jp = Math.min(1, bet);
        const round = { round_no: `${m.name}-${++serial}`, serial_no: `SN${m.name}${serial}`, game_name: game, begin_credits: credits, end_credits: credits - bet + win, jp_bet: jp, game_bet: bet - jp, extra_bet: 0, buy_bonus_cost: 0, win };
        m.meters.played += bet;
        m.meters.won += win;
        m.meters.games += 1;
        const r = await send(m, { type: 'round', ...round, meters: { ...m.meters } });
        if (!r?.ok) {
          // Not applied (or not known to be): the machine's meters only count what the server took.
          m.meters.played -= bet;
          m.meters.won -= win;
          m.meters.games -= 1;
          if (r) refused(r.reason);
          break;
        }
        report.rounds.push({ customerId: p.id, round_no: round.round_no, game_name: game, bet, win });
        credits = r.credits as number;
        winnings = r.winnings_cents as number;
        if (rnd() < 0.05) {
          const type = GIFT_AWARD_TYPES[Math.floor(rnd() * GIFT_AWARD_TYPES.length)]!;
          const g = { title: GIFT_TITLES[type]!, award_type: type, award_amount: type === 'Items' ? 0 : 10 * (1 + Math.floor(rnd() * 10)), award_item: type === 'Items' ? 'Golden net' : '', item_amount: type === 'Items' ? 1 : 0, level: 1 + Math.floor(rnd() * 5) };
          const ga = await send(m, { type: 'gift', ...g });
          if (ga?.ok) {
            report.gifts.push({ customerId: p.id, title: g.title, award_type: g.award_type, award_amount: g.award_amount });
            credits = ga.credits as number;
          } else if (ga) refused(ga.reason);
        }
      }
      if (m.seatedCustomer === p.id && m.gone === undefined) {
        if (!(await send(m, { type: 'logout' }))) return;
        m.seatedCustomer = null;
        if (Date.now() < until) {
          if (rnd() < 0.3) await cashOut(p, winnings);
          else if (credits < 100) await buy(p);
        }
      }
    } finally {
      free_.push(p);
    }
  };

  // Everyone starts with some entries.
  for (const p of players) if (Date.now() < until) await buy(p);
  await Promise.all(
    games.map(async (m) => {
      await sleep(rnd() * roundMs);
      while (playOn(m)) await session(m);
    }),
  );
  // A logout the end overtook leaves its customer seated (the counter then refuses their money calls until a kick): said.
  const seated = games.filter((m) => m.seatedCustomer !== null && m.gone === undefined);
  for (const m of seated) log(`machine ${m.name}: the logout of customer ${m.seatedCustomer} was not acknowledged in time; kick them at the counter if they still show as playing`);
  report.seatedAtEnd = seated.length;
  await Promise.all([...games, ...kiosks].map((m) => m.close()));
  state.meters = { ...state.meters, ...Object.fromEntries(games.map((m) => [m.credentials.terminalId, { ...m.meters }])) };
  save();
  report.unacknowledged = [...games, ...kiosks].reduce((n, m) => n + m.unacknowledged, 0);
  report.seconds = Math.round((Date.now() - startedAt) / 100) / 10;
  const changes = [
    ...report.stopped.map((s) => `${s.kind === 'game' ? 'machine' : 'reload kiosk'} ${s.name} ${s.why}`),
    ...report.renamed.map((r) => `machine ${r.from} renamed ${r.to}`),
  ];
  log(
    `done in ${report.seconds} s: ${report.machines} game machines, ${report.rounds.length} rounds, ${report.gifts.length} gifts, ${report.logins} sessions, ` +
      `${report.purchases} purchases, ${report.redeems} redeems; refused: ${JSON.stringify(report.refusals)}` +
      (report.unacknowledged ? `; ${report.unacknowledged} commands unacknowledged (outcome unknown)` : '') +
      (changes.length ? `; during the run: ${changes.join('; ')}` : ''),
  );
  return report;
}
