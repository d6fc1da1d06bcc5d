/**
 * Size of the web app: the gzipped JavaScript and CSS the login page loads (its entry, the login
 * layout and page chunks, the English texts it needs), and the whole app's. Read from Vite's
 * build manifest, so it counts exactly the chunks the router's lazy imports pull in.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const title = 'Web app size (gzip level 9)';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'packages/web/dist');

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * What the login route needs besides the entry: the login page served alone (app/LoginScreen.tsx:
 * its layout and page, no router) and its English texts.
 */
const LOGIN_CHUNKS = [
  'src/app/LoginScreen.tsx',
  'src/layouts/LoginLayout.tsx',
  'src/features/login/LoginPage.tsx',
  'src/locales/en/common.json',
  'src/locales/en/status.json',
  'src/locales/en/login.json',
];

function ensureBuilt(): void {
  if (!fs.existsSync(path.join(dist, '.vite/manifest.json'))) {
    execSync('npm run build -w packages/web', { cwd: root, stdio: 'inherit' });
  }
}

/** Every file (JS and CSS) a manifest entry loads, following static imports. */
function filesOf(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk ${key} in the build manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const i of chunk.imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return files;
}

function sizes(files: Iterable<string>) {
  let raw = 0;
  let gz = 0;
  let js = 0;
  let css = 0;
  for (const f of files) {
    const bytes = fs.readFileSync(path.join(dist, f));
    const g = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gz += g;
    if (f.endsWith('.css')) css += g;
    else js += g;
  }
  return { raw, gz, js, css };
}

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

export async function run(): Promise<Array<Record<string, string | number>>> {
  ensureBuilt();
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const login = filesOf(manifest, ['index.html', ...LOGIN_CHUNKS]);
  const all = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .map((f) => `assets/${f}`);
  const l = sizes(login);
  const a = sizes(all);
  return [
    { metric: 'login page JS+CSS gzipped', value: kB(l.gz), files: login.size, 'JS gz': kB(l.js), 'CSS gz': kB(l.css), uncompressed: kB(l.raw) },
    { metric: 'whole app JS+CSS gzipped', value: kB(a.gz), files: all.length, 'JS gz': kB(a.js), 'CSS gz': kB(a.css), uncompressed: kB(a.raw) },
  ];
}
