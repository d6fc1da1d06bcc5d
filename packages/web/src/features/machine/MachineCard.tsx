import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { MachineListItem, MachineStatus } from '@moneybox/contract';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../money/useMoney';
import { storeTime } from '../../time/store-time';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';

// Dark shades keep the badge text above 4.5:1 contrast on white.
const statusColor: Record<MachineStatus, string> = { playing: 'blue.9', connected: 'teal.9', disconnected: 'gray.7' };

interface MachineCardProps {
  machine: MachineListItem;
  busy: string | null;
  onRename: () => void;
  onRelease: () => void;
}

/** One machine of the Machine screen: name, kind, live status, customer, today's play and the meter check. */
export function MachineCard({ machine: m, busy, onRename, onRelease }: MachineCardProps) {
  const { t } = useTranslation('machine');
  const { money } = useMoney();
  const { diff } = useLocalTimeDiff();
  const rows: Array<[string, string]> = [];
  if (m.customer) rows.push(['customer', `${m.customer.name || m.customer.mobile_id} (${m.customer.id})`]);
  rows.push(['lastSeen', storeTime(m.lastSeen, diff)]);
  if (m.meterResets > 0) rows.push(['meterResets', t('meterResetsValue', { n: m.meterResets, at: storeTime(m.lastMeterReset, diff) })]);
  if (m.kind === 'game') rows.push(['playedToday', money(m.today.played)], ['wonToday', money(m.today.won)]);
  return (
    <Card withBorder radius="md" padding="md" data-testid={`machine-${m.machine_id}`} data-status={m.status}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="h4">
            {t('machineNo', { name: m.machine_id })}
          </Title>
          <Badge variant="outline" color={statusColor[m.status]} data-testid="machine-status">
            {t(`statuses.${m.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="gray.7">
          {t(`kinds.${m.kind}`)}
        </Text>
        <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={0} fz="sm">
          <Table.Tbody>
            {rows.map(([k, v]) => (
              <Table.Tr key={k} data-row={k}>
                <Table.Th scope="row" fw={400} c="gray.7" style={{ textAlign: 'left', paddingRight: 8 }}>
                  {t(k)}
                </Table.Th>
                <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{v}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {m.kind === 'game' && (m.meters.games > 0 || !m.metersMatch) ? (
          m.metersMatch ? (
            <Text size="xs" c="teal.9" data-testid="meters-ok">
              {t('metersOk', { count: m.meters.games })}
            </Text>
          ) : (
            <Text size="xs" c="red.9" fw={600} role="status" data-testid="meters-differ">
              {t('metersDiffer', { played: m.meters.played, won: m.meters.won, count: m.meters.games, lplayed: m.ledger.played, lwon: m.ledger.won, lgames: m.ledger.games })}
            </Text>
          )
        ) : null}
        <Group gap="xs" justify="flex-end">
          <Button size="compact-sm" variant="default" onClick={onRename} disabled={busy !== null} data-testid="rename">
            {t('rename')}
          </Button>
          <Button size="compact-sm" variant="outline" color="red.9" onClick={onRelease} loading={busy === `release-${m.id}`} disabled={busy !== null} data-testid="release">
            {t('release')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
