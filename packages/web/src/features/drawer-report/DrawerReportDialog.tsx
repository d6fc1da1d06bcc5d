import { Button, Group, Modal } from '@mantine/core';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { kioskData } from '../../auth/session';
import { DIALOG_WIDTH } from '../../components/message';
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
 * The drawer report in a 300px dialog with Print and Close. It cannot be dismissed by clicking
 * outside or by Escape: the cashier must print or close deliberately (spec section 2).
 * A second copy sits straight under <body> for the printer (see .mbx-print-root in global.css).
 */
export function DrawerReportDialog({ opened, report, onClose, cashierAccount }: DrawerReportDialogProps) {
  const { t } = useTranslation('drawer-report');
  const { coinSign } = useLayoutInfo();
  const { diff } = useLocalTimeDiff(opened);
  const ctx = { diffMinutes: diff, coinSign, cashierAccount: cashierAccount ?? kioskData().account };
  const visible = opened && report !== null;
  return (
    <>
      {visible
        ? createPortal(
            <div className="mbx-print-root" data-testid="drawer-report-print">
              <DrawerReport report={report} {...ctx} />
            </div>,
            document.body,
          )
        : null}
      <Modal
        opened={visible}
        onClose={() => {}}
        closeOnClickOutside={false}
        closeOnEscape={false}
        withCloseButton={false}
        size={DIALOG_WIDTH}
        padding="sm"
        centered
        title={<span className="visually-hidden">{t(report && isXReport(report) ? 'xTitle' : 'title')}</span>}
        styles={{ header: { minHeight: 0, padding: 0 }, body: { paddingTop: 12 } }}
        data-testid="drawer-report-dialog"
      >
        {report ? <DrawerReport report={report} data-testid="drawer-report" {...ctx} /> : null}
        <Group justify="space-between" mt="md">
          <Button variant="default" onClick={() => window.print()}>
            {t('print')}
          </Button>
          <Button onClick={onClose}>{t('close')}</Button>
        </Group>
      </Modal>
    </>
  );
}
