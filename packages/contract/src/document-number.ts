/**
 * THE normaliser of a document (ID card) number: the key a person is matched by, whatever way the
 * number was typed. Used by the self-exclusion match (within the store and across the operator's
 * stores) and the checked payout's comparison. Pure and dependency-free, so the web can import it.
 *
 * Unicode NFKC (full-width and other compatibility forms become their plain letters and digits),
 * Cyrillic and Greek look-alikes of Latin letters and digits folded to them, case folded, and every
 * other character (spaces, dashes, dots, slashes, accents' leftovers) dropped: the key holds only
 * 0-9 and A-Z. Latin letters are never folded into digits (O and 0 stay apart): document numbers mix
 * both, and a false match refuses a real person.
 */

/** Look-alikes (Unicode's confusables, Cyrillic and Greek only) -> the Latin capital or digit they pass for. */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  // Cyrillic capitals
  А: 'A', В: 'B', С: 'C', Е: 'E', Н: 'H', І: 'I', Ӏ: 'I', Ј: 'J', К: 'K', М: 'M', О: 'O', Р: 'P', Ԛ: 'Q',
  Ѕ: 'S', Т: 'T', Х: 'X', У: 'Y', Ү: 'Y', Ԝ: 'W', З: '3', Ԁ: 'D',
  // Cyrillic small letters that look like a Latin letter (their capitals may not)
  а: 'A', с: 'C', е: 'E', һ: 'H', і: 'I', ӏ: 'I', ј: 'J', о: 'O', р: 'P', ԛ: 'Q', ѕ: 'S', х: 'X', у: 'Y',
  ү: 'Y', ԝ: 'W', ԁ: 'D', з: '3',
  // Greek capitals
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'I', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y',
  ϒ: 'Y', Χ: 'X', Ϲ: 'C', Ϳ: 'J',
  // Greek small letters that look like a Latin letter
  α: 'A', ι: 'I', κ: 'K', ν: 'V', ο: 'O', ρ: 'P', τ: 'T', υ: 'U', χ: 'X', ϲ: 'C', ϳ: 'J', γ: 'Y',
};

const fold = (s: string) => Array.from(s, (ch) => LOOK_ALIKES[ch] ?? ch).join('');

/** A document number's key: '' when it holds no letter or digit. Idempotent. */
export function normalizeIdNumber(n: string): string {
  // Folded before NFKC (which turns the lunate sigma ϲ into ς) and around upper-casing (Greek ν -> Ν is no V).
  return fold(fold(fold(n).normalize('NFKC')).toUpperCase()).replace(/[^0-9A-Z]/g, '');
}

/** The look-alikes folded (for the tests' generators). */
export const DOCUMENT_LOOK_ALIKES = LOOK_ALIKES;
