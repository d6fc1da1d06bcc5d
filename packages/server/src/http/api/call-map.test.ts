import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CALLS, CALL_PATHS, CONSOLE_PATHS } from '@moneybox/contract';
import { allCalls } from './index.js';
import { consoleCalls } from './console/console.calls.js';
import { PERMISSIONS } from '../../domain/permissions.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../testing/fixtures/call-map');
const ROOT = path.resolve(import.meta.dirname, '../../../../..');

const BAD_CASES = ['missing-who.ts', 'missing-handler.ts', 'wrong-reply.ts', 'console-missing-who.ts'];
let program: ts.Program | undefined;

/** The compiler's errors for one bad case, type-checked as the project's tsconfig does (one program for all). */
function compileErrors(file: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  program ??= ts.createProgram(BAD_CASES.map((f) => path.join(FIXTURES, f)), config!.options);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(path.join(FIXTURES, file)))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('the call map (contract calls.ts)', () => {
  it('registers exactly one handler per call of the map, with the permission matrix keyed by it', () => {
    expect(allCalls.map((c) => c.path).sort()).toEqual([...CALL_PATHS].sort());
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...CALL_PATHS].sort());
    for (const c of allCalls) {
      expect(c.input).toBe(CALLS[c.path].input);
      expect(c.reply).toBe(CALLS[c.path].reply);
      expect(c.access).toBe(CALLS[c.path].who.anonymous ? 'public' : 'session');
    }
  });

  // The compiler is the guard: these feed it the bad cases the map exists to catch.
  it('does not compile a call without its row of the permission matrix', { timeout: 120_000 }, () => {
    expect(compileErrors('missing-who.ts').join('\n')).toMatch(/Property 'who' is missing/);
  });

  it('does not compile while a call of the map has no handler, and names it', { timeout: 120_000 }, () => {
    expect(compileErrors('missing-handler.ts').join('\n')).toMatch(/missing: "\/drawer\/forceClose"/);
  });

  it("does not compile a handler whose reply is not its call's reply", { timeout: 120_000 }, () => {
    expect(compileErrors('wrong-reply.ts').join('\n')).toMatch(/shifts/);
  });
});

describe('the console call map (contract console.ts)', () => {
  it('registers exactly one handler per call of the console map', () => {
    expect(consoleCalls.map((c) => c.path).sort()).toEqual([...CONSOLE_PATHS].sort());
  });

  it('does not compile a console call without its row of the platform matrix', { timeout: 120_000 }, () => {
    expect(compileErrors('console-missing-who.ts').join('\n')).toMatch(/Property 'who' is missing/);
  });
});
