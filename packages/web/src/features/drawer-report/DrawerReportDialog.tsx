import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { kioskData } from '../../auth/session';
import { ReceiptDialog } from '../../components/ReceiptDialog';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { DrawerReport } from './DrawerReport';
import { isXReport, type DrawerReportData } from './report-lines';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';

interface DrawerReportDialogProps {
  opened: boolean;
  report: DrawerReportData | null;
  /** Close goes on to wherever the caller decides (after logout: /pos/login). */
  onClose: () => void;
  /** The account printing it; defaults to the logged-in account. */
  cashierAccount?: string;
}

/**
 * The drawer report in a 300px dialog with Print and Close (components/ReceiptDialog): it cannot be
 * dismissed by clicking outside or by Escape, the cashier must print or close deliberately (spec
 * section 2); a second copy sits straight under <body> for the printer.
 */
export function DrawerReportDialog({ opened, report, onClose, cashierAccount }: DrawerReportDialogProps) {
  const { t } = useTranslation('drawer-report');
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
      actions={
        <>
          <Button variant="default" onClick={() => window.print()}>
            {t('print')}
          </Button>
          <Button onClick={onClose}>{t('close')}</Button>
        </>
      }
    />
  );
}
