// The tiers of npm test and how one is run and counted (scripts/test.mjs runs them; tiers.test.ts feeds
// them bad cases). A tier never passes silently: a missing config, a missing report or a tier that ran
// no test fails it, and every test it ran is counted in the closing line.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** A tier that could not be run or counted: npm test fails on it, whatever the other tiers did. */
export class TierError extends Error {}

/**
 * Runs `cmd args` in the repository, its output prefixed with `[label] ` when given (tiers that run
 * side by side) or dropped when `silent`, and resolves with its exit code.
 */
export function runCommand(cmd, args, { label, silent = false, env = {}, cwd = root } = {}) {
  return new Promise((resolve, reject) => {
    const stdio = silent ? 'ignore' : label ? ['ignore', 'pipe', 'pipe'] : 'inherit';
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env }, stdio });
    if (label && !silent) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        let rest = '';
        from.setEncoding('utf8');
        from.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) to.write(`[${label}] ${line}\n`);
        });
        from.on('end', () => rest && to.write(`[${label}] ${rest}\n`));
      }
    }
    child.on('error', reject);
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** ANSI colour codes, which vitest puts in its messages. */
// eslint-disable-next-line no-control-regex
const COLOURS = /\u001b\[[0-9;]*m/g;

/**
 * Why a test failed, in the summary line beneath its name: the first lines of its first failure message
 * (a property test's seed and counterexample, an assertion's expected and received), at most 600
 * characters. CI keeps only the end of a run's output, so a red run must say there what broke.
 */
function whyOf(messages) {
  const text = String(messages?.[0] ?? '').replace(COLOURS, '');
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('at ')).slice(0, 6);
  const why = lines.join(' | ').slice(0, 600);
  return why ? `\n      why: ${why}` : '';
}

/** What one vitest run's JSON report counts; a file that failed outside its tests (an import that throws) counts as one failure. */
export function countsOf(report) {
  const brokenFiles = (report.testResults ?? []).filter((f) => f.status === 'failed' && !f.assertionResults?.some((a) => a.status === 'failed')).length;
  // Named in the summary, so the last lines of a red run say which tests to look at.
  const failures = (report.testResults ?? []).flatMap((f) => {
    const file = path.relative(root, f.name ?? '');
    const failedTests = (f.assertionResults ?? []).filter((a) => a.status === 'failed').map((a) => `${file} > ${a.fullName ?? a.title}${whyOf(a.failureMessages)}`);
    return failedTests.length || f.status !== 'failed' ? failedTests : [`${file} (did not load: ${String(f.message ?? '').split('\n')[0]})`];
  });
  return {
    failures,
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    total: report.numTotalTests ?? 0,
  };
}

/**
 * One vitest tier: its config must exist, it writes a JSON report beside the usual output, and it must
 * have run at least one test. Resolves with the tier's counts; a failing test is counted, not thrown
 * (the closing line counts every tier); what cannot be counted throws TierError.
 */
export async function runVitestTier({ title, config, args = [], env = {} }, { label, silent, cwd = root } = {}) {
  if (!existsSync(path.resolve(cwd, config))) throw new TierError(`${title}: its config ${config} is missing, so the tier cannot run`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mbx-tier-'));
  const report = path.join(dir, 'report.json');
  try {
    const code = await runCommand(
      'npx',
      ['vitest', 'run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
      { label, silent, env, cwd },
    );
    if (!existsSync(report)) throw new TierError(`${title}: vitest exited with ${code} and wrote no report`);
    const counts = countsOf(JSON.parse(readFileSync(report, 'utf8')));
    if (counts.total === 0) throw new TierError(`${title}: ran no test (${config})`);
    // A run that failed outside any test (a crashed worker, an unhandled error) still fails the tier.
    if (code !== 0 && counts.failed === 0) {
      counts.failed = 1;
      counts.failures.push(`vitest exited with ${code} outside any test (an unhandled error or a crashed worker: see its output)`);
    }
    return { title, ...counts };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The closing line of npm test: every tier's tests, alone on a line. */
export function closingLine(results) {
  const sum = (k) => results.reduce((n, r) => n + r[k], 0);
  return `${sum('passed')} passed, ${sum('failed')} failed`;
}
