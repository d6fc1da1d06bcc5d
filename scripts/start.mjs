// npm start: install what is missing, build the web app if needed, then migrate, seed and serve.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { execSync, spawn } from 'node:child_process';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

execSync('node scripts/ensure.mjs', { stdio: 'inherit' });

function newest(dir) {
  let t = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}
const dist = 'packages/web/dist/index.html';
if (existsSync('packages/web/index.html')) {
  const stale = !existsSync(dist) || newest('packages/web/src') > statSync(dist).mtimeMs;
  if (stale) {
    console.log('Building the web app…');
    execSync('npm run build -w packages/web', { stdio: 'inherit' });
  }
}

const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'packages/server/src/main.ts'], { stdio: 'inherit' });
const forward = (sig) => child.kill(sig);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code) => process.exit(code ?? 0));
