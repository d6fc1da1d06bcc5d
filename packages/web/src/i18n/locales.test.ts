// @vitest-environment node
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { eager: true, import: 'default' });

function keys(o: unknown, prefix = ''): string[] {
  if (typeof o !== 'object' || o === null) return [prefix];
  return Object.entries(o).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

// i18next's plural forms: a counted text is `key_one`, `key_other`, … with the forms its language has.
const PLURAL = /_(zero|one|two|few|many|other)$/;
const plurals = i18next.createInstance();
await plurals.init({ lng: 'en', resources: {} });

/** The keys a language's file must have: the English keys, each counted text in that language's own plural forms. */
function expectedKeys(en: string[], lang: string): string[] {
  // i18next types its plural resolver as any: its getSuffixes names the forms a language has ('_one', '_other', …).
  const suffixes = (plurals.services.pluralResolver as { getSuffixes(lang: string): string[] }).getSuffixes(lang);
  return [...new Set(en.flatMap((k) => (PLURAL.test(k) ? suffixes.map((s) => k.replace(PLURAL, s)) : [k])))].sort();
}

/**
 * A number written before a noun ('3 accounts', '3 cuentas') is a counted text: English and Spanish say
 * the noun in the number's form, so the text must be i18next plural keys read with `count`. A text says
 * a number before a noun when a placeholder is followed by a plural word (one ending in s); the few
 * words that end in s after a name or an amount ('{{name}} has', '{{amount}} needs') are no noun.
 */
const NOT_NOUNS: Record<string, readonly string[]> = { en: ['has', 'is', 'needs', 'was'], mx: ['es', 'más'] };
function countedPlaceholders(text: string, lang: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}\s+(\p{L}+s)(?!\p{L})/gu)]
    .filter(([, , word]) => !NOT_NOUNS[lang]!.includes(word!.toLowerCase()))
    .map(([, name, word]) => `{{${name!}}} ${word!}`);
}

describe('locale files', () => {
  const byNs = new Map<string, Map<string, Record<string, unknown>>>();
  for (const [path, data] of Object.entries(files)) {
    const [, lang, ns] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path)!;
    if (!byNs.has(ns!)) byNs.set(ns!, new Map());
    byNs.get(ns!)!.set(lang!, data);
  }

  it('exist for en, mx and zh_Hans with the same keys in every namespace, a counted text in each language\'s own plural forms', () => {
    expect(byNs.size).toBeGreaterThanOrEqual(5);
    // English and Mexican Spanish say one and other; Chinese has one form (other), so no `_one` key.
    expect(['en', 'mx', 'zh_Hans'].map((l) => expectedKeys(['n_other'], l))).toEqual([['n_one', 'n_other'], ['n_one', 'n_other'], ['n_other']]);
    for (const [ns, langs] of byNs) {
      expect([...langs.keys()].sort(), ns).toEqual(['en', 'mx', 'zh_Hans']);
      const en = keys(langs.get('en')).sort();
      expect(en, `${ns} en`).toEqual(expectedKeys(en, 'en'));
      expect(keys(langs.get('mx')).sort(), `${ns} mx`).toEqual(expectedKeys(en, 'mx'));
      expect(keys(langs.get('zh_Hans')).sort(), `${ns} zh_Hans`).toEqual(expectedKeys(en, 'zh_Hans'));
    }
  });

  it('say a number before a noun only in a counted text: plural keys, the number being {{count}}', () => {
    expect(countedPlaceholders('{{n}} accounts', 'en')).toEqual(['{{n}} accounts']);
    expect(countedPlaceholders('Quedan {{days}} días', 'mx')).toEqual(['{{days}} días']);
    expect(countedPlaceholders('{{name}} has not come yet', 'en')).toEqual([]);
    expect(countedPlaceholders('{{n}} of {{max}}', 'en')).toEqual([]);
    const flat = (o: unknown) => keys(o).map((k) => [k, k.split('.').reduce<unknown>((a, p) => (a as Record<string, unknown>)[p], o)] as const);
    const uncounted: string[] = [];
    const notCount: string[] = [];
    for (const [ns, langs] of byNs) {
      for (const lang of ['en', 'mx']) {
        for (const [k, text] of flat(langs.get(lang))) {
          if (typeof text !== 'string') continue;
          const found = countedPlaceholders(text, lang);
          if (!found.length) continue;
          if (!PLURAL.test(k)) uncounted.push(`${ns}:${k} (${lang}) ${found.join(', ')}`);
          // i18next picks the form by `count` alone: the number before the noun must be it.
          else if (found.some((f) => !f.startsWith('{{count}} '))) notCount.push(`${ns}:${k} (${lang}) ${found.join(', ')}`);
        }
      }
      // Every language's `other` form shows the count it was chosen by.
      for (const [lang, data] of langs) {
        for (const [k, text] of flat(data)) {
          if (k.endsWith('_other') && !String(text).includes('{{count}}')) notCount.push(`${ns}:${k} (${lang}) ${String(text)}`);
        }
      }
    }
    expect(uncounted).toEqual([]);
    expect(notCount).toEqual([]);
  });

  it('are real translations: every Spanish and Chinese text differs from the English one', () => {
    // Texts that are the same word in both languages.
    const sameByNature: Record<string, string[]> = { mx: ['appName', 'error', 'error404', 'errorTitle', 'audit.no', 'audit.lineValue', 'audit.lineChange'], zh_Hans: ['appName'] };
    const flat = (o: Record<string, unknown>) => Object.fromEntries(keys(o).map((k) => [k, k.split('.').reduce<unknown>((a, p) => (a as Record<string, unknown>)[p], o)]));
    for (const [ns, langs] of byNs) {
      const en = flat(langs.get('en')!);
      for (const lang of ['mx', 'zh_Hans']) {
        const other = flat(langs.get(lang)!);
        const same = Object.keys(en).filter((k) => en[k] === other[k] && !sameByNature[lang]!.includes(k));
        expect(same, `${ns} ${lang}`).toEqual([]);
      }
    }
  });

  it('name Redeem with one Chinese word everywhere: 兑奖, the payout action\'s, never 兑换 (left only in 兑换比率, the exchange rate) nor 兑付', () => {
    const texts = [...byNs].flatMap(([ns, langs]) => {
      const zh = langs.get('zh_Hans')!;
      return keys(zh).map((k) => [`${ns}:${k}`, k.split('.').reduce<unknown>((a, p) => (a as Record<string, unknown>)[p], zh)] as const);
    });
    expect(texts.filter(([, text]) => typeof text === 'string' && /兑换(?!比率)|兑付/.test(text)).map(([k]) => k)).toEqual([]);
    expect(texts.some(([k, text]) => k === 'customer:actions.redeem' && text === '兑奖')).toBe(true);
  });
});
