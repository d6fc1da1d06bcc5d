import { vi } from 'vitest';

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

/** The API as a test's fetch that answers every call with `reply` once the returned `release` is called. */
export function heldReply(reply: Body): () => void {
  let release = () => {};
  const answered = new Promise<void>((r) => (release = r));
  vi.stubGlobal('fetch', async () => {
    await answered;
    return new Response(JSON.stringify(reply), { status: 200 });
  });
  return release;
}
