// npm test: every tier, in order, failing on the first red one.
// 1. dependencies  2. PostgreSQL must be reachable (fail, never skip)  3. tsc  4. eslint
// 5. server + contract tests (SQLite and PostgreSQL)  6. proof tiers (crash, fuzz, several servers)
// 7. web unit tests  8. web build  9. end-to-end in Chromium
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const run = (title, cmd, env = {}) => {
  console.log(`\n=== ${title} ===`);
  execSync(cmd, { stdio: 'inherit', env: { ...process.env, ...env } });
};

run('dependencies', 'node scripts/ensure.mjs');
run('PostgreSQL reachable', 'node scripts/check-postgres.mjs');
if (!existsSync('/usr/bin/chromium')) {
  run('Chromium (Debian package)', 'apt-get install -y chromium || (apt-get update && apt-get install -y chromium)');
}
// The README's reverse proxies are tested as configured (packages/server/src/ops/proxy.test.ts).
if (!existsSync('/usr/sbin/nginx') || !existsSync('/usr/sbin/haproxy')) {
  run('nginx and HAProxy (Debian packages)', 'apt-get install -y nginx haproxy || (apt-get update && apt-get install -y nginx haproxy)');
}
// The print tests turn their PDFs into pictures to look at (e2e/reports.e2e.test.ts needs pdftoppm).
if (!existsSync('/usr/bin/pdftoppm')) {
  run('poppler-utils (Debian package)', 'apt-get install -y poppler-utils || (apt-get update && apt-get install -y poppler-utils)');
}
// Chinese screenshots need a CJK font; the tests pass without it, so a failed install only warns.
if (!existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc')) {
  try {
    run('CJK font for screenshots', 'apt-get install -y fonts-noto-cjk');
  } catch {
    console.warn('fonts-noto-cjk could not be installed: Chinese screenshots will show boxes.');
  }
}
run('type check', 'npm run typecheck');
run('lint', 'npx eslint .');
run('server and contract tests', 'npx vitest run');
// Proof tiers (issue 12, proof/): crash safety with kill -9, fuzzing of every call, several servers
// on one PostgreSQL, a synchronous standby promoted under load (its clusters made with Debian's
// pg_createcluster on spare ports; it fails, never skips, without them). Each file is bounded (about 1-3 minutes); they run one at a time.
if (existsSync('proof/vitest.config.ts')) run('proof: crash, fuzz, several servers', 'npx vitest run --config proof/vitest.config.ts');
if (existsSync('packages/web/vitest.config.ts')) run('web unit tests', 'npx vitest run --config packages/web/vitest.config.ts');
if (existsSync('packages/web/index.html')) run('web build', 'npm run build -w packages/web');
if (existsSync('e2e/vitest.config.ts')) run('end-to-end (Chromium)', 'npx vitest run --config e2e/vitest.config.ts');
console.log('\nAll test tiers passed.');
