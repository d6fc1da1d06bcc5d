import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt (N=2^15, r=8, p=1): a slow, memory-hard KDF from Node itself, no native add-on to build. */
const PRODUCTION_LOG2_N = 15;
const MAXMEM = 64 * 1024 * 1024;
const KEYLEN = 32;

/**
 * The test harness's cheaper cost (the vitest configs set MBX_TEST_SCRYPT_LOG2N): honoured only when
 * NODE_ENV is also `test`, and only between 2^10 and the production cost, so a production server that
 * inherits the variable by accident still hashes at full cost. Every hash records its own N, so either
 * cost verifies the other's hashes.
 */
export function scryptLog2N(env: NodeJS.ProcessEnv = process.env): number {
  const wanted = Number(env.MBX_TEST_SCRYPT_LOG2N);
  if (env.NODE_ENV !== 'test' || !Number.isInteger(wanted) || wanted < 10 || wanted > PRODUCTION_LOG2_N) return PRODUCTION_LOG2_N;
  return wanted;
}

function scryptAsync(password: string, salt: Buffer, params: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, KEYLEN, params, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  const params = { N: 1 << scryptLog2N(), r: 8, p: 1, maxmem: MAXMEM };
  const key = await scryptAsync(secret, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, saltB64, keyB64] = parts as [string, string, string, string, string, string];
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scryptAsync(secret, Buffer.from(saltB64, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAXMEM,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of an unknown account's password, so a wrong username costs as much time as a wrong password. */
let dummyHash: Promise<string> | undefined;
export function dummySecretHash(): Promise<string> {
  dummyHash ??= hashSecret('not-a-real-password-0');
  return dummyHash;
}
