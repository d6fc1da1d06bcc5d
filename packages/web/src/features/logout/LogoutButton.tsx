import { Button, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndSession } from '../../auth/end-session';
import { kioskData } from '../../auth/session';
import { LogoutIcon } from '../../components/icons';
import { DIALOG_WIDTH } from '../../components/message';
import { closeShift } from '../shift-close/close-shift';
import { useShiftClose } from '../shift-close/useShiftClose';
import { logoutPath } from './logout';

/** The logout button and the whole logout flow of spec section 2. */
export function LogoutButton() {
  const { t } = useTranslation('logout');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();

  const finish = useEndSession();
  // OK: the blind cash count (when the store asks for one), shift close, then the report; its Close logs out.
  const shiftClose = useShiftClose({ onDone: () => void finish() });

  const start = async () => {
    const path = logoutPath(kioskData());
    if (path === 'confirm-report') {
      setConfirming(true);
      return;
    }
    setBusy(true);
    try {
      if (path === 'close-shift') await closeShift(client).catch(() => undefined);
      await finish();
    } finally {
      setBusy(false);
    }
  };

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
      {/* On a phone only the icon shows (the word stays for screen readers), so the header keeps room for the kiosk id and the drawer. */}
      <Button variant="white" color="dark" size="compact-md" className="mbx-icon-on-phone" onClick={() => void start()} loading={busy && !confirming} data-testid="logout" leftSection={<LogoutIcon />}>
        <span className="mbx-hide-phone">{t('logout')}</span>
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('confirmTitle')} size={DIALOG_WIDTH} centered data-testid="logout-confirm">
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
            <Button variant="subtle" onClick={() => setConfirming(false)} disabled={busy} fullWidth>
              {t('common:cancel')}
            </Button>
          </Stack>
        </Stack>
      </Modal>
      {shiftClose.element}
    </>
  );
}
