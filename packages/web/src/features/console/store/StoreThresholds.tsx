import { Badge, Button, Group, NumberInput, Paper, SimpleGrid, Text } from '@mantine/core';
import { ALERT_THRESHOLDS, THRESHOLD_KINDS, type ThresholdKind } from '@moneybox/contract/alert-kinds';
import { toUnits } from '@moneybox/contract/money';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../api/hooks';
import { useWrite } from '../../../api/write';
import { useMoney } from '../../../money/useMoney';
import { isMoney, sent, shown, type ThresholdForm } from './thresholds';
import { useConsoleAction } from '../shell/use-console-action';
import { ActionAlert } from '../shell/ActionAlert';
import { ConsoleCard } from '../shell/ConsoleCard';

/**
 * A store's alert thresholds on its console page: what applies for each rule and whether it is the store's
 * own or the platform default; the admin sets or clears the store's overrides, everyone else reads them.
 */
export function StoreThresholds({ kid, canEdit }: { kid: number; canEdit: boolean }) {
  const { t } = useTranslation('console');
  const { money } = useMoney();
  const q = useApiQuery('/operator/thresholds', { kid });
  const write = useWrite();
  const action = useConsoleAction();
  const [form, setForm] = useState<ThresholdForm | null>(null);
  const set = q.data?.set;
  useEffect(() => {
    if (set && form === null) setForm(Object.fromEntries(THRESHOLD_KINDS.map((k) => [k, shown(k, set[k])])) as ThresholdForm);
  }, [set, form]);
  const applied = (k: ThresholdKind, v: number | null) => {
    if (v === null) return t('settings.storeLargeDiff');
    if (v === 0) return t('storeThresholds.off');
    return isMoney(k) ? money(toUnits(v)) : t(`storeThresholds.value.${ALERT_THRESHOLDS[k].unit}`, { count: v });
  };
  /** Only the rules whose override the admin changed are sent (null clears one). */
  const changed = (f: ThresholdForm) => Object.fromEntries(THRESHOLD_KINDS.flatMap((k) => (sent(k, f[k]) === (set?.[k] ?? null) ? [] : [[k, sent(k, f[k])]])));
  const save = () => form && action.run(() => write('/operator/thresholdsSet', { kid, values: changed(form) }), t('settings.saved'));
  const clear = (k: ThresholdKind) =>
    void action.run(() => write('/operator/thresholdsSet', { kid, values: { [k]: null } }), t('storeThresholds.cleared')).then((ok) => ok && form && setForm({ ...form, [k]: '' }));
  return (
    <ConsoleCard title={t('storeThresholds.title')} hint={t(canEdit ? 'storeThresholds.hintAdmin' : 'storeThresholds.hint')} testId="console-store-thresholds">
      <ActionAlert error={action.error ?? q.error?.message} mb="sm" />
      {q.data && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
          {THRESHOLD_KINDS.map((k) => {
            const own = q.data.set[k] !== null;
            return (
              <Paper key={k} withBorder p="sm" data-testid={`console-store-threshold-${k}`}>
                <Text fz="sm" fw={500}>
                  {t(`settings.threshold.${k}`)}
                </Text>
                <Group gap="xs" mt={4} wrap="wrap">
                  <Text fw={700} data-testid={`console-store-threshold-${k}-value`}>
                    {applied(k, q.data.effective[k])}
                  </Text>
                  <Badge variant="light" color={own ? 'blue' : 'gray'} data-testid={`console-store-threshold-${k}-source`}>
                    {t(own ? 'storeThresholds.own' : 'storeThresholds.default')}
                  </Badge>
                </Group>
                {canEdit && form && (
                  <Group gap="xs" mt="xs" wrap="nowrap" align="flex-end">
                    <NumberInput
                      aria-label={`${t(`settings.threshold.${k}`)} (${t(`settings.unit.${ALERT_THRESHOLDS[k].unit}`)})`}
                      placeholder={t('storeThresholds.placeholder')}
                      value={form[k]}
                      onChange={(v) => setForm({ ...form, [k]: v })}
                      min={0}
                      decimalScale={isMoney(k) ? 2 : 0}
                      allowNegative={false}
                      style={{ flex: 1 }}
                      data-testid={`console-store-threshold-${k}-input`}
                    />
                    <Button variant="subtle" color="gray" disabled={!own || action.busy} onClick={() => clear(k)} data-testid={`console-store-threshold-${k}-clear`}>
                      {t('storeThresholds.clear')}
                    </Button>
                  </Group>
                )}
              </Paper>
            );
          })}
        </SimpleGrid>
      )}
      {canEdit && (
        <Group justify="flex-end" mt="md">
          <Button loading={action.busy} disabled={!form || Object.keys(changed(form)).length === 0} onClick={() => void save()} data-testid="console-store-thresholds-save">
            {t('storeThresholds.save')}
          </Button>
        </Group>
      )}
    </ConsoleCard>
  );
}
