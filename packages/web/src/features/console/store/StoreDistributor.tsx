import { Button, Group, NativeSelect, Text } from '@mantine/core';
import type { ConsoleDistributor } from '@moneybox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../../../api/hooks';
import { useWrite } from '../../../api/write';
import { useMoney } from '../../../money/useMoney';
import { confirmLines } from '../shell/confirm-lines';
import { useConsoleAction } from '../shell/use-console-action';
import { ActionAlert } from '../shell/ActionAlert';
import { ConsoleCard } from '../shell/ConsoleCard';

/** The select's value for the operator's own stores (no distributor). */
const OPERATOR = '';

/** A distributor as the selects name it: a sub-distributor with its parent. */
export function distributorLabel(d: ConsoleDistributor): string {
  return d.parent ? `${d.username} (${d.parent})` : d.username;
}

/**
 * The admin's move of a store to another distributor, or back to the operator's own stores
 * (`/operator/storeDistributor`), after a confirmation that says what will happen: from, to, the
 * credit the store keeps (its balance after is its balance now), who gives it credit from then on.
 * Its current distributor is the one the distributors list binds it to.
 */
export function StoreDistributor({ kid, name, credit }: { kid: number; name: string; credit: number }) {
  const { t } = useTranslation('console');
  const { money } = useMoney();
  const list = useApiQuery('/operator/distributors', {});
  const write = useWrite();
  const action = useConsoleAction();
  const [choice, setChoice] = useState<string | null>(null);
  const distributors = list.data?.list ?? [];
  const current = distributors.find((d) => d.stores.includes(kid));
  const currentValue = current ? String(current.id) : OPERATOR;
  const value = choice ?? currentValue;
  const options = [{ value: OPERATOR, label: t('move.operator') }, ...distributors.map((d) => ({ value: String(d.id), label: distributorLabel(d) }))];
  const label = (v: string) => (v === OPERATOR ? t('move.operator') : (distributors.find((d) => String(d.id) === v)?.username ?? v));
  const save = async () => {
    const side = (v: string) => (v === OPERATOR ? t('credit.operator') : label(v));
    const parties = { store: `${name} (${kid})`, from: side(currentValue), to: side(value), credit: money(credit) };
    if (!(await confirmLines(t('move.confirmTitle'), [t('move.confirm', parties), t('move.confirmCredit', parties), t('move.confirmScope', parties)]))) return;
    const ok = await action.run(() => write('/operator/storeDistributor', { kid, distributor_id: value === OPERATOR ? null : Number(value) }), t('move.done'));
    if (ok) setChoice(null);
  };
  return (
    <ConsoleCard title={t('move.title')} hint={t('move.hint')} testId="console-store-distributor">
      <ActionAlert error={action.error ?? list.error?.message} mb="sm" />
      {list.data && (
        <>
          <Text fz="sm" mb="xs" data-testid="console-store-distributor-current">
            {t('move.current', { name: label(currentValue) })}
          </Text>
          <Group align="flex-end" gap="xs" wrap="wrap">
            <NativeSelect label={t('move.to')} value={value} onChange={(e) => setChoice(e.currentTarget.value)} data={options} w={{ base: '100%', xs: 260 }} data-testid="console-store-distributor-select" />
            <Button loading={action.busy} disabled={value === currentValue} onClick={() => void save()} data-testid="console-store-distributor-save">
              {t('move.save')}
            </Button>
          </Group>
        </>
      )}
    </ConsoleCard>
  );
}
