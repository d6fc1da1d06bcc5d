import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, htmlLang, languages, readLanguage, saveLanguage, type Language } from './languages';

/**
 * Each locale file (locales/<lang>/<namespace>.json) is its own chunk, loaded when a page first
 * uses the namespace: the login page never downloads the texts of other screens. The refusals'
 * texts (`status`) load with the app (app/Root.tsx), and on the login page with its first refusal
 * (`loadStatusTexts`): a first load of the login page does without them.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, done) {
    const load = files[`../locales/${lng}/${ns}.json`];
    if (!load) {
      done(new Error(`no locale file ${lng}/${ns}`), false);
      return;
    }
    load().then(
      (m) => done(null, m.default),
      (err: unknown) => done(err as Error, false),
    );
  },
};

export const i18n = i18next.createInstance();

export const i18nReady = i18n
  .use(lazyLocales)
  .use(initReactI18next)
  .init({
    lng: readLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...languages],
    load: 'currentOnly',
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });

i18n.on('languageChanged', (lng) => {
  const lang = (languages as readonly string[]).includes(lng) ? (lng as Language) : DEFAULT_LANGUAGE;
  // Pure modules' tests run in Node, where a language may finish loading with no document to mark.
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang[lang];
});

/** The `status` namespace (the spec's refusal texts), loaded once; later languages load it too. */
export function loadStatusTexts(): Promise<void> {
  return i18n.loadNamespaces('status');
}

/** Switches the UI language and keeps the choice under localStorage `Lang`. */
export async function changeLanguage(lang: Language): Promise<void> {
  saveLanguage(lang);
  await i18n.changeLanguage(lang);
}

export function currentLanguage(): Language {
  const l = i18n.resolvedLanguage ?? i18n.language;
  return (languages as readonly string[]).includes(l) ? (l as Language) : DEFAULT_LANGUAGE;
}
