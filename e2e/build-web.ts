import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
export const webDist = path.join(root, 'packages/web/dist');

function newest(dir: string): number {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

/** Builds packages/web when dist is missing or older than the sources. */
export function ensureWebBuilt(): void {
  const index = path.join(webDist, 'index.html');
  const sources = [path.join(root, 'packages/web/src'), path.join(root, 'packages/contract/src')];
  const stale = !fs.existsSync(index) || sources.some((s) => newest(s) > fs.statSync(index).mtimeMs);
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build: build what ships.
  if (stale) execSync('npm run build -w packages/web', { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
}
