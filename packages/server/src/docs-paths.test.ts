// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs name files and folders of the repository; a name that no longer exists misleads whoever follows
 * it. This test reads docs/*.md, docs/ops/*.md and README.md, picks out every name that looks like a path
 * into the repository and fails naming each one that is not there.
 *
 * What counts as a path (the docs' conventions):
 * - in a link `[text](target)`: the target, relative to the document (web addresses and `#anchors` aside);
 * - in backticks, a word with a slash whose first folder is one the repository has (`http/envelope.ts`,
 *   `services/console/`, `docs/ops/standby.md`), or a plain file name of the code (`architecture.test.ts`);
 * - in the prose, a word with a slash that ends in a file type (`db/pg-bounds.ts`, `proof/crash.proof.test.ts`).
 * A path is found when it exists from the repository's root, from `packages/server/src` (the server's
 * folders: `http/`, `money/`, `services/`, ...), from `packages/server/src/services` (`drawer/shift-steps.ts`
 * beside a service), from `packages/web/src` (`features/`, `api/`, `app/`, ...) or from
 * `packages/contract/src`; `contract/...` is `packages/contract/src/...` (or `packages/contract/...`),
 * `web/...` is `packages/web/src/...`, `server/...` is `packages/server/src/...`. A plain file name is found
 * when a file of that name is anywhere in the repository. Placeholders (`<resource>`, `{id}`, `*`) are not
 * paths.
 *
 * Beside the paths, a reference to a part of docs/DECISIONS.md by its title (`DECISIONS.md "Credit
 * hierarchy"`, in the docs and in the code's comments) must find a heading or an entry's bold lead that starts
 * with those words.
 */

const REPO = path.resolve(import.meta.dirname, '../../..');
const SERVER = path.join(REPO, 'packages/server/src');
const FROM = [
  REPO,
  SERVER,
  path.join(SERVER, 'services'),
  path.join(REPO, 'packages/web'),
  path.join(REPO, 'packages/web/src'),
  path.join(REPO, 'packages/web/src/features'),
  path.join(REPO, 'packages/contract/src'),
];
/** Made by a build or a run, never in the repository. */
const GENERATED = new Set(['packages/web/dist']);
const PREFIXES: [string, string[]][] = [
  ['contract/', ['packages/contract/src/', 'packages/contract/']],
  ['web/', ['packages/web/src/', 'packages/web/']],
  ['server/', ['packages/server/src/', 'packages/server/']],
];
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', 'coverage']);

/** A file type the prose may name a file by. */
const FILE_TYPE = /\.(tsx?|mts|mjs|js|json|md|sh|conf|cfg|css|sql|sqlite|png|ya?ml)$/;
/** A file type of the code a plain file name in backticks is checked for. */
const CODE_TYPE = /\.(tsx?|mts|mjs|md|sh|sql)$/;
const PLACEHOLDER = /[<>{}*…]|\.\.\.|\$/;

/** Every file name of the repository, and the folders a path may start with (those under each root). */
function repositoryEntries(root: string): { names: Set<string>; folders: Set<string> } {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (SKIPPED_FOLDERS.has(e.name)) continue;
      if (e.isDirectory()) walk(path.join(dir, e.name));
      else names.add(e.name);
    }
  };
  walk(root);
  const folders = new Set(PREFIXES.map(([prefix]) => prefix.slice(0, -1)));
  for (const from of FROM) {
    for (const e of readdirSync(from, { withFileTypes: true })) {
      if (e.isDirectory() && !SKIPPED_FOLDERS.has(e.name)) folders.add(e.name);
    }
  }
  return { names, folders };
}

interface Found {
  /** The path as the document writes it. */
  path: string;
  /** A link's target (relative to its document), not a name in backticks or prose. */
  link: boolean;
}

/** The names in one Markdown text that look like paths into the repository. */
function pathsNamed(markdown: string, folders: ReadonlySet<string>): Found[] {
  const found: Found[] = [];
  const fenced = markdown.replace(/^```[\s\S]*?^```/gm, '');
  const spans: string[] = [];
  const prose = fenced.replace(/`([^`\n]+)`/g, (_, span: string) => {
    spans.push(span);
    return ' ';
  });
  // Links (outside code spans): the target, relative to the document.
  for (const m of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = m[1]!.split('#')[0]!;
    if (target === '' || /^[a-z]+:/i.test(target)) continue;
    found.push({ path: decodeURI(target), link: true });
  }
  const words = (text: string) => text.split(/[\s,;()[\]"'|]+/).map((w) => w.replace(/[.:]+$/, ''));
  const firstFolder = (w: string) => w.split('/')[0]!;
  for (const span of spans) {
    for (const w of words(span)) {
      if (w === '' || PLACEHOLDER.test(w) || w.startsWith('/') || w.startsWith('@') || w.includes('://')) continue;
      if (w.includes('/')) {
        const head = firstFolder(w);
        if (folders.has(head)) found.push({ path: w, link: false });
      } else if (CODE_TYPE.test(w) && /^[\w.-]+$/.test(w)) found.push({ path: w, link: false });
    }
  }
  for (const w of words(prose.replace(/\]\([^)]*\)/g, ' '))) {
    if (!w.includes('/') || PLACEHOLDER.test(w) || w.startsWith('/') || w.includes('://')) continue;
    if (FILE_TYPE.test(w) && !firstFolder(w).includes('.') && /^[\w./-]+$/.test(w)) found.push({ path: w, link: false });
  }
  return found;
}

/** Whether a name found in a document names something of the repository. */
function exists(found: Found, documentDir: string, names: ReadonlySet<string>): boolean {
  const p = found.path.replace(/\/$/, '');
  if (found.link) return existsSync(path.resolve(documentDir, p));
  if (!found.path.includes('/')) return names.has(p);
  if (GENERATED.has(p)) return true;
  const candidates = FROM.map((from) => path.join(from, p));
  for (const [prefix, into] of PREFIXES) {
    if (p.startsWith(prefix)) candidates.push(...into.map((i) => path.join(REPO, i, p.slice(prefix.length))));
  }
  // A module named as it is imported (`components/message`) is a file of the code.
  const asModule = (c: string) => ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].some((ext) => existsSync(c + ext));
  return candidates.some(asModule);
}

/** The titles other files cite docs/DECISIONS.md by (`DECISIONS.md "Title"`). */
function decisionsCited(text: string): string[] {
  const comment = /\n\s*(?:\/\/|\*|#)?\s*/g;
  return [...text.matchAll(/DECISIONS\.md\)?,?\s*(?:\n\s*(?:\/\/|\*|#)?\s*)?"([^"]+)"/g)].map((m) => m[1]!.replace(comment, ' '));
}

/** The headings and the bold leads of docs/DECISIONS.md's entries, lower case. */
function decisionsTitles(markdown: string): string[] {
  const headings = [...markdown.matchAll(/^#+\s+(.+)$/gm)].map((m) => m[1]!);
  const leads = [...markdown.matchAll(/^\s*- \*\*(.+?)\*\*/gm)].map((m) => m[1]!);
  return [...headings, ...leads].map((t) => t.toLowerCase().replace(/`/g, ''));
}

const titleFound = (cited: string, titles: readonly string[]) => {
  const c = cited.toLowerCase().replace(/`/g, '');
  return titles.some((t) => t.startsWith(c));
};

function documents(): string[] {
  const docs = path.join(REPO, 'docs');
  const md = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.md')).map((f) => path.join(dir, f));
  return [path.join(REPO, 'README.md'), ...md(docs), ...md(path.join(docs, 'ops'))];
}

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIPPED_FOLDERS.has(e.name)) return [];
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return codeFiles(p);
    return /\.(tsx?|mjs|js|sh|md)$/.test(e.name) && statSync(p).size < 1_000_000 ? [p] : [];
  });
}

describe('the paths the docs name', () => {
  const { names, folders } = repositoryEntries(REPO);

  it('exist, in every document', () => {
    const docs = documents();
    expect(docs.length).toBeGreaterThan(5);
    const missing: string[] = [];
    let checked = 0;
    for (const doc of docs) {
      for (const f of pathsNamed(readFileSync(doc, 'utf8'), folders)) {
        checked += 1;
        if (!exists(f, path.dirname(doc), names)) missing.push(`${path.relative(REPO, doc)}: ${f.path}`);
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('are found in backticks, links and prose, and a made-up one is missing (the check fed a bad case)', () => {
    const text = [
      'The envelope (`http/envelope.ts` `answerRefusal`) and `http/refusal-reply.ts`; see [TERMINAL.md](TERMINAL.md)',
      'and [gone](../bench/NOPE.md#top), `contract/src/calls.ts`, `web/api/call.ts`, `drawer/shift-steps.ts`,',
      '`architecture.test.ts`, `refusal-words.ts`, in prose cli/refusal-words.ts and db/pg-bounds.ts;',
      'not paths: `/API/customer/purchase`, `http/api/<resource>/`, `![map](img/map.png)` inside a code span,',
      '`@moneybox/contract/money`, read/write, sqlite.org/walformat.html, `npm run admin -- audit`.',
    ].join('\n');
    const named = pathsNamed(text, folders);
    expect(named.map((f) => f.path)).toEqual([
      'TERMINAL.md',
      '../bench/NOPE.md',
      'http/envelope.ts',
      'http/refusal-reply.ts',
      'contract/src/calls.ts',
      'web/api/call.ts',
      'drawer/shift-steps.ts',
      'architecture.test.ts',
      'refusal-words.ts',
      'cli/refusal-words.ts',
      'db/pg-bounds.ts',
    ]);
    const docs = path.join(REPO, 'docs');
    expect(named.filter((f) => !exists(f, docs, names)).map((f) => f.path)).toEqual([
      '../bench/NOPE.md',
      'http/refusal-reply.ts',
      'refusal-words.ts',
      'cli/refusal-words.ts',
    ]);
  });
});

describe('the parts of docs/DECISIONS.md cited by title', () => {
  const titles = decisionsTitles(readFileSync(path.join(REPO, 'docs/DECISIONS.md'), 'utf8'));

  it('exist, wherever they are cited (docs, README, code comments)', () => {
    const files = [...documents(), ...['packages', 'scripts', 'bench', 'e2e', 'proof'].flatMap((d) => codeFiles(path.join(REPO, d)))];
    files.push(path.join(REPO, 'eslint.config.js'));
    const missing: string[] = [];
    for (const file of files) {
      if (file.endsWith('docs-paths.test.ts')) continue;
      for (const cited of decisionsCited(readFileSync(file, 'utf8'))) {
        if (!titleFound(cited, titles)) missing.push(`${path.relative(REPO, file)}: "${cited}"`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('finds a citation of a title that is not there (the check fed a bad case)', () => {
    const cited = decisionsCited('see docs/DECISIONS.md "Credit hierarchy" and (docs/DECISIONS.md\n * "No such part")');
    expect(cited).toEqual(['Credit hierarchy', 'No such part']);
    const sample = decisionsTitles('## Money\n\n- **Credit hierarchy**: one edge.\n');
    expect(cited.filter((c) => !titleFound(c, sample))).toEqual(['No such part']);
  });
});
