// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Lines of production code matching `pattern`, as `file:line: text`, except in the files `allowed`. */
function offending(pattern: RegExp, allowed: string[] = []): string[] {
  const found: string[] = [];
  for (const file of sources(src)) {
    const rel = path.relative(src, file).split(path.sep).join('/');
    if (allowed.includes(rel)) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (pattern.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
  }
  return found;
}

/** Value imports (not `import type`) from the contract's index, which carries every schema and zod. */
function zodImports(text: string): string[] {
  return [...text.matchAll(/^(import|export) (?!type\b)[^;]*?from '@moneybox\/contract';/gms)].map((m) => m[0].replace(/\s+/g, ' '));
}

describe('web conventions (docs/WEB.md)', () => {
  it('imports runtime values only from the zod-free subpaths, never the contract index', () => {
    const found = sources(src).flatMap((file) => zodImports(readFileSync(file, 'utf8')).map((i) => `${path.relative(src, file)}: ${i}`));
    expect(found).toEqual([]);
    // The bad case: a value import (also one mixed with types, over lines) is caught; a type-only one is not.
    expect(zodImports("import {\n  TERMINAL_KINDS,\n  type CallReply,\n} from '@moneybox/contract';")).toHaveLength(1);
    expect(zodImports("import type { CallReply } from '@moneybox/contract';\nexport type { X } from '@moneybox/contract';")).toEqual([]);
  });

  it('compares statuses by name (Status.KEY_ERROR from @moneybox/contract/status), never by bare number', () => {
    // transport.ts reads HTTP statuses (200, 511), not the catalogue's.
    expect(offending(/status(Of\([^)]*\))?\s*[!=]==?\s*\d/i, ['api/transport.ts'])).toEqual([]);
    expect(offending(/\bcase \d+:/)).toEqual([]);
  });

  it('reads refusal reasons by name (RefusalReason from @moneybox/contract/refusal-reasons)', () => {
    expect(offending(/\breply\??\.reason\s*[!=]==?\s*['"]/)).toEqual([]);
  });

  it('never shows the server’s English `error` of a refusal: the catalogue’s message and the reason’s text, in the user’s language (api/failure.ts)', () => {
    expect(offending(/\breply\??\.error\b|\breply\??\[['"]error['"]\]/)).toEqual([]);
  });

  it('types replies with the contract’s reply types, not hand-written interfaces', () => {
    expect(offending(/^\s*(export )?(interface|type) \w+Reply\b/, ['api/transport.ts'])).toEqual([]);
  });

  it('takes one-time keys only through the key module in api/', () => {
    expect(offending(/['"]\/config\/key['"]/, ['api/keyed-call.ts', 'api/call-kinds.ts'])).toEqual([]);
  });

  it('converts units and cents only in money/', () => {
    expect(offending(/Math\.round\([^)]*\*\s*100\s*\)|cents\s*\/\s*100\b/i, ['money/units.ts'])).toEqual([]);
  });
});
