import { Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import type { ShiftReport } from '@moneybox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { DrawerReportDialog } from '../drawer-report/DrawerReportDialog';
import { storeTime } from '../../time/store-time';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { useRecentShifts } from './drawer-api';
import { formatUnits } from '../../money/units';

/** The latest closed shifts with a Reprint of each one's report from its stored record. */
export function RecentShifts() {
  const { t } = useTranslation('drawer');
  const { coinSign } = useLayoutInfo();
  const { diff } = useLocalTimeDiff();
  const q = useRecentShifts();
  const [report, setReport] = useState<ShiftReport | null>(null);
  const [loading, setLoading] = useState<number | null>(null);
  const money = (units: number | null) => formatUnits(units, coinSign);

  const reprint = async (shiftId: number) => {
    setLoading(shiftId);
    try {
      setReport(await call('/drawer/shiftReport', { shift_id: shiftId }));
    } catch {
      // Shown by the call's handler.
    } finally {
      setLoading(null);
    }
  };

  const list = q.data?.list ?? [];
  return (
    <Card withBorder radius="md" padding="md" data-testid="recent-shifts">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('recent.heading')}
        </Title>
        {q.isError ? <Text c="red.9" role="alert">{q.error.message}</Text> : null}
        {list.length === 0 && !q.isPending ? (
          <Text size="sm" c="gray.7">
            {t('recent.empty')}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing={6} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('recent.drawer')}</Table.Th>
                  <Table.Th>{t('recent.account')}</Table.Th>
                  <Table.Th>{t('recent.end')}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{t('recent.balance')}</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>{t('recent.overShort')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((s) => (
                  <Table.Tr key={s.shift_id} data-shift={s.shift_id}>
                    <Table.Td>{s.moneybox}</Table.Td>
                    <Table.Td>{s.account}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{storeTime(s.shiftTime, diff)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{money(s.balance ?? null)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{money(s.over_short)}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>
                      <Button size="compact-sm" variant="light" loading={loading === s.shift_id} onClick={() => void reprint(s.shift_id)} data-testid={`reprint-${s.shift_id}`}>
                        {t('recent.reprint')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {/* A reprint is the shift's own report: the account that closed it stays on it. */}
      <DrawerReportDialog opened={report !== null} report={report} onClose={() => setReport(null)} cashierAccount={report ? (report.closedBy ?? report.account) : undefined} />
    </Card>
  );
}
