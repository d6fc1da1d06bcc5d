// Installs dependencies when they are missing (a fresh clone), so `npm start` and `npm test` need nothing else.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const need = [
  // npm writes its hidden lockfile when an install has finished: a tree left half-written by an
  // interrupted install (Ctrl-C, a killed job) installs again instead of failing later.
  'node_modules/.package-lock.json',
  'node_modules/.bin/tsx',
  'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
  'node_modules/vite/package.json',
];
if (need.some((p) => !existsSync(p))) {
  console.log('Installing dependencies (better-sqlite3 builds from source; about a minute)…');
  execSync('npm install --no-audit --no-fund', { stdio: 'inherit' });
  if (!existsSync('node_modules/better-sqlite3/build/Release/better_sqlite3.node')) {
    execSync('npm rebuild better-sqlite3', { stdio: 'inherit' });
  }
}
