// Installs dependencies when they are missing (a fresh clone), so `npm start` and `npm test` need nothing else.
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, utimesSync } from 'node:fs';
import { execSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const SQLITE_ADDON = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
const need = [
  // npm writes its hidden lockfile when an install has finished: a tree left half-written by an
  // interrupted install (Ctrl-C, a killed job) installs again instead of failing later.
  'node_modules/.package-lock.json',
  'node_modules/.bin/tsx',
  SQLITE_ADDON,
  'node_modules/vite/package.json',
  // The web's receipt printer encoder (features/hardware): a tree installed before it was added installs again.
  'node_modules/@point-of-sale/receipt-printer-encoder/package.json',
];
// A pull that brought new dependencies (package-lock.json newer than the last install) installs too.
const lockNewer = () => existsSync('node_modules/.package-lock.json') && statSync('package-lock.json').mtimeMs > statSync('node_modules/.package-lock.json').mtimeMs;

/**
 * better-sqlite3 ships no binary and the registries here carry no prebuilt one, so its addon is compiled
 * from source (SQLite's C, about a minute and a half on two cores). A clean clone on a machine that built
 * the same version for the same Node ABI copies that build from the user's cache instead: the key is the
 * package version, the ABI, the platform and the architecture, as a prebuilt binary's would be.
 */
function addonCache() {
  const { version } = JSON.parse(readFileSync('node_modules/better-sqlite3/package.json', 'utf8'));
  const dir = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'moneybox');
  return path.join(dir, `better_sqlite3-${version}-abi${process.versions.modules}-${process.platform}-${process.arch}.node`);
}

const addonLoads = () => {
  try {
    execSync(`node -e "new (require('better-sqlite3'))(':memory:').prepare('select 1').get()"`, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

if (need.some((p) => !existsSync(p)) || lockNewer()) {
  // Progress and npm's own output go to stderr: stdout belongs to the command this guards
  // (`npm run -s admin -- permissions > docs/PERMISSIONS.md` must stay clean).
  const toStderr = { stdio: ['inherit', process.stderr, 'inherit'] };
  console.error('Installing dependencies…');
  // The two install scripts of the tree (esbuild's and better-sqlite3's) are run below, on their own;
  // --prefer-offline: what npm's cache holds is not asked of the registry again.
  execSync('npm install --prefer-offline --no-audit --no-fund --ignore-scripts', toStderr);
  execSync('node node_modules/esbuild/install.js', toStderr);
  const cached = addonCache();
  if (existsSync(cached)) {
    mkdirSync(path.dirname(SQLITE_ADDON), { recursive: true });
    copyFileSync(cached, SQLITE_ADDON);
  }
  if (!existsSync(SQLITE_ADDON) || !addonLoads()) {
    console.error('Building better-sqlite3 from source (about a minute and a half)…');
    // build_from_source: no try at a prebuilt download first (none is reachable here).
    execSync('npm rebuild better-sqlite3', { ...toStderr, env: { ...process.env, JOBS: String(Math.max(1, os.cpus().length)), npm_config_build_from_source: 'true' } });
    if (!addonLoads()) throw new Error('better-sqlite3 did not build: see the output above');
    mkdirSync(path.dirname(cached), { recursive: true });
    // Written whole, then moved into place: a build killed halfway never leaves a broken cache.
    copyFileSync(SQLITE_ADDON, `${cached}.tmp`);
    renameSync(`${cached}.tmp`, cached);
  }
  // npm leaves its hidden lockfile untouched when nothing changed: mark this install as the latest.
  const now = new Date();
  utimesSync('node_modules/.package-lock.json', now, now);
}
