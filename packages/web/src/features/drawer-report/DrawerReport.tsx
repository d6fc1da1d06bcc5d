import { Divider, Text, Title } from '@mantine/core';
import { ReceiptLines } from '../../components/ReceiptLines';
import { useTranslation } from 'react-i18next';
import { isXReport, reportLines, type DrawerReportData, type ReportContext } from './report-lines';

interface DrawerReportProps extends ReportContext {
  report: DrawerReportData;
  'data-testid'?: string;
}

/** The printable drawer report (300px receipt): title, then one row per line of spec section 2. */
export function DrawerReport({ report, 'data-testid': testId, ...ctx }: DrawerReportProps) {
  const { t } = useTranslation('drawer-report');
  const lines = reportLines(report, ctx);
  return (
    <div className="drawer-report" data-testid={testId} style={{ width: '100%', maxWidth: 300, margin: '0 auto' }}>
      <Title order={2} fz="lg" ta="center">
        {t(isXReport(report) ? 'xTitle' : 'title')}
      </Title>
      {isXReport(report) ? (
        <Text size="xs" ta="center" data-testid="x-report-note">
          {t('xNote')}
        </Text>
      ) : null}
      <Divider my="xs" variant="dashed" />
      <ReceiptLines lines={lines.map((l) => ({ key: l.key, label: l.text ?? t(l.label ?? l.key), value: l.value, strong: l.strong, indent: Boolean(l.text) }))} />
      <Divider my="xs" variant="dashed" />
      <Text size="xs" ta="center" c="dimmed">
        {t('footer')}
      </Text>
    </div>
  );
}
