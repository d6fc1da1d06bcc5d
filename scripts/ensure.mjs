// Installs dependencies when they are missing (a fresh clone), so `npm start` and `npm test` need nothing else.
import { existsSync, statSync, utimesSync } from 'node:fs';
import { execSync } from 'node:child_process';

const need = [
  // npm writes its hidden lockfile when an install has finished: a tree left half-written by an
  // interrupted install (Ctrl-C, a killed job) installs again instead of failing later.
  'node_modules/.package-lock.json',
  'node_modules/.bin/tsx',
  'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
  'node_modules/vite/package.json',
];
// A pull that brought new dependencies (package-lock.json newer than the last install) installs too.
const lockNewer = () => existsSync('node_modules/.package-lock.json') && statSync('package-lock.json').mtimeMs > statSync('node_modules/.package-lock.json').mtimeMs;
if (need.some((p) => !existsSync(p)) || lockNewer()) {
  // Progress and npm's own output go to stderr: stdout belongs to the command this guards
  // (`npm run -s admin -- permissions > docs/PERMISSIONS.md` must stay clean).
  const toStderr = { stdio: ['inherit', process.stderr, 'inherit'] };
  console.error('Installing dependencies (better-sqlite3 builds from source; about a minute)…');
  execSync('npm install --no-audit --no-fund', toStderr);
  if (!existsSync('node_modules/better-sqlite3/build/Release/better_sqlite3.node')) {
    execSync('npm rebuild better-sqlite3', toStderr);
  }
  // npm leaves its hidden lockfile untouched when nothing changed: mark this install as the latest.
  const now = new Date();
  utimesSync('node_modules/.package-lock.json', now, now);
}
