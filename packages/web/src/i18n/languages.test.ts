import { describe, expect, it } from 'vitest';
import { changeLanguage, currentLanguage, i18n, i18nReady } from './i18n';
import { LANG_KEY, menuCodes, readLanguage, saveLanguage } from './languages';

describe('language persistence', () => {
  it('defaults to English and ignores unknown saved values', () => {
    expect(readLanguage()).toBe('en');
    localStorage.setItem(LANG_KEY, 'fr');
    expect(readLanguage()).toBe('en');
  });

  it('keeps the choice in localStorage under Lang', () => {
    saveLanguage('zh_Hans');
    expect(localStorage.getItem('Lang')).toBe('zh_Hans');
    expect(readLanguage()).toBe('zh_Hans');
    expect(document.cookie).toContain('Lang=zh_Hans');
  });

  it('maps UI languages to the menu codes en, es, cn', () => {
    expect(menuCodes).toEqual({ en: 'en', mx: 'es', zh_Hans: 'cn' });
  });

  it('switches the texts and the html lang, and saves the choice', async () => {
    await i18nReady;
    await changeLanguage('mx');
    expect(localStorage.getItem('Lang')).toBe('mx');
    expect(currentLanguage()).toBe('mx');
    expect(i18n.t('common:cancel')).toBe('Cancelar');
    expect(document.documentElement.lang).toBe('es-MX');
    await changeLanguage('zh_Hans');
    expect(i18n.t('common:cancel')).toBe('取消');
    await changeLanguage('en');
    expect(i18n.t('common:cancel')).toBe('Cancel');
  });
});
