import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALLS, type CallSpec } from '@moneybox/contract';
import { call, callWith } from '../api/call';

const src = path.resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test' || e.name === 'api' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The registry's reads, store and console (its entries' kind: no list to keep). */
const reads: readonly string[] = (Object.entries(CALLS) as [string, CallSpec][]).filter(([, spec]) => spec.kind === 'read').map(([path]) => path);

/**
 * Where code outside api/ could send a write past the mutation path (`api/write.ts`, `useKeyedCall`), of
 * the store or the console: importing the untyped sender (`request`, `post`, `keyedCall`), or handing a
 * write's path to a read helper (`call`, `callWith`, `useApiQuery` and the features' own).
 */
function bypasses(text: string, standaloneAllowed = false): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/import\s+\{([^}]*)\}\s+from\s+'[./]*\/api\/(call|transport|keyed-call)'/g)) {
    const names = (m[1] ?? '').split(',').map((n) => n.trim()).filter((n) => n !== '' && !n.startsWith('type '));
    const allowed = m[2] === 'call' ? ['ApiError', 'call', 'callWith', 'resetSessionAlert', 'pageGone'] : m[2] === 'transport' ? ['fetchDomainMap'] : ['isKeyRefused'];
    found.push(...names.filter((n) => !allowed.includes(n)).map((n) => `imports ${n} from api/${m[2]}`));
  }
  if (/from\s+'[./]*\/api\/standalone'/.test(text) && !standaloneAllowed) found.push('imports api/standalone outside the login page');
  for (const m of text.matchAll(/\b(call|callWith|callInline|quietCall|useApiQuery)(?:<[^>]*>)?\(\s*'(\/[\w]+\/[\w]+)'/g)) {
    if (!reads.includes(m[2] ?? '')) found.push(`${m[1]}('${m[2]}') writes outside the mutation path`);
  }
  return found;
}

describe('every web write goes through the one mutation path (docs/WEB.md)', () => {
  it('no code outside api/ sends a write any other way', () => {
    // The login page, served before the query cache loads, writes through api/standalone.ts.
    const found = sources(src).flatMap((file) => bypasses(readFileSync(file, 'utf8'), path.relative(src, file).startsWith(`features${path.sep}login${path.sep}`)).map((b) => `${path.relative(src, file)}: ${b}`));
    expect(found).toEqual([]);
  });

  it('catches the bad cases', () => {
    expect(bypasses("const r = await call('/machine/remove', { id: m.id });")).toEqual(["call('/machine/remove') writes outside the mutation path"]);
    expect(bypasses("await callInline('/customer/update', payload);")).toHaveLength(1);
    expect(bypasses("import { ApiError, request } from '../../api/call';")).toEqual(['imports request from api/call']);
    expect(bypasses("import {\n  post,\n  type Reply,\n} from '../../api/transport';")).toEqual(['imports post from api/transport']);
    expect(bypasses("import { keyedCall } from '../../api/keyed-call';")).toEqual(['imports keyedCall from api/keyed-call']);
    expect(bypasses("import { standaloneWrite } from '../../api/standalone';")).toEqual(['imports api/standalone outside the login page']);
    // The console: a write through a read helper, or the sender imported, fails as the store's do.
    expect(bypasses("await call('/operator/logout', {}).catch(() => undefined);")).toEqual(["call('/operator/logout') writes outside the mutation path"]);
    expect(bypasses("const r = await call('/operator/login', { username, password });")).toHaveLength(1);
    expect(bypasses("useApiQuery('/operator/storeFreeze', { kid })")).toHaveLength(1);
    expect(bypasses("import { post } from '../../api/transport';\nawait post('/operator/enrol', { ticket, code });")).toEqual(['imports post from api/transport']);
    expect(bypasses("await call('/operator/store', { kid });\nawait write('/operator/logout', {}, { refetch: false });")).toEqual([]);
    // Reads and the mutation path itself pass.
    expect(bypasses("import { ApiError, call } from '../../api/call';\nawait call('/drawer/shiftReport', { shift_id });\nawait write('/machine/remove', { id });")).toEqual([]);
  });

  it('the read helpers do not compile with a write path', () => {
    // Never run: the compiler (npm run typecheck) is the check; each line fails to compile without its directive.
    const never = () => {
      // @ts-expect-error a write through call
      void call('/machine/remove', { id: 1 });
      // @ts-expect-error a write through callWith
      void callWith('/user/unlock', { id: 1 });
      // @ts-expect-error a console write through call
      void call('/operator/logout', {});
    };
    expect(typeof never).toBe('function');
  });
});
