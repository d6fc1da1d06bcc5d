import { Alert, Button, Code, Image, List, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { CallReply } from '@moneybox/contract';
import { consoleSession, setConsoleSession } from '../../../auth/console-session';
import { useWrite } from '../../../api/write';
import { useDocumentTitle } from '../../../layouts/page-title';
import { ActionAlert } from '../shell/ActionAlert';
import { consoleLoginError } from './console-login-text';

type Step =
  | { kind: 'password' }
  | { kind: 'code'; ticket: string }
  | { kind: 'enrol'; ticket: string; secret: string; uri: string }
  | { kind: 'recovery'; codes: string[] };

const STORES = '/operator/stores';
/** The sign-in steps have no console reads to refresh. */
const NO_REFETCH = { refetch: false };

/** /operator: username and password, then the authenticator code (or its first set-up by QR code, then the recovery codes once). */
export default function ConsoleLoginPage() {
  const { t } = useTranslation(['console', 'common']);
  useDocumentTitle(t('console:signInTitle'));
  const navigate = useNavigate();
  const write = useWrite();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (step.kind === 'password' && consoleSession()) return <Navigate to={STORES} replace />;

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(consoleLoginError(err, step.kind === 'password' ? 'password' : 'code', t));
    } finally {
      setBusy(false);
    }
  };
  const signedIn = (r: CallReply<'/operator/secondFactor'>) => setConsoleSession({ uid: r.uid, token: r.token, username: r.username, role: r.role });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (step.kind === 'password') {
      if (!username || !password) return setError(t('console:required'));
      void run(async () => {
        const r = await write('/operator/login', { username, password }, NO_REFETCH);
        setPassword('');
        setCode('');
        setStep(r.next === 'enrol' ? { kind: 'enrol', ticket: r.ticket, secret: r.secret ?? '', uri: r.uri ?? '' } : { kind: 'code', ticket: r.ticket });
      });
    } else if (step.kind === 'code') {
      if (!code.trim()) return setError(t('console:required'));
      void run(async () => {
        signedIn(await write('/operator/secondFactor', { ticket: step.ticket, code: code.trim() }, NO_REFETCH));
        navigate(STORES, { replace: true });
      });
    } else if (step.kind === 'enrol') {
      if (!code.trim()) return setError(t('console:required'));
      void run(async () => {
        const r = await write('/operator/enrol', { ticket: step.ticket, code: code.trim() }, NO_REFETCH);
        signedIn(r);
        setStep({ kind: 'recovery', codes: r.recovery_codes });
      });
    } else {
      navigate(STORES, { replace: true });
    }
  };

  const codeField = (
    <TextInput
      label={t('console:code')}
      description={t('console:codeHint')}
      inputMode={step.kind === 'enrol' ? 'numeric' : 'text'}
      autoComplete="one-time-code"
      value={code}
      onChange={(e) => setCode(e.currentTarget.value)}
      maxLength={40}
      data-autofocus
      name="code"
      data-testid="console-code"
    />
  );

  return (
    <Paper withBorder shadow="sm" p="lg" w="100%" maw={460} mx="auto" mt="xl" component="form" onSubmit={submit} noValidate aria-labelledby="console-login-title">
      <Stack gap="md">
        <Title order={1} fz="h3" id="console-login-title">
          {step.kind === 'enrol' ? t('console:enrolTitle') : step.kind === 'recovery' ? t('console:recoveryTitle') : t('console:signInTitle')}
        </Title>
        <ActionAlert error={error} testId="console-login-error" />
        {step.kind === 'password' && (
          <>
            <TextInput label={t('console:username')} autoComplete="username" value={username} onChange={(e) => setUsername(e.currentTarget.value)} maxLength={20} name="username" data-testid="console-username" />
            <PasswordInput label={t('console:password')} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} maxLength={20} name="password" data-testid="console-password" />
          </>
        )}
        {step.kind === 'code' && codeField}
        {step.kind === 'enrol' && (
          <>
            <Text>{t('console:enrolHint')}</Text>
            <QrCode value={step.uri} />
            <Text fz="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {t('console:secretManual', { secret: '' })}
              <Code data-testid="console-secret">{step.secret}</Code>
            </Text>
            {codeField}
          </>
        )}
        {step.kind === 'recovery' && (
          <>
            <Alert color="yellow">{t('console:recoveryHint')}</Alert>
            <List spacing={4} data-testid="console-recovery">
              {step.codes.map((c) => (
                <List.Item key={c}>
                  <Code fz="md">{c}</Code>
                </List.Item>
              ))}
            </List>
          </>
        )}
        <Button type="submit" loading={busy} data-testid="console-submit">
          {step.kind === 'password' ? t('console:signIn') : step.kind === 'recovery' ? t('console:recoveryDone') : t('console:continue')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** The enrolment's QR code (the qrcode library loads only here). */
function QrCode({ value }: { value: string }) {
  const { t } = useTranslation(['console', 'common']);
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(async (qr) => {
      const url = await qr.toDataURL(value, { width: 220, margin: 1, errorCorrectionLevel: 'M' });
      if (live) setSrc(url);
    });
    return () => {
      live = false;
    };
  }, [value]);
  return src ? <Image src={src} alt={t('console:qrAlt')} w={220} h={220} mx="auto" data-testid="console-qr" /> : <Text>{t('common:loading')}</Text>;
}
