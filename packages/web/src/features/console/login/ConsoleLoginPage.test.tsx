import { Status } from '@moneybox/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '../../../i18n/i18n';
import { fakeServer } from '../../../test/fake-server';
import { renderRoutes } from '../../../test/render';
import ConsoleLoginPage from './ConsoleLoginPage';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const WORDS = {
  en: { locked: 'platform account is locked', code: 'Wrong or already used authenticator code. 2 tries left', password: 'Wrong username or password. 1 try left' },
  mx: { locked: 'cuenta de plataforma está bloqueada', code: 'Código del autenticador incorrecto o ya usado. Te quedan 2 intentos', password: 'Usuario o contraseña incorrectos. Te queda 1 intento' },
  zh_Hans: { locked: '此平台账户已锁定', code: '验证器代码错误或已使用过。账户锁定前还可尝试 2 次', password: '用户名或密码错误。账户锁定前还可尝试 1 次' },
} as const;
/** The store staff's words of the status catalogue, never shown to a platform account. */
const STORE_WORDS = [/boss|distributor|jefe|distribuidor|老板|经销商/i, /^Wrong password/, /Contraseña incorrecta/];

async function signInPage(lang: string, replies: Parameters<typeof fakeServer>[0]) {
  sessionStorage.clear();
  fakeServer(replies);
  await i18nReady;
  await i18n.changeLanguage(lang);
  await renderRoutes([{ path: '/', element: <ConsoleLoginPage /> }], '/');
  fireEvent.change(await screen.findByTestId('console-username', {}, { timeout: 5000 }), { target: { value: 'dist1' } });
  fireEvent.change(screen.getByTestId('console-password'), { target: { value: 'secret123' } });
  fireEvent.click(screen.getByRole('button', { name: i18n.t('console:signIn') }));
}

const errorText = async () => (await screen.findByTestId('console-login-error', {}, { timeout: 5000 })).textContent ?? '';
const speaksPlatform = (text: string) => {
  for (const w of STORE_WORDS) expect(text).not.toMatch(w);
};

describe('Console sign-in: the platform’s words for a platform account', () => {
  it.each(Object.keys(WORDS) as (keyof typeof WORDS)[])('in %s, a wrong password says so with the tries left', async (lang) => {
    await signInPage(lang, { '/operator/login': () => ({ status: Status.WRONG_PASSWORD, try_times: 1 }) });
    const text = await errorText();
    expect(text).toContain(WORDS[lang].password);
    speaksPlatform(text);
  });

  it.each(Object.keys(WORDS) as (keyof typeof WORDS)[])('in %s, a wrong or reused code is a wrong code, not a wrong password', async (lang) => {
    await signInPage(lang, {
      '/operator/login': () => ({ status: 0, next: 'second_factor', ticket: 'tk' }),
      '/operator/secondFactor': () => ({ status: Status.WRONG_PASSWORD, try_times: 2 }),
    });
    fireEvent.change(await screen.findByTestId('console-code', {}, { timeout: 5000 }), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: i18n.t('console:continue') }));
    const text = await errorText();
    expect(text).toContain(WORDS[lang].code);
    speaksPlatform(text);
  });

  it.each(Object.keys(WORDS) as (keyof typeof WORDS)[])('in %s, a locked account is sent to a platform admin, not to a boss or distributor', async (lang) => {
    await signInPage(lang, { '/operator/login': () => ({ status: Status.ACCOUNT_LOCKED }) });
    const text = await errorText();
    expect(text).toContain(WORDS[lang].locked);
    speaksPlatform(text);
  });
});
