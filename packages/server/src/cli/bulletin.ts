import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BULLETIN_LIMITS, toBulletinLang, type BulletinLang } from '@moneybox/contract';
import { OPERATOR, writeAudit } from '../services/audit/audit.js';
import { inTransaction, type Db } from '../db/database.js';
import { retryOnConflict } from '../db/errors.js';
import { OperatorError } from '../services/operator/operator.service.js';
import { bulletinWrites, type BulletinKind } from '../repositories/bulletin.repository.js';
import { sizeLimit, type FileUse } from '../services/bulletin/file-type.js';
import { publish, removeEvent, saveEvent, update, withdraw, type FileIn, type Published, type TextIn } from '../services/operator/publish.service.js';

/**
 * `npm run admin -- bulletin ...`: the operator publishes platform news from files. This file only
 * reads arguments and files; every rule is in services/operator/publish.service.ts. Each change commits
 * with its audit row: publish, update and withdraw write theirs in the service (news.*), the event
 * commands here (kind operator.command, target bulletin).
 */
export const BULLETIN_HELP = `  bulletin publish <news|event|poster|regulation> --stores <all|1001,1002> --title [lang=]<text> ...
                [--body [lang=]<file.md> ...] [--file [lang=]<png|jpg|gif|webp|pdf> ...] [--thumbnail [lang=]<image>]
                [--event <name> [--starts <time>] [--ends <time>] [--event-title [lang=]<text> ...]] [--at <time>]
  bulletin update <id> [--title ...] [--body ...] [--file ...] [--thumbnail ...] [--stores ...] [--at <time>]
  bulletin withdraw <id>                                         (leaves every store's list; its files answer 404)
  bulletin list [--kind <kind>] [--all]                          (--all: also withdrawn items)
  bulletin event <name> [--starts <time>] [--ends <time>] [--event-title [lang=]<text> ...]   (change an event)
  bulletin remove-event <name>                                   (the event's entry and page go: 404)
                Languages: en, mx (or es), zh_Hans (or cn); without "lang=", --title/--body are English and
                --file/--thumbnail serve every language. Images a body shows (![alt](map.png)) are read beside
                its Markdown file. Times: 2026-12-01 (UTC midnight) or 2026-12-01T18:00:00-06:00.`;

const KINDS: readonly BulletinKind[] = ['news', 'event', 'poster', 'regulation'];

interface Tagged {
  lang: BulletinLang | null;
  value: string;
}

/** `lang=value` or `value` (lang null). An unknown language before '=' is refused. */
function tagged(raw: string, option: string): Tagged {
  const m = /^([A-Za-z_]{2,10})=(.*)$/s.exec(raw);
  if (!m) return { lang: null, value: raw };
  const lang = toBulletinLang(m[1]!);
  if (!lang) throw new OperatorError(`--${option} ${raw}: unknown language "${m[1]}" (en, mx or es, zh_Hans or cn)`);
  return { lang, value: m[2]! };
}

/** Reads a file the operator names, refusing a missing, non-regular or oversized one before reading it. */
function readLimited(file: string, limit: number, what: string): Buffer {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch {
    throw new OperatorError(`${what} ${file}: no such file`);
  }
  if (!st.isFile()) throw new OperatorError(`${what} ${file}: not a file`);
  if (st.size > limit) throw new OperatorError(`${what} ${file}: ${st.size} bytes is over the limit of ${limit} bytes`);
  return fs.readFileSync(file);
}

function readText(file: string, lang: string): string {
  const bytes = readLimited(file, BULLETIN_LIMITS.bodyBytes, `--body (${lang})`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new OperatorError(`--body (${lang}) ${file}: not UTF-8 text`);
  }
}

/** Relative image references of a Markdown body: ![alt](ref) and ![alt](<ref> "title"). */
export function imageRefs(markdown: string): string[] {
  const refs = new Set<string>();
  for (const m of markdown.matchAll(/!\[[^\]]*\]\(\s*(?:<([^>\n]+)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)/g)) {
    const ref = (m[1] ?? m[2] ?? '').trim();
    // Links with a scheme (https:, data:, javascript:...), absolute paths and anchors are not files of ours.
    if (ref === '' || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(ref) || ref.startsWith('/') || ref.startsWith('#')) continue;
    refs.add(ref);
  }
  return [...refs];
}

function readFiles(list: string[] | undefined, option: string, use: FileUse): FileIn[] {
  return (list ?? []).map((raw) => {
    const t = tagged(raw, option);
    return { lang: t.lang, name: path.basename(t.value), bytes: readLimited(t.value, sizeLimit(use), `--${option}`) };
  });
}

interface Parsed {
  texts: TextIn[];
  images: FileIn[];
}

/** --title and --body per language, with the images each body shows. */
function readTexts(titles: string[] | undefined, bodies: string[] | undefined): Parsed {
  const byLang = new Map<BulletinLang, TextIn>();
  const get = (lang: BulletinLang) => byLang.get(lang) ?? byLang.set(lang, { lang }).get(lang)!;
  for (const raw of titles ?? []) {
    const t = tagged(raw, 'title');
    const lang = t.lang ?? 'en';
    if (get(lang).title !== undefined) throw new OperatorError(`--title for ${lang} is given twice`);
    get(lang).title = t.value;
  }
  const images: FileIn[] = [];
  for (const raw of bodies ?? []) {
    const t = tagged(raw, 'body');
    const lang = t.lang ?? 'en';
    if (get(lang).body !== undefined) throw new OperatorError(`--body for ${lang} is given twice`);
    const body = readText(t.value, lang);
    get(lang).body = body;
    for (const ref of imageRefs(body)) {
      const file = path.resolve(path.dirname(t.value), ref);
      if (!fs.existsSync(file)) throw new OperatorError(`--body (${lang}) ${t.value} shows image "${ref}", which is not at ${file}`);
      images.push({ lang, name: ref, bytes: readLimited(file, BULLETIN_LIMITS.imageBytes, `image of ${t.value}`) });
    }
  }
  return { texts: [...byLang.values()], images };
}

function storesArg(v: string | undefined): 'all' | number[] | undefined {
  if (v === undefined) return undefined;
  if (v.trim() === 'all') return 'all';
  const parts = v.split(',').map((s) => s.trim());
  if (parts.some((p) => !/^\d{1,15}$/.test(p))) throw new OperatorError('--stores must be "all" or kiosk ids separated by commas (1001,1002)');
  return parts.map(Number);
}

function eventTitles(list: string[] | undefined): Partial<Record<BulletinLang, string>> {
  const out: Partial<Record<BulletinLang, string>> = {};
  for (const raw of list ?? []) {
    const t = tagged(raw, 'event-title');
    out[t.lang ?? 'en'] = t.value;
  }
  return out;
}

function idArg(v: string | undefined, command: string): number {
  if (v === undefined || !/^\d{1,15}$/.test(v)) throw new OperatorError(`say "bulletin ${command} <id>" (the id "bulletin list" shows)`);
  return Number(v);
}

function describe(p: Published, verb: string): string[] {
  const lines = [`${verb} ${p.kind} ${p.id} (${p.languages.join(', ')}) for ${p.stores === 'all' ? 'all stores' : `kiosk ${p.stores.join(', ')}`}.`];
  for (const f of p.files) lines.push(`  ${f.role} ${f.name} (${f.lang ?? 'every language'}): ${f.type}, ${f.size} bytes (file ${f.id})`);
  return lines;
}

const OPTIONS = {
  title: { type: 'string', multiple: true },
  body: { type: 'string', multiple: true },
  file: { type: 'string', multiple: true },
  thumbnail: { type: 'string', multiple: true },
  'event-title': { type: 'string', multiple: true },
  stores: { type: 'string' },
  at: { type: 'string' },
  event: { type: 'string' },
  starts: { type: 'string' },
  ends: { type: 'string' },
  kind: { type: 'string' },
  all: { type: 'boolean' },
} as const;

/** `bulletin <sub> ...`; returns the exit code. Refusals throw OperatorError (the CLI prints them, exit 2). */
export async function runBulletinCli(argv: string[], db: Db, out: (s: string) => void): Promise<number> {
  const { values: o, positionals } = parseArgs({ args: argv, allowPositionals: true, strict: true, options: OPTIONS });
  const [sub, arg, extra] = positionals;
  if (extra !== undefined) throw new OperatorError(`unexpected "${extra}" (quote texts with spaces)`);
  /** `selfAudited`: the service writes the row itself (publish, update, withdraw). */
  const audited = async (label: string, change: (tx: Db) => Promise<{ id: number | null; lines: string[] }>, selfAudited = false) => {
    // Two operators creating the same event at once: the loser's transaction runs again and finds it.
    const lines = await retryOnConflict(() => inTransaction(db, async (tx) => {
      const r = await change(tx);
      if (!selfAudited) await writeAudit(tx, OPERATOR, {
        storeId: null,
        kind: 'operator.command',
        target: { type: 'bulletin', id: r.id, label },
        after: { command: `bulletin ${sub}`, ...(arg !== undefined && { arg }), ...o },
      });
      return r.lines;
    }));
    lines.forEach((l) => out(l));
    return 0;
  };
  switch (sub) {
    case 'publish': {
      const kind = arg as BulletinKind;
      if (!KINDS.includes(kind)) throw new OperatorError(`say what to publish: bulletin publish <${KINDS.join('|')}>`);
      const stores = storesArg(o.stores);
      if (stores === undefined) throw new OperatorError('--stores is required: "all" or kiosk ids (1001,1002)');
      const { texts, images } = readTexts(o.title, o.body);
      const event = o.event === undefined ? undefined : { name: o.event, ...(o.starts !== undefined && { startsAt: o.starts }), ...(o.ends !== undefined && { endsAt: o.ends }), titles: eventTitles(o['event-title']) };
      const documents = readFiles(o.file, 'file', 'document');
      const thumbnails = readFiles(o.thumbnail, 'thumbnail', 'image');
      return audited(kind, async (tx) => {
        const p = await publish({ handle: { db: tx } }, OPERATOR, { kind, texts, stores, ...(o.at !== undefined && { publishAt: o.at }), ...(event && { event }), documents, thumbnails, images });
        const heavy = p.files.some((f) => f.role === 'document' && f.type.startsWith('image/') && f.size > BULLETIN_LIMITS.imageBytes);
        const hint = heavy && !p.files.some((f) => f.role === 'thumbnail') ? ['  Tip: the poster list shows an image poster itself; give a smaller --thumbnail to keep the list light.'] : [];
        return { id: p.id, lines: [...describe(p, 'Published'), ...hint] };
      }, true);
    }
    case 'update': {
      const id = idArg(arg, 'update');
      const { texts, images } = readTexts(o.title, o.body);
      const stores = storesArg(o.stores);
      const documents = readFiles(o.file, 'file', 'document');
      const thumbnails = readFiles(o.thumbnail, 'thumbnail', 'image');
      return audited(`bulletin ${id}`, async (tx) => {
        const p = await update({ handle: { db: tx } }, OPERATOR, { id, texts, ...(stores !== undefined && { stores }), ...(o.at !== undefined && { publishAt: o.at }), documents, thumbnails, images });
        return { id, lines: describe(p, 'Updated') };
      }, true);
    }
    case 'withdraw': {
      const id = idArg(arg, 'withdraw');
      return audited(`bulletin ${id}`, async (tx) => {
        await withdraw({ handle: { db: tx } }, OPERATOR, { id });
        return { id, lines: [`Withdrew bulletin ${id}: no store sees it any more.`] };
      }, true);
    }
    case 'event': {
      if (arg === undefined) throw new OperatorError('say "bulletin event <name> --starts ... --ends ..."');
      return audited(arg, async (tx) => {
        const id = await saveEvent({ handle: { db: tx } }, OPERATOR, { name: arg, ...(o.starts !== undefined && { startsAt: o.starts }), ...(o.ends !== undefined && { endsAt: o.ends }), titles: eventTitles(o['event-title']) });
        const e = await bulletinWrites.findEvent(tx, arg);
        return { id, lines: [`Event "${arg}" runs ${e?.starts_at} to ${e?.ends_at}.`] };
      });
    }
    case 'remove-event': {
      if (arg === undefined) throw new OperatorError('say "bulletin remove-event <name>"');
      return audited(arg, async (tx) => {
        await removeEvent({ handle: { db: tx } }, OPERATOR, { name: arg });
        return { id: null, lines: [`Event "${arg}" is removed: its menu entry is gone and its page answers 404.`] };
      });
    }
    case 'list': {
      const kind = o.kind as BulletinKind | undefined;
      if (kind !== undefined && !KINDS.includes(kind)) throw new OperatorError(`--kind must be one of ${KINDS.join(', ')}`);
      const rows = await bulletinWrites.listAll(db, { ...(kind !== undefined && { kind }), includeWithdrawn: o.all === true });
      const ids = rows.map((r) => Number(r.id));
      const [stores, langs] = await Promise.all([bulletinWrites.storesOf(db, ids), bulletinWrites.langsOf(db, ids)]);
      for (const r of rows) {
        const id = Number(r.id);
        const targets = r.all_stores === 1 ? 'all stores' : `kiosk ${stores.filter((s) => Number(s.bulletin_id) === id).map((s) => s.store_id).join(',')}`;
        const event = r.event_name ? ` event ${r.event_name} (${r.event_starts_at} to ${r.event_ends_at}${r.event_removed_at ? ', removed' : ''})` : '';
        const l = langs.filter((x) => Number(x.bulletin_id) === id).map((x) => x.lang).sort().join(',');
        out(`${id}  ${r.kind}${event}  ${r.published_at}  [${l}]  ${targets}${r.withdrawn_at ? `  WITHDRAWN ${r.withdrawn_at}` : ''}  ${JSON.stringify(r.title ?? '')}`);
      }
      out(`${rows.length} bulletin${rows.length === 1 ? '' : 's'}.`);
      return 0;
    }
    default:
      throw new OperatorError(`unknown bulletin command "${sub ?? ''}": publish, update, withdraw, list, event, remove-event`);
  }
}
