// npm test: every tier. 1. dependencies  2. PostgreSQL must be reachable (fail, never skip)
// 3. server + contract tests (SQLite and PostgreSQL)  4. proof tiers (crash, fuzz, several servers;
// sampled unless --full) beside tsc, eslint, the web build, the web unit tests and end-to-end in
// Chromium (SQLite and PostgreSQL in one run). Every tier runs even when one before it failed, so the
// closing line `N passed, N failed` counts the tests of all of them; a tier whose config is missing or
// that ran no test fails the run (scripts/tiers.mjs).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { TierError, closingLine, runCommand, runVitestTier } from './tiers.mjs';

// npm run test:full: the proofs' full runs (every round, every fuzz case) instead of CI's sample.
const full = process.argv.includes('--full');

const run = (title, cmd, env = {}) => {
  console.log(`\n=== ${title} ===`);
  execSync(cmd, { stdio: 'inherit', env: { ...process.env, ...env } });
};

run('dependencies', 'node scripts/ensure.mjs');
run('PostgreSQL reachable', 'node scripts/check-postgres.mjs');
// The end-to-end tier drives Debian's headless Chromium (e2e/harness.ts E2E_CHROMIUM); the full browser is
// there for people (the screenshots' tours, E2E_CHROMIUM=/usr/bin/chromium).
if (!existsSync('/usr/bin/chromium-headless-shell') || !existsSync('/usr/bin/chromium')) {
  run('Chromium (Debian packages)', 'apt-get install -y chromium chromium-headless-shell || (apt-get update && apt-get install -y chromium chromium-headless-shell)');
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
const results = [];
const problems = [];
const took = [];
const startedAt = Date.now();

/** Runs `work` and notes how long it took, for the summary (the README's figures come from it). */
async function timed(title, work) {
  const t = Date.now();
  try {
    return await work();
  } finally {
    took.push(`${title} ${Math.round((Date.now() - t) / 1000)} s`);
  }
}

/** A check that is not a vitest tier (tsc, eslint, the web build): its exit code is its verdict. */
async function check(title, cmd, args, label) {
  const code = await timed(title, () => runCommand(cmd, args, { label }));
  if (code !== 0) problems.push(`${title} failed (exit ${code})`);
}

async function tier(spec, label) {
  try {
    const r = await timed(spec.title, () => runVitestTier(spec, { label }));
    results.push(r);
    console.log(`\n--- ${r.title}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''} ---`);
  } catch (err) {
    if (!(err instanceof TierError)) throw err;
    problems.push(err.message);
    console.error(`\n--- ${err.message} ---`);
  }
}

const stage = (title) => console.log(`\n=== ${title} ===`);
const fullEnv = full ? { MBX_TEST_FULL: '1' } : {};
/** TypeScript 7's compiler (devDependency `typescript7`); `typescript` 5.9 stays for typescript-eslint. */
const TSC = 'node_modules/typescript7/bin/tsc';

stage('server and contract tests');
await tier({ title: 'server and contract tests', config: 'vitest.config.ts' });
// Proof tiers (proof/): crash safety with kill -9, fuzzing of every call, several servers on one
// PostgreSQL, a synchronous standby promoted under load (its clusters made with Debian's
// pg_createcluster on spare ports; it fails, never skips, without them). npm test runs a sample of each
// (fewer rounds and cases); npm run test:full the full runs. The proofs run one file at a time and
// spend much of it waiting on server processes and PostgreSQL, so the other tiers run beside them, one
// after the other, their output prefixed: the type check, the lint, the web build, the web unit tests,
// then end-to-end in Chromium (every file on SQLite; the money paths, the day close, the console and
// the live screens on PostgreSQL too, as two projects of one run: e2e/vitest.config.ts).
stage(`proof (${full ? 'full' : 'sampled'}) beside the type check, lint, web build, web unit tests and end-to-end`);
await Promise.all([
  tier({ title: 'proof', config: 'proof/vitest.config.ts', env: fullEnv }, 'proof'),
  (async () => {
    // The two type checks (npm run typecheck's two programs, on TypeScript 7's native compiler: docs/
    // DECISIONS.md "Testing and proof"), the lint and the web build at once, beside the proofs.
    await Promise.all([
      check('type check (server)', 'node', [TSC, '-p', 'tsconfig.json'], 'tsc'),
      check('type check (web)', 'node', [TSC, '-p', 'packages/web/tsconfig.json'], 'tsc-web'),
      check('lint', 'npx', ['eslint', '.'], 'eslint'),
      existsSync('packages/web/index.html')
        ? check('web build', 'npm', ['run', 'build', '-w', 'packages/web'], 'build')
        : problems.push('web build: packages/web/index.html is missing'),
    ]);
    await tier({ title: 'web unit tests', config: 'packages/web/vitest.config.ts' }, 'web');
    await tier({ title: 'end-to-end', config: 'e2e/vitest.config.ts', env: fullEnv }, 'e2e');
  })(),
]);

console.log('\n=== summary ===');
for (const r of results) {
  console.log(`${r.title}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`);
  for (const f of r.failures) console.log(`  FAILED ${f}`);
}
for (const p of problems) console.log(`FAILED: ${p}`);
console.log(`took ${Math.round((Date.now() - startedAt) / 1000)} s in all (${took.join(', ')})`);
const passed = problems.length === 0 && results.every((r) => r.failed === 0);
if (passed) console.log('All test tiers passed.');
// The closing line, alone: every tier's tests.
console.log(closingLine(results));
process.exit(passed ? 0 : 1);
