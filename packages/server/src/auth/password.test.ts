import { describe, expect, it } from 'vitest';
import { dummySecretHash, hashSecret, verifySecret } from './password.js';
import { hashToken, newToken } from './token.js';

describe('password hashing (scrypt)', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashSecret('cash1234');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(stored).not.toContain('cash1234');
    expect(await verifySecret('cash1234', stored)).toBe(true);
    expect(await verifySecret('cash1235', stored)).toBe(false);
    expect(await verifySecret('', stored)).toBe(false);
  });

  it('salts every hash: the same password hashes differently', async () => {
    const [a, b] = await Promise.all([hashSecret('boss1234'), hashSecret('boss1234')]);
    expect(a).not.toBe(b);
    expect(await verifySecret('boss1234', a)).toBe(true);
    expect(await verifySecret('boss1234', b)).toBe(true);
  });

  it('is slow on purpose (a KDF), but not so slow that login crawls', async () => {
    const stored = await hashSecret('slow1234');
    const t = performance.now();
    await verifySecret('slow1234', stored);
    const ms = performance.now() - t;
    expect(ms).toBeGreaterThan(5);
    expect(ms).toBeLessThan(2000);
  });

  it('refuses malformed stored hashes instead of throwing', async () => {
    for (const bad of ['', 'plain', 'scrypt$1$2$3', 'bcrypt$a$b$c$d$e', 'scrypt$32768$8$1$$']) {
      expect(await verifySecret('cash1234', bad), bad).toBe(false);
    }
  });

  it('has a dummy hash for unknown accounts that matches no real password', async () => {
    const dummy = await dummySecretHash();
    expect(await dummySecretHash()).toBe(dummy);
    expect(await verifySecret('cash1234', dummy)).toBe(false);
  });
});

describe('session tokens', () => {
  it('are 256 random bits, URL-safe, never repeated', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newToken()));
    expect(tokens.size).toBe(1000);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('are stored as their SHA-256', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashToken(newToken())).toMatch(/^[0-9a-f]{64}$/);
  });
});
