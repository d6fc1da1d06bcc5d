import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: the session token the client keeps. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256: a leaked database cannot be replayed as sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
