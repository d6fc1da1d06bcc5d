import { useState } from 'react';
import { resetSessionAlert } from '../../api/call';
import { standaloneWrite } from '../../api/standalone';
import { signIn, takeBeforePage } from '../../auth/session';
import { currentLanguage } from '../../i18n/i18n';
import { menuCodes } from '../../i18n/languages';
import type { LoginForm } from './login-rules';
import { useLoginNav } from './login-nav';

/** posLogin, then (pos mode) chooseDrawer; the cookies set from their replies. */
async function signInWith(kioskId: string, form: LoginForm): Promise<void> {
  const username = form.username.trim();
  const login = await standaloneWrite(
    '/user/posLogin',
    { mode: form.mode, username, password: form.password, kiosk_id: Number(kioskId) },
    { auth: false },
  );
  const session = { uid: String(login.uid), token: login.token };
  if (form.mode === 'viewer') {
    signIn(session, { ...login, moneybox: -1, initAmount: false });
    return;
  }
  const chosen = await standaloneWrite(
    '/user/chooseDrawer',
    { moneybox: form.drawer!, lang: menuCodes[currentLanguage()], username, kiosk_id: Number(kioskId) },
    { session },
  );
  signIn(session, chosen);
}

/**
 * Signs in (a refusal is shown the spec's way by the call itself) and returns to beforePage or home.
 * `isPending` while the calls run.
 */
export function useLogin(kioskId: string): { mutate(form: LoginForm): void; isPending: boolean } {
  const { navigate, signedIn } = useLoginNav();
  const [isPending, setPending] = useState(false);
  const mutate = (form: LoginForm) => {
    setPending(true);
    signInWith(kioskId, form).then(
      () => {
        resetSessionAlert();
        signedIn?.();
        navigate(takeBeforePage(), { replace: true });
        setPending(false);
      },
      () => setPending(false),
    );
  };
  return { mutate, isPending };
}
