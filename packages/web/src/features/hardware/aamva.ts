import { ageShort, type MinimumAge } from '@moneybox/contract/minimum-age';

/**
 * The PDF417 barcode of a North American driver's licence or ID card (AAMVA DL/ID card design standard,
 * versions 01-10), as a 2D scanner in keyboard mode types it. Written from the published format: the
 * header `@` LF RS CR `ANSI ` (`AAMVA` on some early cards), the issuer's IIN (6 digits), the AAMVA
 * version (2), from version 02 the jurisdiction's version (2), the number of subfiles (2), then for each
 * subfile its type (`DL`, `ID`, or a jurisdiction's `Z?`), offset (4) and length (4). A subfile is its
 * type and data elements, each a 3-letter id and its value, ended by LF; CR ends the subfile.
 *
 * A keyboard wedge may drop the control characters (RS, CR) or type LF as Enter: the parser reads the
 * header's fields by position after `ANSI `, takes a subfile at its offset when it is there and else
 * finds its type after the header, and splits elements at any line break.
 */

export interface Licence {
  /** 'DL' a driver's licence, 'ID' an identification card. */
  document: 'DL' | 'ID';
  /** Issuer identification number (the state or province). */
  iin: string;
  version: number;
  firstName: string;
  middleName: string;
  lastName: string;
  /** YYYY-MM-DD */
  birthday: string;
  /** YYYY-MM-DD */
  expires: string;
  idNumber: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  country: 'USA' | 'CAN';
}

export type LicenceRead = { ok: true; licence: Licence } | { ok: false; problem: 'corrupt' };

/** Canadian issuers' IINs (their dates are CCYYMMDD in every version). */
const CANADIAN_IINS = new Set(['604426', '604427', '604428', '604429', '604430', '604431', '604432', '604433', '604434', '636012', '636016', '636017', '636028', '636044', '636048']);

/** Whether typed text is an AAMVA barcode at all (so a scan of something else goes its own way). */
export function looksLikeAamva(text: string): boolean {
  return /(ANSI |AAMVA)\d{6}/.test(text);
}

const CORRUPT = { ok: false, problem: 'corrupt' } as const;

export function parseAamva(raw: string): LicenceRead {
  const at = raw.search(/(ANSI |AAMVA)\d{6}/);
  if (at < 0) return CORRUPT;
  // Offsets count from the `@` that starts the file: where it stood, as typed (the wedge may have dropped its RS/CR).
  const fileStart = Math.max(0, raw.lastIndexOf('@', at));
  const head = raw.slice(at + 5);
  const iin = head.slice(0, 6);
  const version = Number(head.slice(6, 8));
  if (!/^\d{6}$/.test(iin) || !Number.isInteger(version) || version < 1 || version > 10) return CORRUPT;
  const countAt = version === 1 ? 8 : 10;
  const count = Number(head.slice(countAt, countAt + 2));
  if (!Number.isInteger(count) || count < 1) return CORRUPT;
  const headerEnd = at + 5 + countAt + 2 + count * 10;
  const subfiles: { type: string; body: string }[] = [];
  for (let i = 0; i < count; i++) {
    const entry = head.slice(countAt + 2 + i * 10, countAt + 12 + i * 10);
    const type = entry.slice(0, 2);
    const offset = Number(entry.slice(2, 6));
    const length = Number(entry.slice(6, 10));
    if (!/^[A-Z]{2}$/.test(type) || !Number.isInteger(offset) || !Number.isInteger(length)) return CORRUPT;
    let start = fileStart + offset;
    if (raw.slice(start, start + 2) !== type) start = raw.indexOf(type, headerEnd);
    if (start < 0) return CORRUPT;
    subfiles.push({ type, body: raw.slice(start + 2, start + length) });
  }
  const main = subfiles.find((s) => s.type === 'DL' || s.type === 'ID');
  if (!main) return CORRUPT;
  const el = new Map<string, string>();
  for (const line of main.body.split(/[\n\r]+/)) {
    const m = /^([A-Z]{3})(.*)$/.exec(line.startsWith('\x1e') ? line.slice(1) : line);
    if (m && !el.has(m[1]!)) el.set(m[1]!, m[2]!.trim());
  }
  // "NONE" / "unavl": the element is on the card with nothing in it.
  const get = (id: string) => {
    const v = el.get(id) ?? '';
    return /^(NONE|unavl|unavail)$/i.test(v) ? '' : v;
  };

  // Names: DCS/DAC/DAD (version 04 on); DCS and DCT given names (02-03); DAA full name "LAST,FIRST,MIDDLE" (01).
  const full = get('DAA').split(/[,$]/).map((s) => s.trim());
  const given = get('DCT').split(/[,$ ]+/).filter(Boolean);
  const lastName = get('DCS') || get('DAB') || full[0] || '';
  const firstName = get('DAC') || given[0] || full[1] || '';
  const middleName = get('DAD') || given.slice(1).join(' ') || full.slice(2).join(' ');

  const countryCode = get('DCG');
  const canadian = countryCode === 'CAN' || (countryCode === '' && CANADIAN_IINS.has(iin));
  // Version 01 writes every date CCYYMMDD; later versions MMDDCCYY in the USA and CCYYMMDD in Canada.
  const yearFirst = version === 1 || canadian;
  const birthday = aamvaDate(get('DBB'), yearFirst);
  const expires = aamvaDate(get('DBA'), yearFirst);
  const idNumber = get('DAQ');
  if (!lastName || !firstName || !birthday || !expires || !idNumber) return CORRUPT;
  const zip = get('DAK').replace(/[\s-]+$/, '').replace(/0000$/, '');
  return {
    ok: true,
    licence: {
      document: main.type as 'DL' | 'ID',
      iin,
      version,
      firstName,
      middleName,
      lastName,
      birthday,
      expires,
      idNumber,
      street: get('DAG'),
      city: get('DAI'),
      state: get('DAJ'),
      zip: zip.length === 9 && /^\d+$/.test(zip) ? `${zip.slice(0, 5)}-${zip.slice(5)}` : zip.trim(),
      country: canadian ? 'CAN' : 'USA',
    },
  };
}

/** An 8-digit AAMVA date to YYYY-MM-DD; null when it is no real day in the expected order. */
export function aamvaDate(value: string, yearFirst: boolean): string | null {
  if (!/^\d{8}$/.test(value)) return null;
  const [y, m, d] = yearFirst ? [value.slice(0, 4), value.slice(4, 6), value.slice(6, 8)] : [value.slice(4, 8), value.slice(0, 2), value.slice(2, 4)];
  const day = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (Number(y) < 1900 || day.getUTCMonth() !== Number(m) - 1 || day.getUTCDate() !== Number(d)) return null;
  return `${y}-${m}-${d}`;
}

/** Why a read licence cannot stand: expired (before `today`, YYYY-MM-DD), or its holder under the store's minimum age. */
export type LicenceRefusal = 'expired' | 'minor';

export function licenceRefusal(licence: Licence, store: MinimumAge | null, today: string): LicenceRefusal | null {
  if (licence.expires < today) return 'expired';
  if (store && ageShort(store, licence.birthday, today) === 'under') return 'minor';
  return null;
}
