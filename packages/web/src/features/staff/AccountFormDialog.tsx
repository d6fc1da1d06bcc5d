import { Alert, Button, Group, Modal, NativeSelect, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { SaTypeCode, UserListItem } from '@moneybox/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/call';
import { useWrite } from '../../api/write';
import { passwordProblem, usernameProblem } from './staff-rules';

interface Props {
  opened: boolean;
  /** The account to edit (password and type); null creates one. */
  editing: UserListItem | null;
  onClose: () => void;
  onSaved: (user: UserListItem, created: boolean) => void;
}

interface Values {
  username: string;
  password: string;
  saType: string;
}

/** Create an account (username, password, type) or change one's password and type; the spec's rules checked before the call. */
export function AccountFormDialog({ opened, editing, onClose, onSaved }: Props) {
  const { t } = useTranslation(['staff', 'status', 'common']);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const write = useWrite();
  const form = useForm<Values>({
    initialValues: { username: '', password: '', saType: '2' },
    validate: {
      username: (v) => (editing ? null : usernameProblem(v) && t(`status:${usernameProblem(v)}`)),
      // Editing: an empty password keeps the current one.
      password: (v) => (editing && v === '' ? null : passwordProblem(v) && t(`status:${passwordProblem(v)}`)),
    },
  });

  useEffect(() => {
    if (!opened) return;
    setProblem(null);
    form.setValues({ username: editing?.account ?? '', password: '', saType: String(editing?.saType ?? 2) });
    form.resetDirty();
    form.clearErrors();
    // Only when the dialog opens or targets another account.
  }, [opened, editing]);

  const submit = form.onSubmit(async (v) => {
    setBusy(true);
    setProblem(null);
    try {
      const r = editing
        ? await write('/user/update', { id: editing.id, ...(v.password && { password: v.password }), saType: Number(v.saType) as SaTypeCode }, { handle: 'inline' })
        : await write('/user/create', { username: v.username, password: v.password, saType: Number(v.saType) as SaTypeCode }, { handle: 'inline' });
      onSaved(r.user, !editing);
    } catch (err) {
      if (err instanceof ApiError) setProblem(err.message);
      else throw err;
    } finally {
      setBusy(false);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? t('staff:editTitle', { account: editing.account }) : t('staff:createTitle')} size={420} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('staff:account')} disabled={!!editing} autoComplete="off" data-testid="account-username" {...form.getInputProps('username')} />
          <PasswordInput
            label={editing ? t('staff:newPassword') : t('staff:password')}
            description={editing ? t('staff:keepPassword') : undefined}
            autoComplete="new-password"
            data-testid="account-password"
            {...form.getInputProps('password')}
          />
          <NativeSelect
            label={t('staff:type')}
            data={[
              { value: '2', label: t('staff:types.cashier') },
              { value: '1', label: t('staff:types.boss') },
            ]}
            disabled={editing?.self}
            data-testid="account-type"
            {...form.getInputProps('saType')}
          />
          {problem ? (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="account-save">
              {t('common:confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
