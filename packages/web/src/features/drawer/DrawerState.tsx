import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { DrawerInfo } from '@moneybox/contract';
import { useTranslation } from 'react-i18next';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { storeTime } from '../../time/store-time';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { formatUnits } from '../../money/units';

const TOTALS = [
  ['initialAmount', 'initial_amount'],
  ['fills', 'fills'],
  ['bleeds', 'bleeds'],
  ['purchases', 'purchases'],
  ['redeems', 'redeems'],
  ['comps', 'comps'],
  ['specialComps', 'special_comps'],
] as const;

/** The drawer's live numbers: who holds it since when, the shift's totals and the cash it should hold. */
export function DrawerState({ info }: { info: DrawerInfo }) {
  const { t } = useTranslation('drawer');
  const { coinSign } = useLayoutInfo();
  const { diff } = useLocalTimeDiff();
  const money = (units: number) => formatUnits(units, coinSign);
  return (
    <Card withBorder radius="md" padding="md" data-testid="drawer-state">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div>
            <Title order={2} fz="h3" data-testid="drawer-number">
              {t('drawerNo', { number: info.moneybox })}
            </Title>
            <Text size="sm" c="dimmed">
              {info.shift_id === null ? t('state.noShift') : `${t('state.account')}: ${info.account ?? '-'} · ${t('state.shiftStart')}: ${storeTime(info.createTime, diff)}`}
            </Text>
          </div>
          <Group gap={6}>
            {info.freeze ? (
              <Badge color="gray.7" variant="filled">
                {t('state.frozen')}
              </Badge>
            ) : null}
            {info.shift_id !== null && !info.initAmount ? (
              <Badge color="orange.9" variant="outline" data-testid="init-missing">
                {t('state.initNotSet')}
              </Badge>
            ) : null}
          </Group>
        </Group>
        <Card withBorder radius="sm" padding="sm" bg="var(--mantine-primary-color-light)">
          {/* Under blind count the server leaves the expected balance out for a cashier: the count comes first. */}
          {info.balance === undefined ? (
            <>
              <Text size="sm" fw={600}>
                {t('state.blindCount')}
              </Text>
              <Text size="sm" data-testid="drawer-blind">
                {t('state.blindCountHint')}
              </Text>
            </>
          ) : (
            <>
              <Text size="sm">{t('state.balance')}</Text>
              <Text fz={28} fw={700} data-testid="drawer-balance" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {money(info.balance)}
              </Text>
            </>
          )}
        </Card>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" verticalSpacing="xs">
          {/* Under blind count the server leaves the totals out too (the balance is one sum of them away). */}
          {TOTALS.filter(([, field]) => info[field] !== undefined).map(([label, field]) => (
            <div key={field} data-total={field}>
              <Text size="xs" c="dimmed">
                {t(`state.${label}`)}
              </Text>
              <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {money(info[field]!)}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
