import { describe, expect, it } from 'vitest';
import { OnceKey } from './once-key';

/** Hands out k1, k2, ... and counts how many keys were asked for. */
function keySource() {
  let n = 0;
  const source = { asked: 0, next: () => Promise.resolve(`k${++n}`) };
  return {
    source,
    fetch: () => {
      source.asked++;
      return source.next();
    },
  };
}

describe('one-time key of a money action', () => {
  it('reuses the same key on a retry until the action succeeds', async () => {
    const { source, fetch } = keySource();
    const key = new OnceKey(fetch);
    const first = await key.current();
    // The call failed (lost reply, 38, ...): the retry carries the same key, so it can apply only once.
    expect(await key.current()).toBe(first);
    key.spend();
    expect(await key.current()).not.toBe(first);
    expect(source.asked).toBe(2);
  });

  it('gives a double click the same key, asked for once', async () => {
    const { source, fetch } = keySource();
    const key = new OnceKey(fetch);
    const [a, b] = await Promise.all([key.current(), key.current()]);
    expect(a).toBe(b);
    expect(source.asked).toBe(1);
  });

  it('asks again when fetching the key failed', async () => {
    let fail = true;
    const key = new OnceKey(() => (fail ? Promise.reject(new Error('offline')) : Promise.resolve('k-ok')));
    await expect(key.current()).rejects.toThrow('offline');
    fail = false;
    await Promise.resolve();
    expect(await key.current()).toBe('k-ok');
  });
});
