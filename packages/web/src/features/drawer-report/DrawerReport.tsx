import { Divider, Table, Text, Title } from '@mantine/core';
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
      <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={0} fz="sm">
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.key} data-line={l.key}>
              <Table.Th scope="row" fw={l.strong ? 700 : 400} style={{ textAlign: 'left', paddingRight: 8, paddingLeft: l.text ? 12 : 0 }}>
                {l.text ?? t(l.label ?? l.key)}
              </Table.Th>
              <Table.Td fw={l.strong ? 700 : 400} style={{ textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {l.value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Divider my="xs" variant="dashed" />
      <Text size="xs" ta="center" c="dimmed">
        {t('footer')}
      </Text>
    </div>
  );
}
