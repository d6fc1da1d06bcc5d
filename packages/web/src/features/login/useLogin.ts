import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resetSessionAlert } from '../../api/call';
import { useWrite } from '../../api/write';
import { signIn, takeBeforePage } from '../../auth/session';
import { currentLanguage } from '../../i18n/i18n';
import { menuCodes } from '../../i18n/languages';
import type { LoginForm } from './login-rules';
import { useLoginNav } from './login-nav';

/** posLogin, then (pos mode) chooseDrawer; stores the cookies and returns to beforePage or home. */
export function useLogin(kioskId: string) {
  const { navigate } = useLoginNav();
  const queryClient = useQueryClient();
  const write = useWrite();
  return useMutation({
    mutationFn: async (form: LoginForm) => {
      const username = form.username.trim();
      const login = await write(
        '/user/posLogin',
        { mode: form.mode, username, password: form.password, kiosk_id: Number(kioskId) },
        { auth: false },
      );
      const session = { uid: String(login.uid), token: login.token };
      if (form.mode === 'viewer') {
        signIn(session, { ...login, moneybox: -1, initAmount: false });
        return;
      }
      const chosen = await write(
        '/user/chooseDrawer',
        { moneybox: form.drawer!, lang: menuCodes[currentLanguage()], username, kiosk_id: Number(kioskId) },
        { session },
      );
      signIn(session, chosen);
    },
    onSuccess: () => {
      resetSessionAlert();
      // A previous account's menu and announcements must not show for this one.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'domain.json' });
      navigate(takeBeforePage(), { replace: true });
    },
  });
}
