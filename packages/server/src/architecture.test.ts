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
