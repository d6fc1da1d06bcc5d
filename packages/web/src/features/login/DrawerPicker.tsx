import { Badge, Group, RadioCard, RadioGroup, RadioIndicator, Text } from '@mantine/core';
import type { DrawerListItem, DrawerStatus } from '@moneybox/contract';
import { useTranslation } from 'react-i18next';

/** What the picker shows of a `/drawer/list` row. */
type DrawerChoice = Pick<DrawerListItem, 'number' | 'status' | 'account'>;

// Dark shades keep the badge text above 4.5:1 contrast on white.
const statusColor: Record<DrawerStatus, string> = { available: 'teal.9', occupied: 'red.9', frozen: 'gray.7' };

/**
 * The kiosk's drawers as radio cards; a frozen drawer cannot be chosen. RadioGroup, RadioCard and
 * RadioIndicator by their own names: `Radio.Group` would bring the whole Radio (and its sheet) along;
 * the cards' grid is `.drawer-cards` (global.css), not SimpleGrid (its responsive styles' code).
 */
export function DrawerPicker({ drawers, value, onChange, error }: { drawers: DrawerChoice[]; value: number | null; onChange: (n: number) => void; error?: string }) {
  const { t } = useTranslation('login');
  return (
    <RadioGroup
      label={t('drawer')}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(Number(v))}
      error={error}
      errorProps={{ role: 'alert' }}
      withAsterisk
    >
      <div className="drawer-cards">
        {drawers.map((d) => (
          <RadioCard key={d.number} value={String(d.number)} disabled={d.status === 'frozen'} p="sm" radius="sm" data-testid={`drawer-${d.number}`} aria-label={`${t('drawerNo', { number: d.number })}, ${t(`status.${d.status}`)}`}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <RadioIndicator disabled={d.status === 'frozen'} />
              <div style={{ minWidth: 0 }}>
                <Text fw={600}>{t('drawerNo', { number: d.number })}</Text>
                <Badge size="sm" variant="outline" color={statusColor[d.status]}>
                  {t(`status.${d.status}`)}
                </Badge>
                {d.status === 'occupied' && d.account ? (
                  <Text size="xs" c="dimmed" truncate>
                    {t('usedBy', { account: d.account })}
                  </Text>
                ) : null}
              </div>
            </Group>
          </RadioCard>
        ))}
      </div>
    </RadioGroup>
  );
}
