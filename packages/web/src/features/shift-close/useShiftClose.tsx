import type { DrawerInfo, ShiftReport } from '@moneybox/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { call } from '../../api/call';
import { i18n } from '../../i18n/i18n';
import { DrawerReportDialog } from '../drawer-report/DrawerReportDialog';
import { CashCountDialog, type CashCount } from './CashCountDialog';
import { closeShift } from './close-shift';

/** Whether shift close asks for a blind count: the store wants one and the drawer holds cash to count. */
export function needsCount(info: Pick<DrawerInfo, 'blind_count' | 'initAmount'> | null): boolean {
  return info !== null && info.blind_count && info.initAmount;
}

/**
 * Shift close with the report (logout's OK and the Drawer page's Close shift): the blind cash count
 * when the store asks for one (DESIGN.md section 2), then /drawer/shift, then the printable report.
 * Without the count setting this is exactly the spec's flow.
 */
export function useShiftClose({ onDone }: { onDone: () => void }) {
  const client = useQueryClient();
  const [counting, setCounting] = useState<{ drawerNumber: number; denominations: string[] } | null>(null);
  const [report, setReport] = useState<ShiftReport | null>(null);

  /** Starts the close; rejects (message already shown) when the shift could not be closed. */
  const begin = async (): Promise<void> => {
    // If the drawer cannot be read, fall back to the spec's flow rather than block the logout.
    const info = await call('/drawer/info', {}, { handle: false }).catch(() => null);
    if (info && needsCount(info)) {
      await i18n.loadNamespaces('drawer');
      setCounting({ drawerNumber: info.moneybox, denominations: info.denominations });
      return;
    }
    setReport(await closeShift(client));
  };

  const submitCount = async (count: CashCount) => {
    const r = await closeShift(client, count);
    setCounting(null);
    setReport(r);
  };

  const element = (
    <>
      {counting ? (
        <Suspense fallback={null}>
          <CashCountDialog drawerNumber={counting.drawerNumber} storeList={counting.denominations} onSubmit={submitCount} onCancel={() => setCounting(null)} />
        </Suspense>
      ) : null}
      <DrawerReportDialog opened={report !== null} report={report} onClose={onDone} />
    </>
  );
  return { begin, element, active: counting !== null || report !== null };
}
