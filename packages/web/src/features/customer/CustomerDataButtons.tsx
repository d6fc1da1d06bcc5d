import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMayCall } from '../../app/may-call';
import { useWrite } from '../../api/write';
import { confirmBox, toast } from '../../components/message';

/**
 * A boss's "Erase personal data" on the customer's page (issue 40): after a confirmation that says what
 * goes and what stays, `/customer/erase`; the server refuses within the retention period, while money is
 * held or a machine is in play (the refusal's words say which). `onErased` shows the emptied record.
 */
export function CustomerEraseButton({ customerId, disabled, onErased }: { customerId: number; disabled?: boolean; onErased: () => void }) {
  const { t } = useTranslation('customer');
  const may = useMayCall('/customer/erase');
  const write = useWrite();
  const [busy, setBusy] = useState(false);
  if (!may) return null;
  const run = async () => {
    if (!(await confirmBox(t('confirm.erase')))) return;
    setBusy(true);
    try {
      if (!(await write('/customer/erase', { id: customerId }).catch(() => null))) return;
      toast(t('done.erased'));
      onErased();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="xs" variant="default" color="red" onClick={() => void run()} loading={busy} disabled={disabled} data-testid="action-erase">
      {t('actions.erase')}
    </Button>
  );
}

/**
 * A boss's "Export data" on the customer's page (issue 40): the customer's record, money movements and
 * the actions recorded on them (`/customer/export`, itself recorded), saved as a JSON file to hand to the
 * customer who asked. Shown only to an account the server lets export (a cashier sees nothing).
 */
export function CustomerExportButton({ customerId, disabled }: { customerId: number; disabled?: boolean }) {
  const { t } = useTranslation('customer');
  const may = useMayCall('/customer/export');
  const write = useWrite();
  const [busy, setBusy] = useState(false);
  if (!may) return null;
  const run = async () => {
    setBusy(true);
    try {
      const r = await write('/customer/export', { id: customerId }).catch(() => null);
      if (!r) return;
      const { status: _status, ...data } = r;
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `customer-${customerId}-${data.exported_at.slice(0, 10)}.json`;
      a.dataset.testid = 'customer-export-file';
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      toast(t('done.exported'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="xs" variant="default" onClick={() => void run()} loading={busy} disabled={disabled} data-testid="action-export">
      {t('actions.export')}
    </Button>
  );
}
