import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loginPath } from '../../auth/session';
import { confirmBox } from '../../components/message';
import { endSession } from '../logout/logout';
import { useShiftClose } from './close/useShiftClose';

/** Shift close from the Drawer page: the same count and report as logout's OK; the report's Close logs out. */
export function CloseShiftButton({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation('drawer');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const shiftClose = useShiftClose({
    onDone: () => {
      void endSession().then(() => {
        const to = loginPath();
        queryClient.clear();
        navigate(to, { replace: true });
      });
    },
  });

  const start = async () => {
    if (!(await confirmBox(t('close.confirm'), t('close.button')))) return;
    setBusy(true);
    try {
      await shiftClose.begin();
    } catch {
      // Shown by the call's handler; the shift stays open.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button color="red.9" variant="outline" onClick={() => void start()} loading={busy} disabled={disabled || busy || shiftClose.active} data-testid="close-shift">
        {t('close.button')}
      </Button>
      {shiftClose.element}
    </>
  );
}
