// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const features = path.resolve(import.meta.dirname, '../features');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** A file's folder: its feature's, or for the console (a folder per screen) `console/<screen>`. */
function folderOf(relative: string): string {
  const parts = relative.split(path.sep);
  return parts[0] === 'console' && parts.length > 2 ? `console/${parts[1]}` : parts[0]!;
}

/** Which feature folders each feature folder imports (production code, static and lazy imports). */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sources(features)) {
    const from = folderOf(path.relative(features, file));
    const uses = graph.get(from) ?? new Set<string>();
    graph.set(from, uses);
    for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import\(?)\s*'(\.[^']+)'/g)) {
      const target = path.relative(features, path.resolve(path.dirname(file), m[1]!));
      const to = folderOf(target);
      if (!target.startsWith('..') && to !== from) uses.add(to);
    }
  }
  return graph;
}

describe('feature folders', () => {
  it("never import each other in a loop, nor do the console's screen folders (a shared flow moves to its own folder instead)", () => {
    const graph = featureGraph();
    const loops: string[] = [];
    const walk = (node: string, trail: string[]) => {
      for (const next of graph.get(node) ?? []) {
        if (next === trail[0]) loops.push([...trail, next].join(' → '));
        else if (!trail.includes(next) && next > trail[0]!) walk(next, [...trail, next]);
      }
    };
    for (const start of graph.keys()) walk(start, [start]);
    expect(loops).toEqual([]);
    // The shift close is shared by the Drawer page and logout: both use it, it uses neither.
    expect(graph.get('shift-close')?.has('drawer')).toBe(false);
    expect(graph.get('shift-close')?.has('logout')).toBe(false);
    // The console's screens are folders of their own, seen apart: a store's page shows the credit card.
    expect(graph.get('console/store')?.has('console/credit')).toBe(true);
    // What every console screen shares imports none of them.
    expect(graph.get('console/shell')).toEqual(new Set());
  });
});
