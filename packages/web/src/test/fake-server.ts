import { afterEach, beforeAll, vi } from 'vitest';
import { i18nReady, loadStatusTexts } from '../i18n/i18n';

export type Body = Record<string, unknown>;

/**
 * The API as a test's fetch: each call answered by its path's reply (else `fallback`), every call
 * recorded with its body. Undo with `vi.unstubAllGlobals()`.
 */
export function fakeServer(replies: Record<string, (body: Body) => object>, fallback: object = { status: 0 }): Array<{ path: string; body: Body }> {
  const calls: Array<{ path: string; body: Body }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = String(url).replace(/^.*\/API/, '');
      const body = init?.body ? (JSON.parse(String(init.body)) as Body) : {};
      calls.push({ path, body });
      return new Response(JSON.stringify(replies[path]?.(body) ?? fallback), { status: 200 });
    }),
  );
  return calls;
}

/**
 * The API as a test's fetch that answers every call with `reply` once the returned `release` is
 * called; the paths in `atOnce` (e.g. '/config/key') are answered with theirs at once.
 */
export function heldReply(reply: Body, atOnce: Record<string, Body> = {}): () => void {
  let release = () => {};
  const answered = new Promise<void>((r) => (release = r));
  vi.stubGlobal('fetch', async (url: string) => {
    const now = atOnce[String(url).replace(/^.*\/API/, '')];
    if (!now) await answered;
    return new Response(JSON.stringify(now ?? reply), { status: 200 });
  });
  return release;
}

/**
 * What the api/ call tests share: the refusal texts loaded before them, and after each one the fetch
 * stand-in undone and the message boxes it showed (`shown`, filled by the file's own mock of
 * components/message) forgotten.
 */
export function callTestHooks(shown: string[]): void {
  beforeAll(async () => {
    await i18nReady;
    await loadStatusTexts();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    shown.length = 0;
  });
}

/** The tab's session cookies: signed in with this token (UID 7), or none. */
export function signIn(token: string): void {
  document.cookie = 'uid=7; path=/';
  document.cookie = `token=${token}; path=/`;
}
export function signOut(): void {
  document.cookie = 'uid=; max-age=0; path=/';
  document.cookie = 'token=; max-age=0; path=/';
}
