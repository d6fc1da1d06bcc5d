import { Button, Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyAlreadyRecorded } from '../../api/one-time-key';
import { useKeyedCall } from '../../api/useKeyedCall';
import { kioskData, setInitAmount } from '../../auth/session';
import { toast } from '../../components/message';
import { readAmount } from './amount-rules';
import { useRefreshDrawer } from './drawer-api';

/** The opening float, set once per shift (/drawer/init; 16 when above the store's credit). */
export function InitAmountForm() {
  const { t } = useTranslation('drawer');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshDrawer();
  const init = useKeyedCall();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const read = readAmount(amount, { allowZero: true });
    if ('problem' in read) {
      setError(t(`errors.${read.problem}`, read.values));
      return;
    }
    setError(null);
    try {
      await init.run({ path: '/drawer/init', target: kioskData().moneybox, cents: read.cents, payload: {} });
    } catch (err) {
      // Shown by the call's handler (16, 45, ...); the form keeps the amount for a retry with the same key.
      // Already recorded (an earlier send went through): the amount is set, as after a success.
      if (!(err instanceof KeyAlreadyRecorded)) return;
    } finally {
      refresh();
    }
    setInitAmount(true);
    setAmount('');
    toast(t('init.done'));
  };

  return (
    <Card withBorder radius="md" padding="md" component="form" onSubmit={(e: React.FormEvent) => void submit(e)} data-testid="init-form" noValidate>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('init.heading')}
        </Title>
        <Text size="sm">{t('init.help')}</Text>
        <TextInput label={t('fields.amount')} name="amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} error={error} errorProps={{ role: 'alert' }} withAsterisk />
        <Button type="submit" loading={init.busy} disabled={init.busy} data-testid="init-submit">
          {t('init.submit')}
        </Button>
      </Stack>
    </Card>
  );
}
