import { describe, expect, it } from 'vitest';
import { KeyedSubmit, KeyRefusedAfterRetry } from './keyed-submit';

class KeyError extends Error {}

/** A stand-in server that applies each key once, like the ledger's consumeKey. */
function counter() {
  let n = 0;
  const used = new Set<string>();
  const applied: string[] = [];
  return {
    fetchKey: async () => `key-${++n}`,
    isKeyRefused: (e: unknown) => e instanceof KeyError,
    used,
    applied,
    apply(key: string, what: string) {
      if (used.has(key)) throw new KeyError('12');
      used.add(key);
      applied.push(what);
      return { key, what };
    },
  };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('one-time key per confirmation', () => {
  it('a double click sends once: the second submit joins the call in flight', async () => {
    const s = counter();
    const k = new KeyedSubmit(s);
    let sends = 0;
    const send = async (key: string) => {
      sends++;
      await tick();
      return s.apply(key, 'purchase 50');
    };
    const [a, b] = await Promise.all([k.submit('purchase:1:5000', send), k.submit('purchase:1:5000', send)]);
    expect(sends).toBe(1);
    expect(a).toBe(b);
    expect(s.applied).toEqual(['purchase 50']);
  });

  it('a retry after a failure sends the SAME key, so a call that did go through is not applied twice', async () => {
    const s = counter();
    const k = new KeyedSubmit(s);
    const keys: string[] = [];
    // The first call reaches the server and is applied, but its reply is lost.
    await expect(
      k.submit('redeem:2:1000', async (key) => {
        keys.push(key);
        s.apply(key, 'redeem 10');
        throw new Error('network');
      }),
    ).rejects.toThrow('network');
    // The retry carries the same key: the server refuses it (12) and nothing moves twice.
    await expect(k.submit('redeem:2:1000', async (key) => (keys.push(key), s.apply(key, 'redeem 10')))).rejects.toBeInstanceOf(KeyRefusedAfterRetry);
    expect(keys[0]).toBe(keys[1]);
    expect(s.applied).toEqual(['redeem 10']);
  });

  it('a refused confirmation retried unchanged keeps its key; a changed amount gets a fresh one', async () => {
    const s = counter();
    const k = new KeyedSubmit(s);
    const keys: string[] = [];
    const refuse = async (key: string) => {
      keys.push(key);
      throw new Error('35');
    };
    await expect(k.submit('purchase:1:100000', refuse)).rejects.toThrow('35');
    await expect(k.submit('purchase:1:100000', refuse)).rejects.toThrow('35');
    await k.submit('purchase:1:5000', async (key) => (keys.push(key), s.apply(key, 'purchase 50')));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('after a success the next confirmation takes a fresh key, even for the same amount', async () => {
    const s = counter();
    const k = new KeyedSubmit(s);
    await k.submit('purchase:1:5000', async (key) => s.apply(key, 'first'));
    await k.submit('purchase:1:5000', async (key) => s.apply(key, 'second'));
    expect(s.applied).toEqual(['first', 'second']);
  });

  it('uses the key primed when the form opened, and replaces a key refused on its first use (expired)', async () => {
    const s = counter();
    const k = new KeyedSubmit(s);
    await k.prime();
    expect(k.peek()).toEqual({ value: 'key-1', intent: null });
    s.used.add('key-1'); // expired while the form stood open
    const r = await k.submit('comps:3:2000', async (key) => s.apply(key, 'comps 20'));
    expect(r.key).toBe('key-2');
    expect(s.applied).toEqual(['comps 20']);
    expect(k.peek()).toBeNull();
  });

  it('is free again after the call settles', async () => {
    const s = counter();
    const k = new KeyedSubmit(s);
    const p = k.submit('purchase:1:100', async (key) => (await tick(), s.apply(key, 'x')));
    expect(k.busy).toBe(true);
    await p;
    expect(k.busy).toBe(false);
  });
});
