import { Button, Group, NumberInput, SimpleGrid, Text } from '@mantine/core';
import { US_CASH_PRESET } from '@moneybox/contract/cash-rules';
import { toUnits } from '@moneybox/contract/money';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../api/hooks';
import { useWrite } from '../../../api/write';
import { unitsToCents } from '../../../money/units';
import { useMoney } from '../../../money/useMoney';
import { ActionAlert } from '../shell/ActionAlert';
import { ConsoleCard } from '../shell/ConsoleCard';
import { useConsoleAction } from '../shell/use-console-action';

type Form = { log: string | number; report: string | number };

/**
 * A store's cash transaction log thresholds on its console page (issue 40, docs/COMPLIANCE.md "Cash transaction
 * log"): a customer's cash in or out of a store day reaching the log threshold is logged, above the report
 * threshold it needs the identity a report needs. The admin sets them (0 = off; the US example fills both in);
 * everyone else reads them.
 */
export function StoreCashThresholds({ kid, canEdit }: { kid: number; canEdit: boolean }) {
  const { t } = useTranslation('console');
  const { money } = useMoney();
  const q = useApiQuery('/operator/cashThresholds', { kid });
  const write = useWrite();
  const action = useConsoleAction();
  const [form, setForm] = useState<Form | null>(null);
  const d = q.data;
  useEffect(() => {
    if (d && form === null) setForm({ log: toUnits(d.cash_log_cents), report: toUnits(d.cash_report_cents) });
  }, [d, form]);
  const cents = (v: string | number) => (v === '' ? 0 : unitsToCents(Number(v)));
  const shown = (c: number) => (c === 0 ? t('cashThresholds.off') : money(toUnits(c)));
  const save = () =>
    form && void action.run(() => write('/operator/cashThresholdsSet', { kids: [kid], cash_log_cents: cents(form.log), cash_report_cents: cents(form.report) }), t('cashThresholds.saved'));
  return (
    <ConsoleCard title={t('cashThresholds.title')} hint={t(canEdit ? 'cashThresholds.hintAdmin' : 'cashThresholds.hint')} testId="console-store-cash-thresholds">
      <ActionAlert error={action.error ?? q.error?.message} mb="sm" />
      {d && !canEdit && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Text data-testid="console-cash-log-value">{`${t('cashThresholds.log')}: ${shown(d.cash_log_cents)}`}</Text>
          <Text data-testid="console-cash-report-value">{`${t('cashThresholds.report')}: ${shown(d.cash_report_cents)}`}</Text>
        </SimpleGrid>
      )}
      {canEdit && form && (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {(['log', 'report'] as const).map((k) => (
              <NumberInput
                key={k}
                label={t(`cashThresholds.${k}`)}
                value={form[k]}
                onChange={(v) => setForm({ ...form, [k]: v })}
                min={0}
                decimalScale={2}
                allowNegative={false}
                data-testid={`console-cash-${k}-input`}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end" mt="md">
            {/* Its label wraps on a phone (Spanish "Ejemplo de EE. UU. ($3,000 / $10,000)" is wider than the card there). */}
            <Button
              variant="default"
              onClick={() => setForm({ log: toUnits(US_CASH_PRESET.cash_log_cents), report: toUnits(US_CASH_PRESET.cash_report_cents) })}
              styles={{ root: { height: 'auto', minHeight: 36, paddingBlock: 6, maxWidth: '100%' }, label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.2 } }}
              data-testid="console-cash-us-example"
            >
              {t('cashThresholds.usExample')}
            </Button>
            <Button loading={action.busy} onClick={save} data-testid="console-cash-thresholds-save">
              {t('cashThresholds.save')}
            </Button>
          </Group>
        </>
      )}
    </ConsoleCard>
  );
}
