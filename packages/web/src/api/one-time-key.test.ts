import { describe, expect, it } from 'vitest';
import { intentText, KeyAlreadyRecorded, OneTimeKey } from './one-time-key';

class KeyError extends Error {}

/** A stand-in server that applies each key once, like the ledger's consumeKey. */
function counter() {
  let n = 0;
  const used = new Set<string>();
  const applied: string[] = [];
  const server = {
    asked: 0,
    fetchKey: async () => {
      server.asked++;
      return `key-${++n}`;
    },
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
  return server;
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('one-time key per confirmation', () => {
  it('a double click sends once: the second submit joins the call in flight, one key asked for', async () => {
    const s = counter();
    const k = new OneTimeKey(s);
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
    expect(s.asked).toBe(1);
  });

  it('a retry after a failure sends the SAME key, so a call that did go through is not applied twice ("already recorded")', async () => {
    const s = counter();
    const k = new OneTimeKey(s);
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
    await expect(k.submit('redeem:2:1000', async (key) => (keys.push(key), s.apply(key, 'redeem 10')))).rejects.toBeInstanceOf(KeyAlreadyRecorded);
    expect(keys[0]).toBe(keys[1]);
    expect(s.applied).toEqual(['redeem 10']);
  });

  it('reuses the same key on a retry until the action succeeds, then asks for a new one', async () => {
    const s = counter();
    const k = new OneTimeKey(s);
    const keys: string[] = [];
    // Refused for another reason (38, a lost reply, ...): nothing was applied with it.
    await expect(k.submit('fills:7:500', async (key) => (keys.push(key), Promise.reject(new Error('38'))))).rejects.toThrow('38');
    await k.submit('fills:7:500', async (key) => (keys.push(key), s.apply(key, 'fills 5')));
    await k.submit('fills:7:500', async (key) => (keys.push(key), s.apply(key, 'fills 5 again')));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(s.asked).toBe(2);
    expect(s.applied).toEqual(['fills 5', 'fills 5 again']);
  });

  it('a refused confirmation retried unchanged keeps its key; a changed amount gets a fresh one', async () => {
    const s = counter();
    const k = new OneTimeKey(s);
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

  it('ties the key to kind, target and amount: another customer or another kind never takes a sent key', async () => {
    const s = counter();
    const k = new OneTimeKey(s);
    const keys: string[] = [];
    const lost = async (key: string) => {
      keys.push(key);
      throw new Error('network');
    };
    await expect(k.submit({ kind: '/customer/purchase', target: 1, cents: 5000 }, lost)).rejects.toThrow();
    await expect(k.submit({ kind: '/customer/purchase', target: 2, cents: 5000 }, lost)).rejects.toThrow();
    await expect(k.submit({ kind: '/customer/redeem', target: 2, cents: 5000 }, lost)).rejects.toThrow();
    await expect(k.submit({ kind: '/customer/redeem', target: 2, cents: 5000 }, lost)).rejects.toThrow();
    expect(new Set(keys.slice(0, 3)).size).toBe(3);
    expect(keys[3]).toBe(keys[2]);
    expect(intentText({ kind: '/drawer/fills', target: 9, cents: 150 })).toBe('/drawer/fills:9:150');
  });

  it('after a success the next confirmation takes a fresh key, even for the same amount', async () => {
    const s = counter();
    const k = new OneTimeKey(s);
    await k.submit('purchase:1:5000', async (key) => s.apply(key, 'first'));
    await k.submit('purchase:1:5000', async (key) => s.apply(key, 'second'));
    expect(s.applied).toEqual(['first', 'second']);
  });

  it('uses the key primed when the form opened, and renews a key refused on its first use (expired) once', async () => {
    const s = counter();
    const k = new OneTimeKey(s);
    await k.prime();
    expect(k.peek()).toEqual({ value: 'key-1', intent: null });
    s.used.add('key-1'); // expired while the form stood open
    const r = await k.submit('comps:3:2000', async (key) => s.apply(key, 'comps 20'));
    expect(r.key).toBe('key-2');
    expect(s.applied).toEqual(['comps 20']);
    expect(k.peek()).toBeNull();
  });

  it('renews an expired key only once: a fresh key refused too is the server’s answer, not retried again', async () => {
    const s = counter();
    const k = new OneTimeKey(s);
    let sends = 0;
    const err = await k
      .submit('init:1:0', async () => {
        sends++;
        throw new KeyError('12');
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KeyError);
    expect(err).not.toBeInstanceOf(KeyAlreadyRecorded);
    expect(sends).toBe(2);
  });

  it('asks again when fetching the key failed; a failed prime leaves no key behind', async () => {
    let fail = true;
    const k = new OneTimeKey({ fetchKey: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve('k-ok')), isKeyRefused: () => false });
    await k.prime();
    expect(k.peek()).toBeNull();
    await expect(k.submit('bleeds:1:100', async (key) => key)).rejects.toThrow('offline');
    fail = false;
    expect(await k.submit('bleeds:1:100', async (key) => key)).toBe('k-ok');
  });

  it('is free again after the call settles', async () => {
    const s = counter();
    const k = new OneTimeKey(s);
    const p = k.submit('purchase:1:100', async (key) => (await tick(), s.apply(key, 'x')));
    expect(k.busy).toBe(true);
    await p;
    expect(k.busy).toBe(false);
  });
});
