import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TierError, closingLine, runVitestTier } from '../../../../scripts/tiers.mjs';
import { moduleReplacingFiles } from '../../../../scripts/module-replacing-files.js';

const root = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-tiers-'));
afterAll(() => fs.rmSync(fixtures, { recursive: true, force: true }));

/** A vitest config in a folder of its own with the given test files (no import, so it runs anywhere). */
function tierFixture(name: string, files: Record<string, string>): string {
  const dir = path.join(fixtures, name);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, 'vitest.config.mjs'), "export default { test: { root: import.meta.dirname, include: ['*.check.mjs'] } };\n");
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), text);
  return path.join(dir, 'vitest.config.mjs');
}

const quiet = { silent: true };

describe('npm test never passes a tier silently (scripts/tiers.mjs)', () => {
  it('fails a tier whose config is missing, naming the config', async () => {
    const run = runVitestTier({ title: 'web unit tests', config: 'packages/web/vitest.moved.ts' }, quiet);
    await expect(run).rejects.toBeInstanceOf(TierError);
    await expect(run).rejects.toThrow(/web unit tests: its config packages\/web\/vitest\.moved\.ts is missing/);
  });

  it('fails a tier that ran no test', async () => {
    const config = tierFixture('empty', {});
    await expect(runVitestTier({ title: 'empty tier', config }, quiet)).rejects.toThrow(TierError);
  });

  it('counts the passed and failed tests of a tier, a file that cannot load as a failure', async () => {
    const config = tierFixture('mixed', {
      'a.check.mjs': "import { it, expect } from 'vitest';\nit('passes', () => expect(1).toBe(1));\nit('fails', () => expect(1).toBe(2));\nit.skip('skipped', () => {});\n",
      'b.check.mjs': "import './missing.mjs';\n",
    });
    const r = await runVitestTier({ title: 'mixed', config }, quiet);
    expect(r).toMatchObject({ title: 'mixed', passed: 1, failed: 2, skipped: 1 });
    // The summary names them: the failed test with its file, the file that did not load.
    expect(r.failures).toHaveLength(2);
    expect(r.failures[0]).toMatch(/a\.check\.mjs > fails\n {6}why: .*expected 1 to be 2/);
    expect(r.failures[1]).toMatch(/b\.check\.mjs \(did not load/);
    expect(closingLine([r, { passed: 40, failed: 0 }])).toBe('41 passed, 2 failed');
  });

  it('is how scripts/test.mjs runs every vitest tier: no tier behind an existsSync, each config present', () => {
    const script = read('scripts/test.mjs');
    expect(script).not.toMatch(/existsSync\([^)]*vitest/);
    const configs = [...script.matchAll(/config: '([^']+)'/g)].map((m) => m[1]!);
    expect(configs).toEqual(['vitest.config.ts', 'proof/vitest.config.ts', 'packages/web/vitest.config.ts', 'e2e/vitest.config.ts']);
    for (const c of configs) expect(fs.existsSync(path.join(root, c)), c).toBe(true);
    expect(script).toContain('console.log(closingLine(results))');
  });
});

describe('a test file that replaces a module runs in a worker of its own (scripts/module-replacing-files.ts)', () => {
  it('finds the files that call vi.mock or vi.doMock, and only those', () => {
    const dir = path.join(fixtures, 'mocking');
    // Spelled apart, so this file is not itself one of them.
    const vi = 'vi.';
    fs.mkdirSync(path.join(dir, 'src/deep'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'src/plain.test.ts'), "import { it } from 'vitest';\nit('x', () => {});\n");
    fs.writeFileSync(path.join(dir, 'src/deep/mocks.test.tsx'), `${vi}mock('./a.js');\n`);
    fs.writeFileSync(path.join(dir, 'src/deep/later.test.ts'), `${vi}doMock('./b.js', () => ({}));\n`);
    fs.writeFileSync(path.join(dir, 'src/helper.ts'), `${vi}mock('./c.js');\n`);
    expect(moduleReplacingFiles(dir, ['src']).sort()).toEqual(['src/deep/later.test.ts', 'src/deep/mocks.test.tsx']);
  });

  it('is how both unit tiers pick those files', () => {
    const server = moduleReplacingFiles(root, ['packages/contract/src', 'packages/server/src']);
    expect(server).toContain('packages/server/src/services/console/console-lockout.test.ts');
    expect(moduleReplacingFiles(path.join(root, 'packages/web'), ['src'])).toContain('src/api/call.test.ts');
    for (const config of ['vitest.config.ts', 'packages/web/vitest.config.ts']) expect(read(config)).toMatch(/moduleReplacingFiles\(import\.meta\.dirname/);
  });
});
