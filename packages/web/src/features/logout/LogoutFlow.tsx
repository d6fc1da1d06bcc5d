import { Button, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndSession } from '../../auth/end-session';
import { DIALOG_WIDTH } from '../../components/message';
import { useShiftClose } from '../shift-close/useShiftClose';

/**
 * Logout with the report (spec section 2): the confirmation, then the blind cash count (when the store
 * asks for one), shift close and the report, whose Close logs out. Loaded when Logout is pressed
 * (`LogoutButton`), so the signed-in pages do not carry the count and report dialogs. Mounted from
 * the press until the session ends or the confirmation is cancelled.
 */
export default function LogoutFlow({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('logout');
  const [confirming, setConfirming] = useState(true);
  const [busy, setBusy] = useState(false);
  const finish = useEndSession();
  const shiftClose = useShiftClose({ onDone: () => void finish() });

  const confirmOk = async (handover = false) => {
    setBusy(true);
    try {
      await (handover ? shiftClose.beginHandover() : shiftClose.begin());
      setConfirming(false);
    } catch {
      // The error was shown by the call's handler; the cashier stays logged in and can retry.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Modal opened={confirming} onClose={onCancel} title={t('confirmTitle')} size={DIALOG_WIDTH} centered data-testid="logout-confirm">
        <Stack gap="md">
          <Text>{t('confirmMessage')}</Text>
          <Stack gap="xs">
            <Button onClick={() => void confirmOk()} loading={busy} data-autofocus fullWidth data-testid="logout-ok">
              {t('common:ok')}
            </Button>
            <Button variant="light" onClick={() => void confirmOk(true)} disabled={busy} fullWidth data-testid="logout-handover">
              {t('handover')}
            </Button>
            <Button variant="default" onClick={() => void finish()} disabled={busy} fullWidth>
              {t('justLogout')}
            </Button>
            <Button variant="subtle" onClick={onCancel} disabled={busy} fullWidth>
              {t('common:cancel')}
            </Button>
          </Stack>
        </Stack>
      </Modal>
      {shiftClose.element}
    </>
  );
}
