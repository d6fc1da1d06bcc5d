import { Button } from '@mantine/core';
import type { XReport } from '@moneybox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { DrawerReportDialog } from '../drawer-report/DrawerReportDialog';

/**
 * X report: the open shift's figures printed at any time without closing it (the cashier's own
 * drawer, or, with `drawerId`, the drawer a boss is looking at). The same 300px receipt as the
 * shift report, titled X Report and stamped with when it was read.
 */
export function XReportButton({ drawerId }: { drawerId?: number }) {
  const { t } = useTranslation('drawer');
  const [report, setReport] = useState<XReport | null>(null);
  const [busy, setBusy] = useState(false);

  const open = async () => {
    setBusy(true);
    try {
      setReport(await call('/drawer/xReport', drawerId === undefined ? {} : { id: drawerId }));
    } catch {
      // Shown by the call's handler.
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="default" onClick={() => void open()} loading={busy} disabled={busy} title={t('xReport.title')} data-testid="x-report">
        {t('xReport.button')}
      </Button>
      <DrawerReportDialog opened={report !== null} report={report} onClose={() => setReport(null)} cashierAccount={drawerId === undefined ? undefined : (report?.account ?? undefined)} />
    </>
  );
}
