import { CONSOLE_CALLS } from '@moneybox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady, loadStatusTexts } from '../i18n/i18n';
import en from '../locales/en/console.json';
import { classify, failureMessage, inputFieldMessage } from './failure';

const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o ?? {});

/** A console call's refused input and a store beyond the caller's scope, in words (issue 37). */
describe("the console's refusals name the field or the store", () => {
  beforeAll(async () => {
    await i18nReady;
    await loadStatusTexts();
    await i18n.loadNamespaces('console');
    await i18n.changeLanguage('en');
  });

  it.each([
    ['en', 'Input error: Stores: choose at least one', 'Input error: Title is too long', 'Permission error: Store 1007 is not one of yours', 'Permission error: Stores 1007, 1008 are not yours'],
    ['mx', 'Error de entrada: Tiendas: elige al menos uno', 'Error de entrada: Título es demasiado largo', 'Error de permisos: La tienda 1007 no es una de las tuyas', 'Error de permisos: Las tiendas 1007, 1008 no son tuyas'],
    ['zh_Hans', '输入错误: 门店：请至少选择一项', '输入错误: 标题太长', '权限错误: 门店 1007 不属于您', '权限错误: 门店 1007, 1008 均不属于您'],
  ])('in %s', async (lang, kids, title, one, two) => {
    await i18n.changeLanguage(lang);
    const said = (reply: Record<string, unknown>) => {
      const f = classify({ error: 'the server words', ...reply })!;
      return inputFieldMessage(f, t) ?? failureMessage(f, t);
    };
    expect(said({ status: 13, field: 'target.kids', issue: 'too_small_array' })).toBe(kids);
    // An array's position is no part of the label: texts.1.title is a text's title.
    expect(said({ status: 13, field: 'texts.1.title', issue: 'too_big_string' })).toBe(title);
    expect(said({ status: 21, kids: [1007] })).toBe(one);
    expect(said({ status: 21, kids: [1007, 1008] })).toBe(two);
    // A field without a label is never shown by its code: the status's words alone.
    expect(said({ status: 13, field: 'no_such_field', issue: 'invalid_type' })).toBe(t('status:13'));
    await i18n.changeLanguage('en');
  });

  it("labels every field of every console call's input", () => {
    const labels = en.inputFields as Record<string, string>;
    const missing: string[] = [];
    for (const [path, spec] of Object.entries(CONSOLE_CALLS)) {
      const shape = (spec.input as { shape?: Record<string, unknown> }).shape ?? {};
      for (const field of Object.keys(shape)) if (field !== 'UID' && field !== 'TOKEN' && !labels[field]) missing.push(`${path} ${field}`);
    }
    expect(missing).toEqual([]);
  });
});
