import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Settings } from '../settings.js';

/**
 * The operator's ledger key (issue 40; docs/COMPLIANCE.md "The key"): an Ed25519 key pair the server keeps
 * outside the database, so whoever can rewrite the database cannot sign a day anew. The private key is a
 * PKCS#8 PEM file (LEDGER_KEY_FILE, default `<DATA_DIR>/ledger-key.pem`, mode 0600), encrypted with
 * LEDGER_KEY_PASSPHRASE when set (AES-256-CBC, PKCS#8's own encryption); made at the first day close or
 * `admin ledger-key`. The public key (SPKI DER, base64) is what a checker is given. Never logged.
 */
export interface LedgerKeyPlace {
  file: string;
  passphrase: string | undefined;
}

export interface LedgerKey {
  privateKey: KeyObject;
  /** SPKI DER, base64: `admin ledger-key` prints it, every seal records it. */
  publicKey: string;
}

/** The key file's place from the settings. */
export function ledgerKeyPlace(settings: Pick<Settings, 'ledgerKeyFile' | 'ledgerKeyPassphrase'>): LedgerKeyPlace {
  return { file: settings.ledgerKeyFile, passphrase: settings.ledgerKeyPassphrase };
}

const loaded = new Map<string, LedgerKey>();

function fromPem(pem: string, passphrase: string | undefined): LedgerKey {
  const privateKey = createPrivateKey(passphrase === undefined ? { key: pem, format: 'pem' } : { key: pem, format: 'pem', passphrase });
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the ledger key file holds no Ed25519 key');
  return { privateKey, publicKey: createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).toString('base64') };
}

/**
 * The key, read from its file, or made and written there first. The file is written whole under another
 * name and linked into place, so two processes making it at once keep one key (the second reads the first's).
 */
export function ledgerKey(place: LedgerKeyPlace): LedgerKey {
  const known = loaded.get(place.file);
  if (known) return known;
  let pem: string;
  try {
    pem = fs.readFileSync(place.file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    const { privateKey } = generateKeyPairSync('ed25519');
    const text = String(
      place.passphrase === undefined
        ? privateKey.export({ format: 'pem', type: 'pkcs8' })
        : privateKey.export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: place.passphrase }),
    );
    fs.mkdirSync(path.dirname(place.file), { recursive: true });
    const tmp = `${place.file}.${process.pid}.${Date.now()}.tmp`;
    fs.writeFileSync(tmp, text, { mode: 0o600 });
    try {
      fs.linkSync(tmp, place.file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
    pem = fs.readFileSync(place.file, 'utf8');
  }
  const key = fromPem(pem, place.passphrase);
  loaded.set(place.file, key);
  return key;
}

/** The public key of an existing key file, or undefined when there is none yet (verify makes no key). */
export function ledgerPublicKey(place: LedgerKeyPlace): string | undefined {
  if (!loaded.has(place.file) && !fs.existsSync(place.file)) return undefined;
  return ledgerKey(place).publicKey;
}

/** The Ed25519 signature (base64) of a seal's text. */
export function signSeal(key: LedgerKey, text: string): string {
  return sign(null, Buffer.from(text, 'utf8'), key.privateKey).toString('base64');
}

/** Whether `signature` is `publicKey`'s over `text` (false for a key or signature that is no such thing). */
export function sealSignatureValid(publicKey: string, text: string, signature: string): boolean {
  try {
    const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    return key.asymmetricKeyType === 'ed25519' && verify(null, Buffer.from(text, 'utf8'), key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
