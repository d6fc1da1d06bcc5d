import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { hashToken } from './token.js';

/**
 * The console's second factor: TOTP (RFC 6238, SHA-1, 6 digits, 30 s) through otplib, what every
 * authenticator app reads. A code is accepted one step either side of now (clock drift), and only for
 * a time step later than the last one accepted for the account, so a replayed code is refused.
 */
const PERIOD = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI the enrolment QR code carries. */
export function totpUri(secret: string, username: string, issuer = 'Moneybox POS'): string {
  return generateURI({ issuer, label: username, secret, period: PERIOD });
}

/** The time step of an accepted code, or undefined (wrong, malformed, or not after `afterStep`). */
export async function acceptTotp(secret: string, code: string, afterStep: number, now = Date.now()): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  try {
    const r = await verify({ secret, token: code, period: PERIOD, epoch: Math.floor(now / 1000), epochTolerance: PERIOD });
    if (!r.valid || !('timeStep' in r) || r.timeStep <= afterStep) return undefined;
    return r.timeStep;
  } catch {
    return undefined;
  }
}

/** Ten one-time recovery codes (50 random bits each, shown once as xxxxx-xxxxx). */
export function newRecoveryCodes(n = 10): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: n }, () => {
    const bytes = randomBytes(10);
    const s = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
}

/** Recovery codes are random and long: stored as SHA-256 like session tokens, compared normalised. */
export function recoveryCodeHash(code: string): string {
  return hashToken(code.trim().toLowerCase().replace(/[^a-z0-9]/g, ''));
}
