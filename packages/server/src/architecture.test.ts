import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph, importLoops, type ImportGraph } from './testing/import-graph.js';

const PACKAGES = path.resolve(import.meta.dirname, '../..');
const rel = (f: string) => path.relative(PACKAGES, f);

describe('imports', () => {
  it('form no loop anywhere in the contract, the server or the web app (type-only imports count)', () => {
    const graph = importGraph(...['contract', 'server', 'web'].map((p) => path.join(PACKAGES, p, 'src')));
    expect(graph.size).toBeGreaterThan(300);
    expect(importLoops(graph).map((loop) => loop.map(rel).join(' → '))).toEqual([]);
  });

  it('finds a loop when there is one (the check fed a bad case)', () => {
    const bad: ImportGraph = new Map([
      ['money/ledger.ts', ['money/refusal.ts', 'db/database.ts']],
      ['money/refusal.ts', ['money/ledger.ts']],
      ['db/database.ts', []],
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['self.ts', ['self.ts']],
    ]);
    expect(importLoops(bad)).toEqual(expect.arrayContaining([['money/ledger.ts', 'money/refusal.ts'], ['a.ts', 'b.ts', 'c.ts'], ['self.ts']]));
    expect(importLoops(bad)).toHaveLength(3);
  });
});

/** Test files under a folder. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'fixtures' ? [] : testFiles(p);
    return /\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('tests', () => {
  it('name the statuses they expect by their constants (Status.INPUT_ERROR), not by bare catalogue numbers', () => {
    // Two digits at most: HTTP statuses (200, 511) are not the catalogue's.
    const bare = /status\)(\.not)?\.toBe\(\d{1,2}\)|\bstatus: \d{1,2}[,} ]|toHaveProperty\('status', \d{1,2}\)/;
    const found = ['packages/server/src', 'packages/contract/src', 'proof', 'e2e']
      .flatMap((d) => testFiles(path.join(PACKAGES, '..', d)))
      .flatMap((f) => readFileSync(f, 'utf8').split('\n').map((line, i) => ({ f, line, i })))
      .filter(({ line }) => bare.test(line))
      .map(({ f, line, i }) => `${path.relative(path.join(PACKAGES, '..'), f)}:${i + 1}: ${line.trim()}`);
    expect(found).toEqual([]);
  });
});
