import { Alert, Card, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../api/hooks';
import { PageLoading } from '../../components/LoadingOverlay';
import { useMoney } from '../../money/useMoney';
import { storeTime } from '../../time/store-time';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';

function Used({ label, used, max, testId }: { label: string; used: number; max: number; testId: string }) {
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="sm">{label}</Text>
      <Text fw={700}>{`${used} / ${max}`}</Text>
      <Progress value={max > 0 ? Math.min(100, (used / max) * 100) : 0} size="sm" aria-label={label} />
    </Stack>
  );
}

/** Quota: credit and special comps left, drawers and machines used, the credit history per store day, the low-credit warning. */
export function QuotaCard() {
  const { t } = useTranslation('store-info');
  const { money } = useMoney();
  const { diff } = useLocalTimeDiff();
  const q = useApiQuery('/store/quota');
  if (q.isPending) return <PageLoading />;
  if (q.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {q.error.message}
      </Alert>
    );
  }
  const d = q.data;
  return (
    <Card withBorder padding="md" data-testid="quota">
      <Stack gap="md">
        <Title order={2} fz="h4">
          {t('quota')}
        </Title>
        {d.low_credit ? (
          <Alert color="orange" variant="light" role="alert" data-testid="low-credit">
            {d.days_left === null ? t('lowCreditNone') : t('lowCredit', { count: d.days_left })}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Stack gap={4}>
            <Text size="sm">{t('creditLeft')}</Text>
            <Text fw={700} fz="xl" data-testid="credit-left">
              {money(d.credit)}
            </Text>
            <Text size="xs" c="dimmed">
              {d.days_left === null ? t('noUse') : d.days_left >= 60 ? t('paceLong', { avg: money(d.avg_daily_use) }) : t('pace', { avg: money(d.avg_daily_use), count: Math.floor(d.days_left) })}
            </Text>
          </Stack>
          <Stack gap={4}>
            <Text size="sm">{t('compsLeft')}</Text>
            <Text fw={700} fz="xl" data-testid="comps-left">
              {money(d.special_comps)}
            </Text>
          </Stack>
          <Used label={t('drawersUsed')} used={d.drawers.used} max={d.drawers.max} testId="drawers-used" />
          <Used label={t('machinesUsed')} used={d.machines.used} max={d.machines.max} testId="machines-used" />
        </SimpleGrid>
        <Title order={3} fz="h5">
          {t('creditHistory')}
        </Title>
        <Table.ScrollContainer minWidth={320} type="native" tabIndex={0} role="region" aria-label={t('creditHistory')}>
          <Table striped verticalSpacing={4} data-testid="credit-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('day')}</Table.Th>
                <Table.Th ta="right">{t('topups')}</Table.Th>
                <Table.Th ta="right">{t('used')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {d.history.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={3}>{t('noHistory')}</Table.Td>
                </Table.Tr>
              ) : (
                d.history.map((h) => (
                  <Table.Tr key={h.day}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{h.day}</Table.Td>
                    <Table.Td ta="right">{h.topups ? money(h.topups) : ''}</Table.Td>
                    <Table.Td ta="right">{h.used ? money(h.used) : ''}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {d.topups.length > 0 ? (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {t('topupList')}
            </Text>
            {d.topups.slice(0, 10).map((tp, i) => (
              <Text size="xs" key={i}>{`${storeTime(tp.at, diff)} · ${money(tp.amount)}${tp.note ? ` · ${tp.note}` : ''}`}</Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
