import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CALLS, CALL_PATHS, CONSOLE_PATHS, MAY, CONSOLE_MAY } from '@moneybox/contract';
import { allCalls } from './index.js';
import { consoleCalls } from './console/console.calls.js';
import { PERMISSIONS } from '../../domain/permissions.js';
import { registryProblems } from '../../domain/call-registry.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../testing/fixtures/call-map');
const ROOT = path.resolve(import.meta.dirname, '../../../../..');

const BAD_CASES = ['missing-who.ts', 'missing-handler.ts', 'wrong-reply.ts', 'console-missing-who.ts', 'missing-kind.ts'];
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

describe('the one call registry (contract registry.ts): every audience, every call with its handler, row and kind', () => {
  const input = z.object({});
  const reply = z.object({ status: z.literal(0) });
  const good = {
    '/drawer/tally': { input, reply, audience: 'store', who: MAY.boss, kind: 'read' },
    '/operator/storeClose': { input, reply, audience: 'console', who: CONSOLE_MAY.admin, kind: 'write', bodyLimit: 1024 },
  };
  const handled = Object.keys(good);

  it('holds for the registry and the calls the server registers, the console ones among them', () => {
    expect(registryProblems(CALLS, allCalls.map((c) => c.path))).toEqual([]);
    expect(allCalls.filter((c) => c.audience === 'console').map((c) => c.path).sort()).toEqual([...CONSOLE_PATHS].sort());
    for (const c of allCalls) expect(c.audience, c.path).toBe(CALLS[c.path].audience);
    expect(registryProblems(good, handled)).toEqual([]);
  });

  // The checker fed the bad cases it exists to catch.
  it('names a call with no registry entry, and one with no handler', () => {
    expect(registryProblems(good, [...handled, '/drawer/ghost'])).toEqual(['/drawer/ghost is registered but has no entry in the call registry']);
    expect(registryProblems(good, ['/drawer/tally'])).toEqual(['/operator/storeClose has no handler registered']);
  });

  it('names a call with no row of the permission matrix, or a row missing a column of its audience', () => {
    const { who: _who, ...noWho } = good['/drawer/tally'];
    expect(registryProblems({ ...good, '/drawer/tally': noWho }, handled)).toEqual(['/drawer/tally has no row in the permission matrix (who)']);
    // A store rule on a console call lacks the platform roles.
    expect(registryProblems({ ...good, '/operator/storeClose': { ...good['/operator/storeClose'], who: MAY.boss } }, handled)).toEqual([
      "/operator/storeClose's row of the permission matrix has no admin, distributor, support",
    ]);
  });

  it('names a call with no read/write kind, or another one', () => {
    const { kind: _kind, ...noKind } = good['/operator/storeClose'];
    expect(registryProblems({ ...good, '/operator/storeClose': noKind }, handled)).toEqual(['/operator/storeClose has no kind (read or write)']);
    expect(registryProblems({ ...good, '/drawer/tally': { ...good['/drawer/tally'], kind: 'query' } }, handled)).toEqual(['/drawer/tally has no kind (read or write)']);
  });

  it('names a call whose audience is missing or disagrees with its path, and a bad body limit', () => {
    expect(registryProblems({ ...good, '/drawer/tally': { ...good['/drawer/tally'], audience: 'console', who: CONSOLE_MAY.admin } }, handled)).toEqual(['/drawer/tally is a console call at a store path']);
    const { audience: _audience, ...noAudience } = good['/drawer/tally'];
    expect(registryProblems({ ...good, '/drawer/tally': noAudience }, handled)).toEqual(['/drawer/tally has no audience (one of store, console)']);
    expect(registryProblems({ ...good, '/operator/storeClose': { ...good['/operator/storeClose'], bodyLimit: -1 } }, handled)).toEqual(["/operator/storeClose's body limit is not a whole number of bytes"]);
  });

  it('names a console call whose input names a store (kid, kids, nested) without declaring it for the scope check, and a declared field its input lacks', () => {
    const named = z.object({ kid: z.number().optional(), moves: z.array(z.object({ kid: z.number() })), target: z.union([z.object({ type: z.literal('kids'), kids: z.array(z.number()) }), z.object({ type: z.literal('all') })]) });
    const entry = { ...good['/operator/storeClose'], input: named };
    expect(registryProblems({ ...good, '/operator/storeClose': entry }, handled)).toEqual(['/operator/storeClose names stores in kid, moves.kid, target.kids without declaring them (stores)']);
    expect(registryProblems({ ...good, '/operator/storeClose': { ...entry, stores: ['kid', 'moves.kid', 'target.kids'] } }, handled)).toEqual([]);
    expect(registryProblems({ ...good, '/operator/storeClose': { ...entry, stores: ['kid', 'moves.kid', 'target.kids', 'kids'] } }, handled)).toEqual([
      '/operator/storeClose declares stores in kids, which its input does not have',
    ]);
  });

  it('does not compile a call without its read/write kind', { timeout: 120_000 }, () => {
    expect(compileErrors('missing-kind.ts').join('\n')).toMatch(/Property 'kind' is missing/);
  });
});
