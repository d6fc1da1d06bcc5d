/**
 * Size of the web app: the gzipped JavaScript and CSS the login page loads (its entry, the login
 * page's chunk, the English texts it needs), and the whole app's, beside a plain Mantine page
 * (bench/tools/plain-mantine: React, Mantine's provider and whole stylesheet, a small form) built
 * in the same run. Read from Vite's build manifest, so it counts exactly the chunks the lazy
 * imports pull in.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { gzSizes, loginPageFiles } from './lib/web-size.js';

export const title = 'Web app size (gzip level 9)';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'packages/web/dist');

function buildApp(): void {
  execSync('npm run build -w packages/web', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}

/** Builds the plain Mantine page; its JS and CSS files. */
async function buildPlainMantine(): Promise<{ dir: string; files: string[] }> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plain-mantine-'));
  await build({
    root: path.join(root, 'bench/tools/plain-mantine'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 1000 },
  });
  return { dir: outDir, files: fs.readdirSync(path.join(outDir, 'assets')).map((f) => `assets/${f}`) };
}

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

export async function run(): Promise<Array<Record<string, string | number>>> {
  buildApp();
  const login = loginPageFiles(dist);
  const all = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .map((f) => `assets/${f}`);
  const plain = await buildPlainMantine();
  const row = (metric: string, files: string[], dir: string) => {
    const s = gzSizes(files, dir);
    return { metric, value: kB(s.gz), files: files.length, 'JS gz': kB(s.js), 'CSS gz': kB(s.css), uncompressed: kB(s.raw) };
  };
  const rows = [
    row('login page JS+CSS gzipped', [...login], dist),
    row('plain Mantine page (same run)', plain.files, plain.dir),
    row('whole app JS+CSS gzipped', all, dist),
  ];
  fs.rmSync(plain.dir, { recursive: true, force: true });
  return rows;
}
