/**
 * What the login page loads, read from a web build's manifest (packages/web/dist/.vite/manifest.json),
 * and gzipped sizes. Used by `bench/web-size.bench.ts` and by the login e2e test's size bound.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * What the login route needs besides the entry: its English texts (the refusals' `status` texts load
 * with the first refusal, i18n/i18n.ts). The login page served alone (app/LoginScreen.tsx: its layout
 * and page, no router) is in the entry's file (vite.config.ts).
 */
const LOGIN_TEXTS = ['src/locales/en/common.json', 'src/locales/en/login.json'];

export function readManifest(dist: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Every file (JS and CSS) manifest entries load, following static imports. */
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

/** The JS and CSS files (paths under dist) a first load of /pos/login fetches. */
export function loginPageFiles(dist: string): Set<string> {
  const manifest = readManifest(dist);
  return filesOf(manifest, ['index.html', ...LOGIN_TEXTS]);
}

/** Sizes of files under `dir`: raw, gzipped (level 9, each file alone, as served), and gzipped JS and CSS. */
export function gzSizes(files: Iterable<string>, dir: string) {
  let raw = 0;
  let gz = 0;
  let js = 0;
  let css = 0;
  for (const f of files) {
    const bytes = fs.readFileSync(path.join(dir, f));
    const g = gzipSync(bytes, { level: 9 }).length;
    raw += bytes.length;
    gz += g;
    if (f.endsWith('.css')) css += g;
    else js += g;
  }
  return { raw, gz, js, css };
}
