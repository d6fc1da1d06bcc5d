import { createHash, createPrivateKey, createPublicKey, randomBytes, sign, verify, type KeyObject } from 'node:crypto';

/**
 * Terminal credentials are Ed25519 key pairs: the terminal keeps the private key, the server keeps
 * only the public key, and every connection signs a fresh nonce. A leaked database holds nothing a
 * forger could use, and a recorded authentication cannot be replayed (the nonce differs each time).
 */

/** The public key as a terminal sends it (SPKI DER, base64), or null when it is not an Ed25519 key. */
export function parsePublicKey(b64: string): KeyObject | null {
  try {
    const key = createPublicKey({ key: Buffer.from(b64, 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

export function signatureValid(publicKeyB64: string, nonce: string, signatureB64: string): boolean {
  const key = parsePublicKey(publicKeyB64);
  if (!key) return false;
  try {
    return verify(null, Buffer.from(nonce, 'utf8'), key, Buffer.from(signatureB64, 'base64'));
  } catch {
    return false;
  }
}

export function newNonce(): string {
  return randomBytes(24).toString('base64url');
}

/** A terminal's key pair from a 32-byte seed (PKCS#8 for Ed25519 is a fixed prefix + the seed). */
function keyPairFromSeed(seed: Buffer): { privateKey: KeyObject; publicKeyB64: string } {
  const der = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  const privateKey = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  const publicKeyB64 = createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).toString('base64');
  return { privateKey, publicKeyB64 };
}

export function newKeyPair() {
  return keyPairFromSeed(randomBytes(32));
}

export function signNonce(privateKey: KeyObject, nonce: string): string {
  return sign(null, Buffer.from(nonce, 'utf8'), privateKey).toString('base64');
}

/**
 * The demo store's terminals (cli/seed/seed.ts) have keys derived from a published seed, so the
 * simulator can play them on a fresh `npm start` without an enrolment step. Only the demo store
 * uses these; any real terminal enrols with a code and a random key.
 */
export function demoTerminalKey(kioskId: number, name: number) {
  return keyPairFromSeed(createHash('sha256').update(`moneybox-demo-terminal:${kioskId}:${name}`).digest());
}
