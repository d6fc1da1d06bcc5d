import { parseArgs } from 'node:util';
import { SaType, cents, formatCents, parseAmount } from '@moneybox/contract';
import { createPlatformAccount, resetPlatformAccount } from '../services/console/platform-accounts.service.js';
import { inTransaction, openDatabase, type DatabaseHandle, type Db } from '../db/database.js';
import { OPERATOR, writeAudit, type AuditEntry, type AuditTarget } from '../services/audit/audit.js';
import { migrate } from '../money/migrate.js';
import { settingsFromEnv, type Settings } from '../settings.js';
import { unmapped } from '../domain/user-refusal.js';
import { asRefusal } from '../services/refusals.js';
import {
  OperatorError,
  addCompsBudget,
  addCredit,
  createAccount,
  createStore,
  freezeStore,
  setDomainLayout,
  setStoreQuota,
} from '../services/operator/operator.service.js';
import { activityCsv, activityPage } from '../services/audit/activity.js';
import { permissionsMarkdown } from '../domain/permissions.js';
import { createAnnouncement, setMaintenance } from '../services/operator/notice.service.js';
import { accountRepository } from '../repositories/account.repository.js';
import { backupDatabase, restoreDatabase } from '../services/operator/backup.js';
import { BULLETIN_HELP, runBulletinCli } from './bulletin.js';
import { CREDIT_HELP, creditMoveCommand, distributorsCommand } from './credit.js';
import { LEDGER_COMMANDS, LEDGER_HELP, ledgerCli } from './ledger.js';
import { STORE_MOVE_HELP, moveStoreCli } from './store-move.js';
import { asWords } from './words.js';
import { provideSimulatorAccount } from '../services/operator/simulator-account.js';

const HELP = `Moneybox POS operator tool

Usage: npm run admin -- <command> [options]

Commands:
  create-store  --kiosk <id> --name <name> [--timezone America/Chicago] [--credit 0] [--comps-budget 0]
                [--max-drawers 5] [--max-machines 20] [--limit-day 31] [--hourly 0] [--daily 0] [--weekly 0]
                [--drawers 1]
  create-boss   --kiosk <id> --username <name> --password <pw>   (first boss of a store)
  create-cashier --kiosk <id> --username <name> --password <pw>
  add-credit    --kiosk <id> --amount <units> [--note text]      (a negative amount takes credit back: --amount=-500)
  add-comps-budget --kiosk <id> --amount <units> [--note text]
${CREDIT_HELP}
${STORE_MOVE_HELP}
  set-quota     --kiosk <id> [--max-drawers n] [--max-machines n] [--limit-day n] [--hourly u] [--daily u] [--weekly u] [--min-amount u]
  freeze        --kiosk <id> --message <text>
  unfreeze      --kiosk <id>
  unlock        --username <name> [--kiosk <id>]                 (clears a login lockout; --kiosk when several stores use the name)
  create-operator --username <name> --password <pw>              (a platform console admin, e.g. the first; it sets up
                                                                 its authenticator at its first sign-in at /operator)
  reset-operator --username <name>                               (a console account's lockout cleared and its second
                                                                 factor reset: it enrols again at its next sign-in)
  simulator-account --kiosk <id>                                 (the store's simulator account: created, or given a new
                                                                 random password; printed once, stored hashed; npm run simulate)
  set-layout    --host <host[:port]> --layout <0-6>
  announce      --message <text> --layouts 0,1,2
  maintenance   on --message <text> | off
  audit         [--kiosk <id>] [--from <date>] [--to <date>] [--account <name>] [--kind <kind or group>] [--format csv] [--limit n]
                                                                 (the audit trail with money rows, oldest first; default the last 7 days)
  permissions                                                    (the permission matrix as Markdown: docs/PERMISSIONS.md)
${LEDGER_HELP}
  backup        <file>                                           (SQLite: a consistent copy while the server runs)
  restore       <file>                                           (SQLite, server stopped: put a backup back, migrate, verify)
${BULLETIN_HELP}

Amounts are in currency units (e.g. 1500.00). The database is DATABASE_URL, or SQLite under DATA_DIR (default ./data).`;

function amountArg(v: string | undefined, name: string, allowNegative = false): number {
  if (v === undefined) return 0;
  const neg = allowNegative && v.startsWith('-');
  const c = parseAmount(neg ? v.slice(1) : v);
  if (c === null) throw new OperatorError(`--${name} must be an amount with at most two decimals`);
  return neg ? -c : c;
}

function intArg(v: string | undefined, name: string, d?: number): number {
  if (v === undefined) {
    if (d === undefined) throw new OperatorError(`--${name} is required`);
    return d;
  }
  if (!/^\d{1,15}$/.test(v)) throw new OperatorError(`--${name} must be a whole number`);
  return Number(v);
}

function required(v: string | undefined, name: string): string {
  if (v === undefined || v === '') throw new OperatorError(`--${name} is required`);
  return v;
}

export async function runCli(argv: string[], handle: DatabaseHandle, out: (s: string) => void, settings: Settings = settingsFromEnv()): Promise<number> {
  // Platform news has its own options (repeatable, per language) and audits each change itself (cli/bulletin.ts).
  if (argv[0] === 'bulletin') return runBulletinCli(argv.slice(1), handle.db, out);
  // A store's distributor, through the console's own service (cli/store-move.ts).
  if (argv[0] === 'move-store') return moveStoreCli(argv.slice(1), handle, out);
  const { values: o, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: Object.fromEntries(
      ['kiosk', 'name', 'timezone', 'credit', 'comps-budget', 'max-drawers', 'max-machines', 'limit-day', 'hourly', 'daily', 'weekly',
        'drawers', 'username', 'password', 'amount', 'note', 'message', 'host', 'layout', 'layouts', 'min-amount',
        'from', 'to', 'account', 'kind', 'format', 'limit', 'distributor', 'key', 'out']
        .map((k) => [k, { type: 'string' as const }]),
    ),
  });
  const [command, arg] = positionals;
  // The ledger's check, key and export (cli/ledger.ts) read the database and the ledger key's file.
  if (command !== undefined && LEDGER_COMMANDS.has(command)) {
    return ledgerCli(command, handle, settings, { kiosk: o.kiosk === undefined ? undefined : intArg(o.kiosk, 'kiosk'), from: o.from, to: o.to, out: o.out }, out);
  }
  if (command !== undefined && AUDITED_COMMANDS.has(command)) {
    // The command's change and its audit row commit together; its messages print after the commit.
    const lines: string[] = [];
    const code = await inTransaction(handle.db, async (tx) => {
      const done = await runCommand(tx, command, arg, o, (l) => lines.push(l));
      if (done === 0) await writeAudit(tx, OPERATOR, operatorEntry(command, arg, o));
      return done;
    });
    lines.forEach((l) => out(l));
    return code;
  }
  return runCommand(handle.db, command, arg, o, out);
}

/**
 * Operator commands whose audit row (kind operator.command) the CLI writes with their change. The
 * others that change something are audited by the services they call (the operator's steps, news,
 * announcements, credit moves), whatever calls them.
 */
const AUDITED_COMMANDS = new Set(['unlock']);

type Options = Record<string, string | undefined>;

/** The one account of a name on the platform (names are each store's own); several: the operator says which with --kiosk. */
async function oneHolder(db: Db, username: string, counts: (h: { removed: number }) => boolean) {
  const holders = (await accountRepository.holdersAnywhere(db, username)).filter(counts);
  if (holders.length > 1) throw new OperatorError(`username "${username}" is used in kiosks ${[...new Set(holders.map((h) => h.store_id))].join(', ')}: say which with --kiosk`);
  return holders[0];
}

function operatorEntry(command: string, arg: string | undefined, o: Options): AuditEntry {
  const kiosk = o.kiosk !== undefined && /^\d{1,15}$/.test(o.kiosk) ? Number(o.kiosk) : null;
  const target: AuditTarget = { type: 'account', label: o.username ?? '' };
  // scrub drops --password; the rest is what the operator typed.
  return { storeId: kiosk, kind: 'operator.command', target, after: { command, ...(arg !== undefined && { arg }), ...o } };
}

async function runCommand(db: Db, command: string | undefined, arg: string | undefined, o: Options, out: (s: string) => void): Promise<number> {
  switch (command) {
    case 'create-store': {
      const kiosk = intArg(o.kiosk, 'kiosk');
      await createStore({ handle: { db } }, OPERATOR, {
        id: kiosk,
        name: required(o.name, 'name'),
        timezone: o.timezone ?? 'America/Chicago',
        credit: cents(amountArg(o.credit, 'credit')),
        compsBudget: cents(amountArg(o['comps-budget'], 'comps-budget')),
        maxDrawers: intArg(o['max-drawers'], 'max-drawers', 5),
        maxMachines: intArg(o['max-machines'], 'max-machines', 20),
        limitDay: intArg(o['limit-day'], 'limit-day', 31),
        limitHourly: cents(amountArg(o.hourly, 'hourly')),
        limitDaily: cents(amountArg(o.daily, 'daily')),
        limitWeekly: cents(amountArg(o.weekly, 'weekly')),
        drawers: intArg(o.drawers, 'drawers', 1),
      });
      out(`Created kiosk ${kiosk} "${o.name}".`);
      return 0;
    }
    case 'create-boss':
    case 'create-cashier': {
      const kiosk = intArg(o.kiosk, 'kiosk');
      const type = command === 'create-boss' ? SaType.BOSS : SaType.CASHIER;
      const id = await createAccount({ handle: { db } }, OPERATOR, { storeId: kiosk, username: required(o.username, 'username'), password: required(o.password, 'password'), saType: type });
      out(`Created ${type === SaType.BOSS ? 'boss' : 'cashier'} "${o.username}" (id ${id}) for kiosk ${kiosk}.`);
      return 0;
    }
    case 'add-credit': {
      const kiosk = intArg(o.kiosk, 'kiosk');
      const total = await addCredit({ handle: { db } }, OPERATOR, { storeId: kiosk, amount: amountArg(required(o.amount, 'amount'), 'amount', true), note: o.note ?? 'operator credit' });
      out(`Kiosk ${kiosk} credit is now ${formatCents(total)}.`);
      return 0;
    }
    case 'give-credit':
    case 'take-back-credit':
      // The console's credit service audits each move itself, as the operator.
      return creditMoveCommand(db, {
        kiosk: o.kiosk === undefined ? undefined : intArg(o.kiosk, 'kiosk'),
        distributor: o.distributor,
        amount: cents(amountArg(required(o.amount, 'amount'), 'amount')),
        back: command === 'take-back-credit',
        note: o.note,
        key: o.key,
      }, out);
    case 'distributors':
      return distributorsCommand(db, out);
    case 'add-comps-budget': {
      const kiosk = intArg(o.kiosk, 'kiosk');
      const total = await addCompsBudget({ handle: { db } }, OPERATOR, { storeId: kiosk, amount: amountArg(required(o.amount, 'amount'), 'amount', true), note: o.note ?? 'operator budget' });
      out(`Kiosk ${kiosk} special comps budget is now ${formatCents(total)}.`);
      return 0;
    }
    case 'set-quota': {
      const kiosk = intArg(o.kiosk, 'kiosk');
      const opt = (k: string) => (o[k] === undefined ? undefined : cents(amountArg(o[k], k)));
      await setStoreQuota({ handle: { db } }, OPERATOR, {
        storeId: kiosk,
        maxDrawers: o['max-drawers'] === undefined ? undefined : intArg(o['max-drawers'], 'max-drawers'),
        maxMachines: o['max-machines'] === undefined ? undefined : intArg(o['max-machines'], 'max-machines'),
        limitDay: o['limit-day'] === undefined ? undefined : intArg(o['limit-day'], 'limit-day'),
        limitHourly: opt('hourly'),
        limitDaily: opt('daily'),
        limitWeekly: opt('weekly'),
        minAmount: opt('min-amount'),
      });
      out(`Kiosk ${kiosk} quotas updated.`);
      return 0;
    }
    case 'freeze':
    case 'unfreeze': {
      const kiosk = intArg(o.kiosk, 'kiosk');
      await freezeStore({ handle: { db } }, OPERATOR, { storeId: kiosk, frozen: command === 'freeze', message: o.message ?? '' });
      out(command === 'freeze' ? `Kiosk ${kiosk} is frozen: staff see "${o.message}".` : `Kiosk ${kiosk} is open again.`);
      return 0;
    }
    case 'unlock': {
      const username = required(o.username, 'username');
      // A name is its store's own: --kiosk says which store's when several use it.
      const acc = o.kiosk !== undefined ? await accountRepository.findInStore(db, intArg(o.kiosk, 'kiosk'), username) : await accountRepository.findOnlyOne(db, username);
      if (!acc) {
        if (o.kiosk === undefined) await oneHolder(db, username, (h) => h.removed === 0);
        throw new OperatorError(`no account "${username}"`);
      }
      await accountRepository.setLocked(db, acc.id, false);
      out(`Account "${username}" is unlocked.`);
      return 0;
    }
    case 'create-operator': {
      const username = required(o.username, 'username');
      const id = await asWords(() => createPlatformAccount({ handle: { db } }, OPERATOR, { username, password: required(o.password, 'password'), role: 'admin' }));
      out(`Created console admin "${username}" (id ${id}): sign in at /operator and scan the QR code with an authenticator app.`);
      return 0;
    }
    case 'reset-operator': {
      const username = required(o.username, 'username');
      if (!(await resetPlatformAccount({ handle: { db } }, OPERATOR, { username }))) throw new OperatorError(`no console account "${username}"`);
      out(`Console account "${username}" is unlocked; it sets up its authenticator again at its next sign-in.`);
      return 0;
    }
    case 'simulator-account': {
      // Audits itself (the password never reaches the trail).
      const a = await provideSimulatorAccount(db, intArg(o.kiosk, 'kiosk'));
      out(`${a.created ? 'Created' : 'New password for'} the simulator account of kiosk ${o.kiosk}: --user ${a.username} --password ${a.password}`);
      return 0;
    }
    case 'set-layout': {
      const host = required(o.host, 'host');
      const layout = intArg(o.layout, 'layout');
      await setDomainLayout({ handle: { db } }, OPERATOR, { host, layout });
      out(`Host ${host} now uses layout ${layout}.`);
      return 0;
    }
    case 'announce': {
      const layouts = required(o.layouts, 'layouts').split(',').map((s) => (/^\d$/.test(s.trim()) ? Number(s.trim()) : NaN));
      // Audited by the service (operator.announcement_create), as from the console.
      const id = await createAnnouncement({ handle: { db } }, OPERATOR, { msg: required(o.message, 'message'), modes: layouts });
      out(`Announcement ${id} published for layouts ${layouts.join(', ')}.`);
      return 0;
    }
    case 'maintenance': {
      if (arg !== 'on' && arg !== 'off') throw new OperatorError('say "maintenance on --message <text>" or "maintenance off"');
      if (arg === 'on' && !o.message) throw new OperatorError('--message is required to turn maintenance on');
      await setMaintenance({ handle: { db } }, OPERATOR, { on: arg === 'on', msg: o.message ?? '' });
      out(arg === 'on' ? `Maintenance is on: "${o.message}".` : 'Maintenance is off.');
      return 0;
    }
    case 'audit': {
      const kiosk = o.kiosk === undefined ? null : intArg(o.kiosk, 'kiosk');
      const time = (v: string | undefined, name: string, d: number) => {
        if (v === undefined) return new Date(d).toISOString();
        const ms = Date.parse(v);
        if (!Number.isFinite(ms)) throw new OperatorError(`--${name} must be a date or date and time (2026-11-22 or 2026-11-22T18:00:00Z)`);
        return new Date(ms).toISOString();
      };
      let accountId: number | undefined;
      if (o.account !== undefined) {
        const acc = kiosk !== null ? await accountRepository.holderOf(db, kiosk, o.account) : await oneHolder(db, o.account, () => true);
        if (!acc) throw new OperatorError(`no account "${o.account}"`);
        accountId = acc.id;
      }
      const q = { storeId: kiosk, accountId, kind: o.kind, from: time(o.from, 'from', Date.now() - 7 * 86_400_000), to: time(o.to, 'to', Date.now() + 1000) };
      if (o.format === 'csv') {
        const r = await activityCsv(db, q);
        out(r.csv.trimEnd());
        return 0;
      }
      const { list, total } = await activityPage(db, q, 0, o.limit === undefined ? 200 : intArg(o.limit, 'limit'));
      for (const r of list.slice().reverse()) {
        const values = [r.before && `before ${JSON.stringify(r.before)}`, r.after && `after ${JSON.stringify(r.after)}`].filter(Boolean).join(' ');
        out(`${r.at}  ${r.actor} (${r.actor_role})  ${r.kind}  ${r.target_type}${r.target ? ` ${r.target}` : ''}${r.amount !== null ? `  ${formatCents(cents(Math.round(r.amount * 100)))}` : ''}  ${values}`.trimEnd());
      }
      out(`${list.length} of ${total} rows${kiosk === null ? ' (every store)' : ` of kiosk ${kiosk}`}, ${q.from} to ${q.to}.`);
      return 0;
    }
    case 'permissions': {
      out(permissionsMarkdown());
      return 0;
    }
    case undefined:
    case 'help':
      out(HELP);
      return 0;
    default:
      throw new OperatorError(`unknown command "${command}" (try "help")`);
  }
}

// Run only when executed directly, so tests can import runCli.
/** backup and restore work on the database file itself, without opening (or migrating) it first. */
async function runFileCommand(command: 'backup' | 'restore', argv: string[], out: (s: string) => void): Promise<number> {
  const file = argv[1];
  if (!file || argv.length > 2) throw new OperatorError(`say "${command} <file>"`);
  const settings = settingsFromEnv();
  if (command === 'backup') {
    out(await backupDatabase(settings, file));
    return 0;
  }
  const r = await restoreDatabase(settings, file);
  r.lines.forEach((l) => out(l));
  return r.ok ? 0 : 1;
}

/**
 * The CLI's one place for the refusal family (domain/user-refusal.ts): the words it prints after
 * "Refused:" (exit 2), or undefined for a failure (exit 1). The operator's refusals are words
 * already (an operator action turns the money core's reasons into words itself); a misspelt
 * command line is refused too. The other families are no operator command's answer.
 */
function refusal(err: unknown): string | undefined {
  if (err instanceof Error && 'code' in err && String((err as { code: unknown }).code).startsWith('ERR_PARSE_ARGS')) return err.message;
  const r = asRefusal(err);
  if (!r) return undefined;
  switch (r.family) {
    case 'operator':
      return r.message;
    case 'money':
    case 'status':
    case 'rate_limited':
    case 'terminal':
    case 'terminal_denied':
      return undefined;
    default:
      return unmapped(r);
  }
}

if (process.argv[1] && import.meta.filename === (await import('node:fs')).realpathSync(process.argv[1])) {
  const argv = process.argv.slice(2);
  if (argv[0] === 'backup' || argv[0] === 'restore') {
    let code = 1;
    try {
      code = await runFileCommand(argv[0], argv, (s) => process.stdout.write(s + '\n'));
    } catch (err) {
      const why = refusal(err);
      process.stderr.write(why !== undefined ? `Refused: ${why}\n` : `Failed: ${err instanceof Error ? err.message : String(err)}\n`);
      code = why !== undefined ? 2 : 1;
    }
    process.exit(code);
  }
  const settings = settingsFromEnv();
  const handle = openDatabase(settings);
  let code = 1;
  try {
    await migrate(handle);
    code = await runCli(process.argv.slice(2), handle, (s) => process.stdout.write(s + '\n'));
  } catch (err) {
    const why = refusal(err);
    if (why !== undefined) {
      process.stderr.write(`Refused: ${why}\n`);
      code = 2;
    } else {
      process.stderr.write(`Failed: ${err instanceof Error ? err.message : String(err)}\n`);
    }
  } finally {
    await handle.close();
  }
  process.exit(code);
}
