import { useTranslation } from 'react-i18next';
import { CounterPrintActions } from '../hardware/CounterPrintActions';
import type { PrintOptions } from '../hardware/print';
import { useCounterPrint } from '../hardware/useCounterPrint';
import { kioskData } from '../../auth/session';
import { ReceiptDialog } from '../../components/ReceiptDialog';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { DrawerReport } from './DrawerReport';
import { isXReport, type DrawerReportData } from './report-lines';
import { drawerReportReceipt } from './report-receipt';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';

interface DrawerReportDialogProps {
  opened: boolean;
  report: DrawerReportData | null;
  /** Close goes on to wherever the caller decides (after logout: /pos/login). */
  onClose: () => void;
  /** The account printing it; defaults to the logged-in account. */
  cashierAccount?: string;
  /** The counter's printer (tests); otherwise the one set up for this browser. */
  printOptions?: PrintOptions;
}

/**
 * The drawer report in a 300px dialog with Print and Close (components/ReceiptDialog): it cannot be
 * dismissed by clicking outside or by Escape, the cashier must print or close deliberately (spec
 * section 2); a second copy sits straight under <body> for the browser's print dialog. With a receipt
 * printer set up for this browser (docs/HARDWARE.md), Print sends the report to it instead, and says
 * so when the printer does not answer.
 */
export function DrawerReportDialog({ opened, report, onClose, cashierAccount, printOptions }: DrawerReportDialogProps) {
  const { t } = useTranslation('drawer-report');
  const printer = useCounterPrint(printOptions);
  const { coinSign } = useLayoutInfo();
  const { diff } = useLocalTimeDiff(opened);
  const ctx = { diffMinutes: diff, coinSign, cashierAccount: cashierAccount ?? kioskData().account };
  const visible = opened && report !== null;
  return (
    <ReceiptDialog
      opened={visible}
      title={t(report && isXReport(report) ? 'xTitle' : 'title')}
      receipt={report ? <DrawerReport report={report} data-testid="drawer-report" {...ctx} /> : null}
      printCopy={report ? <DrawerReport report={report} {...ctx} /> : null}
      testId="drawer-report-dialog"
      printTestId="drawer-report-print"
      actions={<CounterPrintActions printer={printer} doc={() => report && drawerReportReceipt(report, ctx, t)} texts={{ print: t('print'), close: t('close'), offline: t('printerOffline') }} onClose={onClose} testId="drawer-report" />}
    />
  );
}
