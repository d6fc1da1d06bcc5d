import type { CustomerDayLimitReply } from '@moneybox/contract';
import { Alert, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import type { CustomerRecord } from './customer-api';
import { formatUnits as money } from '../../money/units';
import { fullName, limitText } from './format';
import { storeDate, storeTime } from '../../time/store-time';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';

interface Props {
  customer: CustomerRecord;
  blocked: boolean;
  limits: CustomerDayLimitReply | undefined;
  /** A search is open in the box: this customer is not the one being asked for, their actions wait. */
  paused: boolean;
  actions: React.ReactNode;
}

/** The customer being served: who, balances, playing, blocked, under the store's minimum age, purchase limits, and the actions. */
export function CustomerCard({ customer: c, blocked, limits, paused, actions }: Props) {
  const { t } = useTranslation('customer');
  const { coinSign } = useLayoutInfo();
  const p = c.protection;
  const { diff } = useLocalTimeDiff(p !== null || !!limits?.personal?.pending);
  return (
    <Card withBorder shadow="xs" padding="md" data-testid="customer-card" data-paused={paused || undefined}>
      <Stack gap="md">
        {paused ? (
          <Alert color="yellow" py={6} role="status" data-testid="customer-paused">
            {t('card.paused', { name: fullName(c) })}
          </Alert>
        ) : null}
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={2} fz="h3" data-testid="customer-name" style={{ overflowWrap: 'anywhere' }}>
              {c.erased ? t('card.erased') : fullName(c)}
            </Title>
            <Text size="sm" c="dimmed">
              {t('fields.id')}: <b data-testid="customer-id">{c.id}</b> · {t('fields.mobile_id')}: <b data-testid="customer-mobile-id">{c.mobile_id}</b>
            </Text>
          </Stack>
          <Group gap={6}>
            {p ? (
              <Badge color="orange" data-testid="customer-protection" data-kind={p.kind}>
                {p.until === null ? t(`protection.badgePermanent.${p.kind}`) : t(`protection.badge.${p.kind}`, { date: storeDate(p.until, diff) })}
              </Badge>
            ) : null}
            {limits?.age_short ? (
              <Badge color="red" data-testid="customer-age" data-short={limits.age_short}>
                {limits.age_short === 'under' ? t('state.underage', { age: limits.min_age }) : t('state.noBirthday')}
              </Badge>
            ) : null}
            {p?.shared ? (
              <Badge color="orange" variant="light" data-testid="customer-protection-shared">
                {t('protection.shared')}
              </Badge>
            ) : null}
            {blocked ? (
              <Badge color="red" data-testid="customer-blocked">
                {t('state.blocked')}
              </Badge>
            ) : (
              <Badge color="teal" variant="light" data-testid="customer-blocked">
                {t('state.active')}
              </Badge>
            )}
            {c.playing ? (
              <Badge color="orange" data-testid="customer-playing">
                {c.machine !== null ? t('state.playingOn', { machine: c.machine }) : t('state.playing')}
              </Badge>
            ) : (
              <Badge color="gray" variant="light" data-testid="customer-playing">
                {t('state.notPlaying')}
              </Badge>
            )}
          </Group>
        </Group>

        <SimpleGrid cols={{ base: 2, sm: 2 }} spacing="sm">
          <Balance label={t('fields.entries')} value={money(c.entries, coinSign)} testId="customer-entries" />
          <Balance label={t('fields.winnings')} value={money(c.winnings, coinSign)} testId="customer-winnings" />
        </SimpleGrid>

        <div>
          <Text size="sm" fw={600} mb={4}>
            {t('limits.title')}
          </Text>
          <Table withTableBorder withColumnBorders={false} fz="sm" data-testid="customer-limits">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('limits.window')}</Table.Th>
                <Table.Th ta="right">{t('limits.leftTotal')}</Table.Th>
                <Table.Th ta="right">{t('limits.personal')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(['hourly', 'daily', 'weekly'] as const).map((w) => (
                <Table.Tr key={w} data-limit={w}>
                  <Table.Td>{t(`limits.${w}`)}</Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {limits ? (limitText(limits[w], coinSign) ?? t('limits.none')) : '…'}
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }} data-col="personal">
                    {limits?.personal ? (limitText(limits.personal[w], coinSign) ?? t('limits.none')) : '…'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {limits?.personal?.pending ? (
            <Text size="xs" c="dimmed" mt={4} data-testid="customer-limits-pending">
              {t('limits.pending', {
                hourly: limits.personal.pending.hourly ? money(limits.personal.pending.hourly, coinSign) : t('limits.none'),
                daily: limits.personal.pending.daily ? money(limits.personal.pending.daily, coinSign) : t('limits.none'),
                weekly: limits.personal.pending.weekly ? money(limits.personal.pending.weekly, coinSign) : t('limits.none'),
                at: storeTime(limits.personal.pending.at, diff),
              })}
            </Text>
          ) : null}
        </div>
        {actions}
      </Stack>
    </Card>
  );
}

function Balance({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder padding="sm" bg="var(--mantine-color-default-hover)">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={{ base: 'lg', sm: 'xl' }} fw={700} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </Card>
  );
}
