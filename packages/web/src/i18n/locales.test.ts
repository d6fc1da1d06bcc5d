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

  it('are real translations: every Spanish and Chinese text differs from the English one', () => {
    // Texts that are the same word in both languages.
    const sameByNature: Record<string, string[]> = { mx: ['appName', 'error', 'error404', 'errorTitle'], zh_Hans: ['appName'] };
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
