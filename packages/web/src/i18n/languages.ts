/** The three UI languages (spec section 1) and the codes each outside party wants. */
export const languages = ['en', 'mx', 'zh_Hans'] as const;
export type Language = (typeof languages)[number];

export const DEFAULT_LANGUAGE: Language = 'en';
/** localStorage key of the chosen language. */
export const LANG_KEY = 'Lang';
/** The spec's locale cookie lifetime. */
const LANG_COOKIE_DAYS = 365;

export const languageLabels: Record<Language, string> = { en: 'English', mx: 'Español', zh_Hans: '简体中文' };
/** Short labels for the header on phones. */
export const languageShortLabels: Record<Language, string> = { en: 'EN', mx: 'ES', zh_Hans: '中文' };
/** /user/menu takes en, es, cn. */
export const menuCodes = { en: 'en', mx: 'es', zh_Hans: 'cn' } as const satisfies Record<Language, string>;
/** The html lang attribute (BCP 47). */
export const htmlLang: Record<Language, string> = { en: 'en', mx: 'es-MX', zh_Hans: 'zh-Hans' };

function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && (languages as readonly string[]).includes(v);
}

/** The saved language, or English when nothing (or something unknown) is saved. */
export function readLanguage(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): Language {
  try {
    const v = storage?.getItem(LANG_KEY);
    return isLanguage(v) ? v : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function saveLanguage(lang: Language, storage: Pick<Storage, 'setItem'> | undefined = safeLocalStorage()): void {
  try {
    storage?.setItem(LANG_KEY, lang);
  } catch {
    // Storage full or blocked: the choice lasts for this page only.
  }
  if (typeof document !== 'undefined') {
    document.cookie = `${LANG_KEY}=${lang}; path=/; SameSite=Lax; max-age=${LANG_COOKIE_DAYS * 86400}`;
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
