import { currentLanguage } from '../../i18n/i18n';
import { htmlLang } from '../../i18n/languages';

/** A file size for people: 900 B, 12.5 KB, 3.2 MB (1 KB = 1024 bytes, as file managers show). */
export function humanSize(bytes: number, locale = 'en'): string {
  const format = (n: number, digits: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);
  if (bytes < 1024) return `${format(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${format(bytes / 1024, bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${format(bytes / (1024 * 1024), 1)} MB`;
}

/** `humanSize` with the UI language's number format. */
export const fileSize = (bytes: number) => humanSize(bytes, htmlLang[currentLanguage()]);
