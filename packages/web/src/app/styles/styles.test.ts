// @vitest-environment node
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '../..');
const allStyles = createRequire(import.meta.url).resolve('@mantine/core/styles.css');
const sheetsDir = path.join(path.dirname(allStyles), 'styles');
const bundle = fs.readFileSync(allStyles, 'utf8');

/** The files that import Mantine's per-component sheets, in load order. */
const importers = ['app/styles/login-styles.ts', 'app/styles/page-styles.ts', 'app/overlays/ModalsHost.tsx'];

function sheetsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(src, file), 'utf8');
  return [...text.matchAll(/import '@mantine\/core\/styles\/([\w-]+)\.css';/g)].map((m) => m[1]!);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Names imported from '@mantine/core' anywhere in the app (types left out). */
function mantineComponents(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(src)) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/import \{([^}]*)\} from '@mantine\/core'/g)) {
      for (const part of m[1]!.split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0]!;
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

describe("Mantine's per-component stylesheets", () => {
  it('every component the app imports has its own sheet imported', () => {
    const imported = new Set(importers.flatMap(sheetsOf));
    const missing = [...mantineComponents()].filter((c) => fs.existsSync(path.join(sheetsDir, `${c}.css`)) && !imported.has(c));
    expect(missing).toEqual([]);
  });

  it('each file keeps the order of styles.css, so a sheet comes after those it builds on', () => {
    for (const file of importers) {
      const offsets = sheetsOf(file).map((s) => bundle.indexOf(fs.readFileSync(path.join(sheetsDir, `${s}.css`), 'utf8').trim().slice(0, 300)));
      expect(offsets.every((o) => o >= 0), file).toBe(true);
      expect(offsets, file).toEqual([...offsets].sort((a, b) => a - b));
    }
  });

  it('the entry keeps the base sheets first', () => {
    expect(sheetsOf('app/styles/login-styles.ts').slice(0, 2)).toEqual(['baseline', 'global']);
  });
});
