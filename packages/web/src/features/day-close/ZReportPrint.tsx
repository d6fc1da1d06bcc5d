import { Button } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { PrintClose, ReceiptDialog } from '../../components/ReceiptDialog';

/**
 * The Z report's two prints, shared by the store's Day Close and the console's read-only copy: `buttons`
 * (the 300px receipt in its dialog, A4) and `element` (that dialog and the A4 copy under <body>).
 * `body` is the `ZReportBody` to print, null while none is shown.
 */
export function useZReportPrint(body: ReactNode | null) {
  const { t } = useTranslation(['day-close', 'common']);
  const [printing, setPrinting] = useState<'receipt' | 'a4' | null>(null);
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
        actions={<PrintClose print={t('day-close:print')} close={t('common:close')} onClose={() => setPrinting(null)} />}
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
