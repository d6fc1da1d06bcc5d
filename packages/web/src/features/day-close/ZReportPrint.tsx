import { Button } from '@mantine/core';
import type { DayCloseNote, ZReport } from '@moneybox/contract';
import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { ReceiptDialog } from '../../components/ReceiptDialog';
import type { PrintOptions } from '../hardware/print';
import { CounterPrintActions } from '../hardware/CounterPrintActions';
import { useCounterPrint } from '../hardware/useCounterPrint';
import type { ReceiptDoc } from '../hardware/receipt';
import { useMoney } from '../../money/useMoney';
import { useSealQr, type DaySealView } from './DaySeal';
import { ZReportBody } from './ZReportBody';
import { zReportReceipt } from './z-report-receipt';

/** A Z report as the store's Day Close and the console's copy read it. */
interface ZReportView {
  report: ZReport;
  closed_at: string | null;
  closed_by: string | null;
  notes: readonly DayCloseNote[];
  seal?: DaySealView | null | undefined;
}

/**
 * The Z report's prints for a page: its body (`ZReportBody`) and the same for the receipt printer,
 * offered once the seal's QR code is drawn (`useSealQr`), through `useZReportPrint`, and the body for a page
 * that shows it (null until then). `view` undefined
 * while none is loaded; `diff` the store's offset from UTC in minutes.
 */
export function useZReport(view: ZReportView | undefined, diff: number) {
  const { t } = useTranslation('day-close');
  const { money, signed } = useMoney();
  const sealQr = useSealQr(view?.seal);
  const ready = view && sealQr.ready ? view : undefined;
  const body = ready ? <ZReportBody report={ready.report} closedAt={ready.closed_at} closedBy={ready.closed_by} diff={diff} notes={ready.notes} seal={ready.seal} sealQr={sealQr.qr} /> : null;
  const receipt = ready ? zReportReceipt(ready.report, { closedAt: ready.closed_at, closedBy: ready.closed_by, diff, notes: ready.notes, seal: ready.seal, money, signed }, t) : null;
  return { ...useZReportPrint(body, receipt), body };
}

/**
 * The Z report's two prints, shared by the store's Day Close and the console's read-only copy: `buttons`
 * (the 300px receipt in its dialog, A4) and `element` (that dialog and the A4 copy under <body>).
 * `body` is the `ZReportBody` to print, null while none is shown; `receipt` the same report for the
 * counter's receipt printer (`zReportReceipt`): with one set up for this browser, the receipt dialog's
 * Print sends it there (saying so when the printer does not answer), else to the browser's dialog.
 */
export function useZReportPrint(body: ReactNode | null, receipt: ReceiptDoc | null = null, options?: PrintOptions) {
  const { t } = useTranslation(['day-close', 'common']);
  const [printing, setPrinting] = useState<'receipt' | 'a4' | null>(null);
  const printer = useCounterPrint(options);
  const printA4 = () => {
    setPrinting('a4');
    setTimeout(() => {
      window.print();
      setPrinting(null);
    }, 50);
  };
  const buttons = (
    <>
      <Button variant="default" onClick={() => setPrinting('receipt')} disabled={!body} data-testid="z-receipt">
        {t('day-close:printReceipt')}
      </Button>
      <Button variant="default" onClick={printA4} disabled={!body} data-testid="z-a4">
        {t('day-close:printA4')}
      </Button>
    </>
  );
  const element = body ? (
    <>
      <ReceiptDialog
        opened={printing === 'receipt'}
        title={t('day-close:zTitle')}
        receipt={body}
        actions={
          <CounterPrintActions
            printer={printer}
            doc={() => receipt}
            texts={{ print: t('day-close:print'), close: t('common:close'), offline: t('day-close:printerOffline') }}
            onClose={() => setPrinting(null)}
            testId="z-receipt"
          />
        }
        testId="z-receipt-dialog"
        printTestId="z-receipt-print"
      />
      {printing === 'a4'
        ? createPortal(
            <div className="mbx-print-root mbx-print-a4" data-testid="z-a4-print">
              {body}
            </div>,
            document.body,
          )
        : null}
    </>
  ) : null;
  return { buttons, element };
}
