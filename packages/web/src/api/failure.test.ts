import { OPERATOR_REASONS } from '@moneybox/contract/operator-reasons';
import { ERASE_REASONS } from '@moneybox/contract';
import { allStatusCodes } from '@moneybox/contract/status';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady, loadStatusTexts } from '../i18n/i18n';
import { classify, failureMessage, handledGlobally } from './failure';

const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o ?? {});

describe('error → message', () => {
  beforeAll(async () => {
    await i18nReady;
    await loadStatusTexts();
    await i18n.loadLanguages(['en', 'mx', 'zh_Hans']);
    await i18n.changeLanguage('en');
  });

  it('sends the cashier to the boss on a short drawer under blind count, in every language, naming no figure', async () => {
    const f = classify({ status: 38, error: 'x', call_boss: true });
    expect(failureMessage(classify({ status: 38 })!, t)).toBe('Drawer balance error');
    for (const lang of ['en', 'mx', 'zh_Hans']) {
      await i18n.changeLanguage(lang);
      const text = failureMessage(f!, t);
      expect(text).not.toBe(t('status:38'));
      expect(text).not.toMatch(/\d/);
    }
    await i18n.changeLanguage('en');
    expect(failureMessage(f!, t)).toMatch(/call the boss/);
  });

  it('classifies replies as the spec handles them', () => {
    expect(classify({ status: 0 })).toBeNull();
    expect(classify({ status: 5 })).toEqual({ kind: 'session', status: 5 });
    expect(classify({ status: 404 })).toEqual({ kind: 'page-gone', status: 404 });
    expect(classify({ e: 'boom' })).toEqual({ kind: 'maintenance' });
    expect(classify({ status: 42, try_times: 3 })).toEqual({ kind: 'message', status: 42, detail: 3 });
  });

  it('adds limit_day days (39), try_times times left (42), and shows freeze_msg (46)', () => {
    expect(failureMessage(classify({ status: 39, limit_day: 31 })!, t)).toBe('Improper time period: 31 days');
    expect(failureMessage(classify({ status: 42, try_times: 4 })!, t)).toBe('Wrong password, attempts left: 4 times left');
    expect(failureMessage(classify({ status: 46, freeze_msg: 'Call your distributor' })!, t)).toBe('Call your distributor');
    expect(failureMessage(classify({ status: 46 })!, t)).toBe('Freeze message from server');
    expect(failureMessage(classify({ status: 21 })!, t)).toBe('Permission error');
  });

  it('says the days (39) and the tries left (42) in the number\'s own form, in every language', async () => {
    const say = (lng: string, f: Parameters<typeof classify>[0]) => failureMessage(classify(f)!, (k, o) => i18n.t(k, { ...o, lng }));
    expect([say('en', { status: 39, limit_day: 1 }), say('en', { status: 42, try_times: 1 })]).toEqual(['Improper time period: 1 day', 'Wrong password, attempts left: 1 time left']);
    expect([say('mx', { status: 39, limit_day: 1 }), say('mx', { status: 39, limit_day: 31 })]).toEqual(['Periodo de tiempo inadecuado: 1 día', 'Periodo de tiempo inadecuado: 31 días']);
    expect([say('mx', { status: 42, try_times: 1 }), say('mx', { status: 42, try_times: 3 })]).toEqual([
      'Contraseña incorrecta, intentos restantes: 1 intento restante',
      'Contraseña incorrecta, intentos restantes: 3 intentos restantes',
    ]);
    expect([say('zh_Hans', { status: 39, limit_day: 1 }), say('zh_Hans', { status: 42, try_times: 1 })]).toEqual([`${i18n.t('status:39', { lng: 'zh_Hans' })}: 1 天`, `${i18n.t('status:42', { lng: 'zh_Hans' })}: 剩余 1 次`]);
  });

  it('adds the text of the reason a refusal names, in the user\'s language; never the server\'s English error', async () => {
    const lastBoss = { status: 21, reason: 'last_boss', error: "The store's last boss cannot be removed, disabled or demoted" };
    expect(classify(lastBoss)).toEqual({ kind: 'message', status: 21, reason: 'last_boss' });
    const say = (lng: string, f: Parameters<typeof classify>[0]) => failureMessage(classify(f)!, (k, o) => i18n.t(k, { ...o, lng }));
    expect(say('en', lastBoss)).toBe("Permission error: the store can not be left without a boss: its last boss can not be removed, disabled or demoted");
    expect(say('zh_Hans', lastBoss)).toBe('权限错误: 门店不能没有老板：最后一位老板不能被删除、停用或降级');
    for (const lng of ['en', 'mx', 'zh_Hans']) {
      for (const f of [lastBoss, { status: 35, reason: 'above_cap', error: "The daily purchase limit can not be above the provider's 500" }, { status: 13, error: 'phone: too long' }, { status: 13, reason: 'no_such_reason', error: 'unworded' }]) {
        const text = say(lng, f);
        expect(text.startsWith(i18n.t(`status:${f.status}`, { lng })), `${lng} ${text}`).toBe(true);
        expect(text).not.toContain(f.error);
      }
      // A reason the web does not word: the status's message alone.
      expect(say(lng, { status: 13, reason: 'no_such_reason', error: 'unworded' })).toBe(i18n.t('status:13', { lng }));
    }
  });

  it("words the console's input errors by their reason in the user's language, never the server's English", () => {
    const say = (lng: string, f: Parameters<typeof classify>[0]) => failureMessage(classify(f)!, (k, o) => i18n.t(k, { ...o, lng }));
    const taken = { status: 13, reason: 'kiosk_exists', error: 'kiosk 5001 already exists' };
    const zone = { status: 13, reason: 'timezone', error: 'unknown timezone "Mars/Olympus" (use an IANA name such as America/Chicago)' };
    const host = { status: 13, reason: 'host_taken', error: 'host already in use' };
    expect(classify(taken)).toEqual({ kind: 'message', status: 13, reason: 'kiosk_exists' });
    expect([say('en', taken), say('en', host)]).toEqual(['Input error: a store with that kiosk id already exists', 'Input error: that host is already in use']);
    expect([say('mx', taken), say('mx', zone), say('mx', host)]).toEqual([
      'Error de entrada: ya existe una tienda con ese id de kiosco',
      'Error de entrada: la zona horaria no es válida (use un nombre como America/Mexico_City)',
      'Error de entrada: ese dominio ya está en uso',
    ]);
    expect([say('zh_Hans', taken), say('zh_Hans', zone), say('zh_Hans', host)]).toEqual(['输入错误: 该亭号的门店已存在', '输入错误: 时区无效（请使用 Asia/Shanghai 这样的名称）', '输入错误: 该域名已被使用']);
  });

  it("has a text for every reason the console's refusals and a customer's erasure can name, in every language, each its own translation", () => {
    for (const reason of [...OPERATOR_REASONS, ...ERASE_REASONS]) {
      const texts = ['en', 'mx', 'zh_Hans'].map((lng) => {
        expect(i18n.exists(`status:reasons.${reason}`, { lng, fallbackLng: false } as never), `${lng} ${reason}`).toBe(true);
        return i18n.t(`status:reasons.${reason}`, { lng });
      });
      expect(new Set(texts).size, `${reason}: ${texts.join(' | ')}`).toBe(3);
      // No value to fill in: the reply carries none beside the reason.
      for (const text of texts) expect(text, reason).not.toMatch(/\{\{/);
      const [, mx, zh] = texts;
      // Chinese texts are in Chinese (a format or zone name may stay in Latin letters).
      expect(zh, reason).toMatch(/[\u4e00-\u9fff]/);
      expect(mx, reason).not.toMatch(/\b(the|is|are|an|of|with|already|must|needs?|has|not)\b/);
    }
  });

  it('uses the maintenance message when no status came, else Error', () => {
    expect(failureMessage({ kind: 'maintenance' }, t, 'Back at 3am')).toBe('Back at 3am');
    expect(failureMessage({ kind: 'maintenance' }, t, '')).toBe('Error');
  });

  it('has a message for every status code in every language, each a real translation', async () => {
    for (const lang of ['en', 'mx', 'zh_Hans']) {
      await i18n.changeLanguage(lang);
      for (const code of allStatusCodes) {
        expect(i18n.exists(`status:${code}`, { lng: lang, fallbackLng: false } as never), `${lang} ${code}`).toBe(true);
      }
    }
    await i18n.changeLanguage('mx');
    expect(failureMessage(classify({ status: 42, try_times: 2 })!, t)).toBe('Contraseña incorrecta, intentos restantes: 2 intentos restantes');
    await i18n.changeLanguage('zh_Hans');
    expect(failureMessage(classify({ status: 4 })!, t)).toBe('钱箱已被占用');
    expect(failureMessage({ kind: 'maintenance' }, t)).toBe('错误');
    await i18n.changeLanguage('en');
  });
});

describe('which failures get the spec handling', () => {
  const session = classify({ status: 5 })!;
  const gone = classify({ status: 404 })!;
  const refusal = classify({ status: 38 })!;
  const maintenance = classify({})!;

  it('inline leaves only business refusals to the caller; quiet handles only a lost session', () => {
    expect([session, gone, refusal, maintenance].map((f) => handledGlobally(f, 'inline'))).toEqual([true, true, false, true]);
    expect([session, gone, refusal, maintenance].map((f) => handledGlobally(f, 'quiet'))).toEqual([true, false, false, false]);
    expect([session, gone, refusal, maintenance].map((f) => handledGlobally(f, true))).toEqual([true, true, true, true]);
    expect([session, gone, refusal, maintenance].map((f) => handledGlobally(f, false))).toEqual([false, false, false, false]);
  });
});
