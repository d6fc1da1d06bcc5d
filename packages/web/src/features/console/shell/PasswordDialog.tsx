import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionAlert } from './ActionAlert';
import { useConsoleAction } from './use-console-action';

/**
 * A new password for an account (a platform account, a store's boss), typed by the console's account
 * as the first one was when the account was made; its sessions end. Open while `account` is set; the
 * refusal (the spec's password rules) shows in the dialog.
 */
export function PasswordDialog({ account, save, done, onClose, testId }: { account: string | null; save: (password: string) => Promise<unknown>; done: string; onClose: () => void; testId: string }) {
  const { t } = useTranslation(['console', 'common']);
  const [password, setPassword] = useState('');
  const action = useConsoleAction();
  const close = () => {
    setPassword('');
    action.setError(null);
    onClose();
  };
  const submit = async () => {
    if (await action.run(() => save(password), done)) close();
  };
  return (
    <Modal opened={account !== null} onClose={close} title={t('offboard.passwordTitle', { name: account ?? '' })} centered size="md">
      <Stack gap="sm" data-testid={testId}>
        <Text fz="sm" c="dimmed">
          {t('offboard.passwordHint')}
        </Text>
        <ActionAlert error={action.error} />
        <PasswordInput label={t('offboard.newPassword')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} maxLength={20} data-autofocus data-testid={`${testId}-input`} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common:cancel')}
          </Button>
          <Button loading={action.busy} disabled={!password} onClick={() => void submit()} data-testid={`${testId}-save`}>
            {t('offboard.setPassword')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
