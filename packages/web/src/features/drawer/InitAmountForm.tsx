import { Button, Card, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import type { DrawerInfo } from '@moneybox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyAlreadyRecorded } from '../../api/one-time-key';
import { useKeyedCall } from '../../api/useKeyedCall';
import { kioskData, setInitAmount } from '../../auth/session';
import { toast } from '../../components/message';
import { readAmount } from './amount-rules';
import { useRefreshDrawer } from './drawer-api';
import { centsToUnits, formatUnits, unitsToCents } from '../../money/units';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { countDetail, countTotalCents, storeDenominations, type PieceCounts } from '../shift-close/denominations';
import { DenominationCount } from '../shift-close/DenominationCount';

/**
 * The opening float, set once per shift (/drawer/init; 16 when above the store's credit): offered from
 * the drawer's last counted close (the float carries over), typed or counted by denomination.
 */
export function InitAmountForm({ info }: { info: Pick<DrawerInfo, 'carried' | 'denominations'> }) {
  const { t } = useTranslation('drawer');
  const { coinSign } = useLayoutInfo();
  const denominations = storeDenominations(info.denominations, coinSign);
  const [amount, setAmount] = useState(typeof info.carried === 'number' ? centsToUnits(unitsToCents(info.carried)).toFixed(2) : '');
  const [byDenomination, setByDenomination] = useState(false);
  const [pieces, setPieces] = useState<PieceCounts>({});
  const [error, setError] = useState<string | null>(null);
  const refresh = useRefreshDrawer();
  const init = useKeyedCall();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const sum = countTotalCents(pieces, denominations);
    if (byDenomination && sum === null) {
      setError(t('count.piecesInvalid'));
      return;
    }
    const read = byDenomination ? readAmount(centsToUnits(sum ?? 0).toFixed(2), { allowZero: true }) : readAmount(amount, { allowZero: true });
    if ('problem' in read) {
      setError(t(`errors.${read.problem}`, read.values));
      return;
    }
    setError(null);
    try {
      await init.run({ path: '/drawer/init', target: kioskData().moneybox, cents: read.cents, payload: byDenomination ? { count_detail: countDetail(pieces, denominations) } : {} });
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
        {info.carried !== null ? (
          <Text size="sm" c="dimmed" data-testid="init-carried">
            {t('init.carried', { amount: formatUnits(info.carried, coinSign) })}
          </Text>
        ) : null}
        <Switch label={t('count.byDenomination')} checked={byDenomination} onChange={(e) => setByDenomination(e.currentTarget.checked)} data-testid="init-by-denomination" />
        {byDenomination ? (
          <>
            <DenominationCount denominations={denominations} coinSign={coinSign} pieces={pieces} onChange={setPieces} />
            {error ? (
              <Text size="sm" c="red.9" role="alert">
                {error}
              </Text>
            ) : null}
          </>
        ) : (
          <TextInput label={t('fields.amount')} name="amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} error={error} errorProps={{ role: 'alert' }} withAsterisk />
        )}
        <Button type="submit" loading={init.busy} disabled={init.busy} data-testid="init-submit">
          {t('init.submit')}
        </Button>
      </Stack>
    </Card>
  );
}
