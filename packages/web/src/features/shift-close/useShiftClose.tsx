import type { DrawerInfo, ShiftReport } from '@moneybox/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { call } from '../../api/call';
import { useOneTimeKey } from '../../api/useKeyedCall';
import { i18n } from '../../i18n/i18n';
import { DrawerReportDialog } from '../drawer-report/DrawerReportDialog';
import { CashCountDialog, type CashCount } from './CashCountDialog';
import { closeShift, handOver } from './close-shift';
import { messageBox } from '../../components/message';

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
  const keys = useOneTimeKey();
  const [counting, setCounting] = useState<{ drawerNumber: number; denominations: string[]; handover?: boolean } | null>(null);
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

  /** Handover (issue 23): the count is always taken; the next cashier signs in the same dialog. */
  const beginHandover = async (): Promise<void> => {
    const info = await call('/drawer/info', {});
    await i18n.loadNamespaces('drawer');
    setCounting({ drawerNumber: info.moneybox, denominations: info.denominations, handover: true });
  };

  const submitCount = async ({ next, ...count }: CashCount) => {
    if (next) {
      const r = await handOver(client, keys, { ...count, ...next });
      setCounting(null);
      await messageBox(i18n.t('drawer:handover.done', { account: r.next_account }));
      setReport(r);
      return;
    }
    const r = await closeShift(client, count);
    setCounting(null);
    setReport(r);
  };

  const element = (
    <>
      {counting ? (
        <Suspense fallback={null}>
          <CashCountDialog
            drawerNumber={counting.drawerNumber}
            storeList={counting.denominations}
            handover={counting.handover}
            offerHandover={!counting.handover}
            onSubmit={submitCount}
            onCancel={() => setCounting(null)}
          />
        </Suspense>
      ) : null}
      <DrawerReportDialog opened={report !== null} report={report} onClose={onDone} />
    </>
  );
  return { begin, beginHandover, element, active: counting !== null || report !== null };
}
