import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Each source file and the source files it imports (relative imports, type-only ones included). */
export type ImportGraph = Map<string, string[]>;

const SOURCE = /\.tsx?$/;
const TEST = /\.test\.tsx?$/;
// Comments are blanked first, so an import written in a doc comment is not taken for one.
const COMMENT = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
const IMPORT = /^\s*(?:import|export)\s[^;]*?\sfrom\s+'(\.{1,2}\/[^']+)'|^\s*import\s+'(\.{1,2}\/[^']+)'|import\('(\.{1,2}\/[^']+)'\)/gm;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' || e.name === 'fixtures' ? [] : sources(p);
    return SOURCE.test(e.name) && !TEST.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** The file an import names: `./x.js` is `./x.ts` (or `.tsx`, or `./x/index.ts`). */
function resolveImport(from: string, spec: string, known: Set<string>): string | undefined {
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((f) => known.has(f));
}

/** The import graph of the production sources under the given folders (tests and fixtures left out). */
export function importGraph(...dirs: string[]): ImportGraph {
  const files = dirs.flatMap(sources);
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8').replace(COMMENT, '');
    const deps = new Set<string>();
    for (const m of text.matchAll(IMPORT)) {
      const target = resolveImport(file, (m[1] ?? m[2] ?? m[3])!, known);
      if (target) deps.add(target);
    }
    graph.set(file, [...deps]);
  }
  return graph;
}

/** Every import loop: the strongly connected groups of more than one file, or a file importing itself (Tarjan). */
export function importLoops(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || graph.get(v)?.includes(v)) loops.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return loops;
}

/**
 * One layer of the dependency order: the source paths it holds (a folder as `name/`, or a file),
 * relative to the sources' root. `apart`: its folders must not import one another either (the
 * transports: each reaches the services, never another transport).
 */
export interface Layer {
  name: string;
  holds: string[];
  apart?: boolean;
}

/** The layer of a file (its path relative to the root), and the folder or file of the layer that holds it. */
function placeOf(file: string, layers: readonly Layer[]): { layer: number; part: string } | undefined {
  for (const [layer, l] of layers.entries()) {
    const part = l.holds.find((h) => (h.endsWith('/') ? file.startsWith(h) : file === h));
    if (part) return { layer, part };
  }
  return undefined;
}

/**
 * Every import against the order (`layers`, highest first): to a file of a higher layer, or between
 * two folders of an `apart` layer; and every file no layer holds. Paths are relative to `root`.
 */
export function layerBreaches(graph: ImportGraph, root: string, layers: readonly Layer[]): string[] {
  const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
  const breaches: string[] = [];
  for (const [file, deps] of graph) {
    const from = placeOf(rel(file), layers);
    if (!from) {
      breaches.push(`${rel(file)}: in no layer`);
      continue;
    }
    for (const dep of deps) {
      const to = placeOf(rel(dep), layers);
      if (!to) continue;
      const name = (i: number) => layers[i]!.name;
      if (to.layer < from.layer) breaches.push(`${rel(file)} → ${rel(dep)}: ${name(from.layer)} imports ${name(to.layer)} above it`);
      else if (to.layer === from.layer && layers[to.layer]!.apart && to.part !== from.part) breaches.push(`${rel(file)} → ${rel(dep)}: ${from.part} imports ${to.part}, another of the ${name(to.layer)}`);
    }
  }
  return breaches.sort();
}
