import { Alert, Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { useStandaloneRead } from '../../api/standalone';
import { C, loginPath, rememberKiosk } from '../../auth/session';
import { readCookie } from '../../auth/cookies';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { loadStatusTexts } from '../../i18n/i18n';
import { useDocumentTitle } from '../../layouts/page-title';
import { DrawerPicker } from './DrawerPicker';
import { useLoginNav } from './login-nav';
import { ModeSwitch } from './ModeSwitch';
import { kioskIdFrom, validateLogin, type LoginErrors, type LoginMode } from './login-rules';
import { useLogin } from './useLogin';

/** /pos/login?kioskId=1001: drawers of the kiosk, mode, username, password. */
export default function LoginPage() {
  const { t } = useTranslation(['login', 'common']);
  useDocumentTitle(t('login:title'));
  const { search, navigate } = useLoginNav();
  const kioskId = kioskIdFrom(search);
  const savedKiosk = readCookie(C.kioskId);
  // The counter PC remembers its kiosk: a bare /pos/login goes back to the kiosk's own URL.
  const goToSaved = !kioskId && !!savedKiosk && !!kioskIdFrom(new URLSearchParams({ kioskId: savedKiosk }));
  useEffect(() => {
    if (goToSaved) navigate(loginPath(savedKiosk!), { replace: true });
  }, [goToSaved, savedKiosk, navigate]);

  if (!kioskId) return goToSaved ? null : <KioskEntry />;
  return <LoginForm kioskId={kioskId} />;
}

/**
 * No kiosk id in the URL and none remembered: the spec's message, and a way forward: the kiosk id
 * typed here (a number, as in the URL) opens that kiosk's login.
 */
function KioskEntry() {
  const { t } = useTranslation(['login', 'common']);
  const { navigate } = useLoginNav();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const id = kioskIdFrom(new URLSearchParams({ kioskId: value }));
    if (!id) {
      setError(t('login:kioskIdInvalid'));
      return;
    }
    // The kiosk must answer (an unknown or closed kiosk says so here, beside the field).
    setBusy(true);
    try {
      await call('/drawer/list', { kioskID: Number(id) }, { auth: false, handle: 'inline' });
      navigate(loginPath(id));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder shadow="sm" p="lg" w="100%" maw={420} component="form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="login-title">
      <Stack gap="md">
        <Title order={1} fz="h3" id="login-title">
          {t('login:title')}
        </Title>
        <Alert color="red" role="alert" data-testid="kiosk-missing">
          {t('login:kioskMissing')}
        </Alert>
        <TextInput
          label={t('login:kioskId')}
          description={t('login:kioskIdHint')}
          inputMode="numeric"
          autoComplete="off"
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={15}
          required
          data-autofocus
          name="kioskId"
          data-testid="kiosk-id-input"
        />
        <Button type="submit" loading={busy} data-testid="kiosk-id-submit">
          {t('login:kioskIdGo')}
        </Button>
      </Stack>
    </Paper>
  );
}

function LoginForm({ kioskId }: { kioskId: string }) {
  const { t } = useTranslation(['login', 'common']);
  const [mode, setMode] = useState<LoginMode>('pos');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [drawer, setDrawer] = useState<number | null>(null);
  const [errors, setErrors] = useState<LoginErrors>({});
  const drawers = useStandaloneRead('/drawer/list', { kioskID: Number(kioskId) }, kioskId, { auth: false, handle: false });
  const login = useLogin(kioskId);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = validateLogin({ mode, username, password, drawer });
    if (Object.keys(found).length > 0) {
      // The texts of the username and password rules are refusal texts (`status`), loaded on the first one.
      void loadStatusTexts().then(() => setErrors(found));
      return;
    }
    setErrors(found);
    rememberKiosk(kioskId);
    login.mutate({ mode, username, password, drawer });
  };

  const storename = drawers.data?.storename;
  return (
    <Paper withBorder shadow="sm" p="lg" w="100%" maw={460} component="form" onSubmit={submit} noValidate aria-labelledby="login-title">
      <Stack gap="md">
        <div>
          <Title order={1} fz="h3" id="login-title">
            {t('login:title')}
          </Title>
          <Text c="dimmed" data-testid="login-kiosk">
            {storename ? `${storename} (${kioskId})` : t('login:kiosk', { id: kioskId })}
          </Text>
        </div>
        <ModeSwitch
          value={mode}
          onChange={setMode}
          label={t('login:mode')}
          options={[
            { value: 'pos', label: t('login:modePos') },
            { value: 'viewer', label: t('login:modeViewer') },
          ]}
          testId="login-mode"
        />
        {mode === 'pos' ? (
          drawers.isError ? (
            <Alert color="red" role="alert" data-testid="drawer-list-error">
              {drawers.error.message}
            </Alert>
          ) : drawers.data ? (
            drawers.data.list.length ? (
              <DrawerPicker drawers={drawers.data.list} value={drawer} onChange={setDrawer} error={errors.drawer ? t(errors.drawer) : undefined} />
            ) : (
              <Alert color="yellow">{t('login:noDrawers')}</Alert>
            )
          ) : (
            <Text c="dimmed">{t('common:loading')}</Text>
          )
        ) : (
          <Text size="sm" c="dimmed">
            {t('login:viewerHint')}
          </Text>
        )}
        <TextInput
          label={t('login:username')}
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={errors.username ? t(errors.username) : undefined}
          maxLength={40}
          required
          data-autofocus
          name="username"
        />
        <PasswordInput
          label={t('login:password')}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password ? t(errors.password) : undefined}
          maxLength={40}
          required
          name="password"
        />
        <Button type="submit" loading={login.isPending} size="md" data-testid="login-submit">
          {t('login:submit')}
        </Button>
      </Stack>
      <LoadingOverlay visible={login.isPending} />
    </Paper>
  );
}
