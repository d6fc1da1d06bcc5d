import { Badge, Button, Card, Group, Stack, Table, Title } from '@mantine/core';
import type { DrawerSetupItem, DrawerStatus } from '@moneybox/contract';
import { useTranslation } from 'react-i18next';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { formatUnits } from '../../money/units';
import { storeTime } from '../../time/store-time';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';

// Dark shades keep the badge text above 4.5:1 contrast on white (as on the login page).
const statusColor: Record<DrawerStatus, string> = { available: 'teal.9', occupied: 'red.9', frozen: 'gray.7' };

interface DrawerCardProps {
  drawer: DrawerSetupItem;
  /** The action in flight, if any (all buttons wait for it). */
  busy: string | null;
  onFreeze: () => void;
  onForceClose: () => void;
}

/** One drawer of Drawer Setup: number, status (with the account using it), times and its actions. */
export function DrawerCard({ drawer: d, busy, onFreeze, onForceClose }: DrawerCardProps) {
  const { t } = useTranslation('drawer-setup');
  const { coinSign } = useLayoutInfo();
  const { diff } = useLocalTimeDiff();
  const rows: Array<[string, string]> = [
    ['createTime', storeTime(d.createTime, diff)],
    ['lastLogin', storeTime(d.lastLogin, diff)],
  ];
  if (d.shift_id !== null) {
    rows.push(['accountUsing', d.account ?? '-'], ['shiftStart', storeTime(d.shiftStart, diff)]);
    rows.push(['balance', d.balance === null || !d.initAmount ? t('initNotSet') : formatUnits(d.balance, coinSign)]);
  }
  return (
    <Card withBorder radius="md" padding="md" data-testid={`setup-drawer-${d.number}`} data-status={d.status}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="h4">
            {t('drawerNo', { number: d.number })}
          </Title>
          <Badge variant="outline" color={statusColor[d.status]} data-testid="drawer-status">
            {t(`statuses.${d.status}`)}
          </Badge>
        </Group>
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
        <Group gap="xs" justify="flex-end">
          <Button size="compact-sm" variant={d.freeze ? 'filled' : 'default'} onClick={onFreeze} loading={busy === `freeze-${d.id}`} disabled={busy !== null} data-testid="toggle-freeze">
            {t(d.freeze ? 'unfreeze' : 'freeze')}
          </Button>
          {d.shift_id !== null ? (
            <Button size="compact-sm" variant="outline" color="red.9" onClick={onForceClose} loading={busy === `close-${d.id}`} disabled={busy !== null} data-testid="force-close">
              {t('forceClose')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
