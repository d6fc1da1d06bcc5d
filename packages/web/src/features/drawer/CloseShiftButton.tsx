import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndSession } from '../../auth/end-session';
import { confirmBox } from '../../components/message';
import { useShiftClose } from '../shift-close/useShiftClose';

/** Shift close from the Drawer page: the same count and report as logout's OK; the report's Close logs out. */
export function CloseShiftButton({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation('drawer');
  const [busy, setBusy] = useState(false);
  const endSession = useEndSession();
  const shiftClose = useShiftClose({ onDone: () => void endSession() });

  const start = async (handover = false) => {
    if (!handover && !(await confirmBox(t('close.confirm'), t('close.button')))) return;
    setBusy(true);
    try {
      await (handover ? shiftClose.beginHandover() : shiftClose.begin());
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
      <Button variant="outline" onClick={() => void start(true)} loading={busy} disabled={disabled || busy || shiftClose.active} data-testid="handover-shift">
        {t('handover.button')}
      </Button>
      {shiftClose.element}
    </>
  );
}
