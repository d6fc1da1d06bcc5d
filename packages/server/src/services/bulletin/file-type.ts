import { BULLETIN_LIMITS } from '@moneybox/contract';
import { OperatorError } from '../operator/operator.service.js';

/**
 * What a file is, by its first bytes (never by its name): the only types bulletins accept. SVG is
 * refused outright: it is a document that can carry scripts, and a poster needs none of that
 * (docs/DECISIONS.md "Platform news").
 */
export type BulletinFileType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'application/pdf';

const starts = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function sniff(b: Uint8Array): BulletinFileType | undefined {
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts(b, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts(b, ascii('GIF87a')) || starts(b, ascii('GIF89a'))) return 'image/gif';
  if (starts(b, ascii('RIFF')) && starts(b, ascii('WEBP'), 8)) return 'image/webp';
  if (starts(b, ascii('%PDF-'))) return 'application/pdf';
  return undefined;
}

/** A guess at what a refused file is, for the message only. */
function describeUnknown(b: Uint8Array): string {
  const head = Buffer.from(b.subarray(0, 512)).toString('utf8').replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (head.startsWith('<') && head.includes('<svg')) return 'an SVG image (refused: SVG can carry scripts; export it as PNG)';
  if (head.startsWith('<')) return 'HTML or XML text';
  return 'of an unknown type';
}

const EXTENSIONS: Readonly<Record<string, BulletinFileType>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** Each type's extensions, the first the one a name gets; anything else served is opaque bytes. */
const TYPE_EXTENSIONS: Readonly<Record<string, readonly string[]>> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'application/octet-stream': ['bin'],
};

/**
 * A file's name with the extension of its checked type: a PNG named `poster.html` is `poster.png`, a GIF named
 * `x.hta` is `x.gif`, so a downloaded file opens as what it is, never as a page or a program. Stored so on upload
 * and applied again when served (rows stored before, or any content type the server does not serve as itself).
 */
export function nameByType(name: string, type: string): string {
  const exts = TYPE_EXTENSIONS[type] ?? TYPE_EXTENSIONS['application/octet-stream']!;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (exts.includes(ext)) return name;
  return `${dot > 0 ? name.slice(0, dot) : name}.${exts[0]}`;
}

/** A file name as stored and sent in Content-Disposition: a plain name, no path, no control characters. */
export function checkFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (base === '' || base === '.' || base === '..' || base.length > 200 || /[\u0000-\u001f\u007f]/.test(base)) {
    throw new OperatorError(`file name "${name}" must be a plain name of 1-200 characters`, 'news_file_name');
  }
  return base;
}

export type FileUse = 'document' | 'image';

/**
 * Checks a file for a use: not empty, within its size limit, of an accepted type by content, and
 * named with an extension that does not claim another type. Returns its content type.
 */
export function checkFile(name: string, bytes: Uint8Array, use: FileUse): BulletinFileType {
  const limit = use === 'document' ? BULLETIN_LIMITS.documentBytes : BULLETIN_LIMITS.imageBytes;
  if (bytes.byteLength === 0) throw new OperatorError(`${name}: the file is empty`, 'news_file_empty');
  if (bytes.byteLength > limit) throw new OperatorError(`${name}: ${bytes.byteLength} bytes is over the limit of ${limit} bytes (${limit / 1024 / 1024} MiB) for ${use === 'document' ? 'a poster or regulation file' : 'an image'}`, 'news_too_large');
  const type = sniff(bytes);
  if (!type) throw new OperatorError(`${name}: the file is ${describeUnknown(bytes)}; accepted: ${use === 'document' ? 'PNG, JPEG, GIF, WebP or PDF' : 'PNG, JPEG, GIF or WebP'}`, 'news_file_type');
  if (use === 'image' && type === 'application/pdf') throw new OperatorError(`${name}: a PDF cannot be shown as an image; accepted: PNG, JPEG, GIF or WebP`, 'news_file_type');
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  const claimed = ext === undefined ? undefined : EXTENSIONS[ext];
  if (ext === 'svg') throw new OperatorError(`${name}: SVG is refused (it can carry scripts); export it as PNG`, 'news_file_type');
  if (claimed !== undefined && claimed !== type) throw new OperatorError(`${name}: its name says ${claimed} but its content is ${type}`, 'news_file_type');
  return type;
}

/** Limits per file use, for the CLI to refuse before reading a huge file. */
export const sizeLimit = (use: FileUse) => (use === 'document' ? BULLETIN_LIMITS.documentBytes : BULLETIN_LIMITS.imageBytes);
