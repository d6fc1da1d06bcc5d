import { Button, Group, NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { UNUSUAL_ACTIVITY_DEFAULTS, type UnusualActivityRules } from '@moneybox/contract/alert-kinds';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../api/hooks';
import { useWrite } from '../../../api/write';
import { useConsoleAction } from '../shell/use-console-action';
import { ActionAlert } from '../shell/ActionAlert';
import { ConsoleCard } from '../shell/ConsoleCard';

type Form = Record<keyof UnusualActivityRules, UnusualActivityRules[keyof UnusualActivityRules] | string>;
const NUMBERS = ['structuring_count', 'structuring_band', 'little_play_redeem', 'little_play_play'] as const;

/**
 * The operator's unusual-activity rules (admin; docs/COMPLIANCE.md "Structuring and unusual activity"): structuring
 * near the stores' report thresholds and purchase-and-redeem with little play, each off until switched on. Their
 * alerts show on the alerts page only: never to a store.
 */
export function UnusualActivityCard() {
  const { t } = useTranslation('console');
  const state = useApiQuery('/operator/unusualActivity', {});
  const write = useWrite();
  const { busy, error, run } = useConsoleAction();
  const [form, setForm] = useState<Form | null>(null);
  useEffect(() => {
    if (state.data && form === null) {
      const { status: _status, ...rules } = state.data;
      setForm(rules);
    }
  }, [state.data, form]);
  const f = form ?? UNUSUAL_ACTIVITY_DEFAULTS;
  const set = (k: keyof UnusualActivityRules, v: Form[keyof UnusualActivityRules]) => setForm({ ...f, [k]: v });
  const filled = NUMBERS.every((k) => f[k] !== '');
  const save = () =>
    run(
      () =>
        write('/operator/unusualActivitySet', {
          structuring_on: f.structuring_on === true,
          structuring_count: Number(f.structuring_count),
          structuring_band: Number(f.structuring_band),
          structuring_window: f.structuring_window === 'week' ? 'week' : 'day',
          little_play_on: f.little_play_on === true,
          little_play_redeem: Number(f.little_play_redeem),
          little_play_play: Number(f.little_play_play),
        }),
      t('unusual.saved'),
    );
  const percent = (k: (typeof NUMBERS)[number], min: number) => (
    <NumberInput label={t(`unusual.${k}`)} value={f[k] as number | string} onChange={(v) => set(k, v)} min={min} max={100} decimalScale={0} suffix={k === 'structuring_count' ? undefined : ' %'} data-testid={`console-unusual-${k}`} />
  );
  const rule = (k: 'structuring_on' | 'little_play_on', hint: string, testId: string) => (
    <Stack gap={2} mt="xs">
      <Switch label={t(`unusual.${k}`)} checked={f[k] === true} onChange={(e) => set(k, e.currentTarget.checked)} data-testid={testId} />
      <Text fz="xs" c="dimmed">
        {t(`unusual.${hint}`)}
      </Text>
    </Stack>
  );
  return (
    <ConsoleCard title={t('unusual.title')} hint={t('unusual.hint')} testId="console-unusual">
      <Stack gap="sm">
        {rule('structuring_on', 'structuringHint', 'console-unusual-structuring')}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {percent('structuring_count', 2)}
          {percent('structuring_band', 1)}
          <Stack gap={4}>
            <Text fz="sm" fw={500}>
              {t('unusual.structuring_window')}
            </Text>
            <SegmentedControl
              value={f.structuring_window === 'week' ? 'week' : 'day'}
              onChange={(v) => set('structuring_window', v === 'week' ? 'week' : 'day')}
              data={[
                { value: 'day', label: t('unusual.day') },
                { value: 'week', label: t('unusual.week') },
              ]}
              data-testid="console-unusual-window"
            />
          </Stack>
        </SimpleGrid>
        {rule('little_play_on', 'littlePlayHint', 'console-unusual-little-play')}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {percent('little_play_redeem', 1)}
          {percent('little_play_play', 1)}
        </SimpleGrid>
      </Stack>
      <ActionAlert error={error} mt="sm" />
      <Group justify="flex-end" mt="sm">
        <Button onClick={() => void save()} loading={busy} disabled={!form || !filled} data-testid="console-unusual-save">
          {t('unusual.save')}
        </Button>
      </Group>
    </ConsoleCard>
  );
}
