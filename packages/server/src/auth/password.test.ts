import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dummySecretHash, hashSecret, scryptLog2N, verifySecret } from './password.js';
import { hashToken, newToken } from './token.js';

describe('password hashing (scrypt)', () => {
  // These tests hash at the production cost: the harness's cheaper one (MBX_TEST_SCRYPT_LOG2N) is unset here.
  const testCost = process.env.MBX_TEST_SCRYPT_LOG2N;
  beforeAll(() => {
    delete process.env.MBX_TEST_SCRYPT_LOG2N;
  });
  afterAll(() => {
    if (testCost !== undefined) process.env.MBX_TEST_SCRYPT_LOG2N = testCost;
  });

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

  it('hashes at N=2^15 unless NODE_ENV is test and the harness asks for a cost between 2^10 and 2^15', () => {
    expect(scryptLog2N({})).toBe(15);
    expect(scryptLog2N({ NODE_ENV: 'production', MBX_TEST_SCRYPT_LOG2N: '10' })).toBe(15);
    expect(scryptLog2N({ MBX_TEST_SCRYPT_LOG2N: '10' })).toBe(15);
    expect(scryptLog2N({ NODE_ENV: 'test' })).toBe(15);
    for (const out of ['9', '1', '0', '16', '10.5', 'ten', '']) expect(scryptLog2N({ NODE_ENV: 'test', MBX_TEST_SCRYPT_LOG2N: out }), out).toBe(15);
    expect(scryptLog2N({ NODE_ENV: 'test', MBX_TEST_SCRYPT_LOG2N: '10' })).toBe(10);
  });

  it('records its cost in the hash, so a hash of the test cost verifies at the production cost and back', async () => {
    process.env.MBX_TEST_SCRYPT_LOG2N = '10';
    const cheap = await hashSecret('cash1234').finally(() => delete process.env.MBX_TEST_SCRYPT_LOG2N);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    const full = await hashSecret('cash1234');
    expect(full).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifySecret('cash1234', cheap)).toBe(true);
    expect(await verifySecret('cash1235', cheap)).toBe(false);
    expect(await verifySecret('cash1234', full)).toBe(true);
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
