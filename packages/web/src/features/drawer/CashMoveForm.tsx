import { Button, Card, SegmentedControl, Stack, TextInput, Title } from '@mantine/core';
import type { DrawerInfo } from '@moneybox/contract';
import { REASON_MAX } from '@moneybox/contract/drawer-fields';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyAlreadyRecorded } from '../../api/one-time-key';
import { useKeyedCall } from '../../api/useKeyedCall';
import { kioskData } from '../../auth/session';
import { toast } from '../../components/message';
import { unitsToCents } from '../../money/units';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { MovementPrint } from '../hardware/MovementPrint';
import type { MovementReceipt } from '../hardware/receipt';
import { readAmount } from './amount-rules';
import { useRefreshDrawer } from './drawer-api';

type Kind = 'fills' | 'bleeds';

/** Add cash (/drawer/fills) or take cash out (/drawer/bleeds), each with an amount and a required reason. */
export function CashMoveForm({ info }: { info: DrawerInfo }) {
  const { t } = useTranslation('drawer');
  const [kind, setKind] = useState<Kind>('fills');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const refresh = useRefreshDrawer();
  // One key holder for both kinds: the key is tied to the kind, the shift and the amount.
  const { run, busy } = useKeyedCall();
  // The last fill's or bleed's receipt (printed by itself when a printer is set up: features/hardware).
  const [receipt, setReceipt] = useState<MovementReceipt | null>(null);
  const { coinSign } = useLayoutInfo();
  const { diff } = useLocalTimeDiff();

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const read = readAmount(amount);
    const next: typeof errors = {};
    if ('problem' in read) next.amount = t(`errors.${read.problem}`, read.values);
    // Under blind count the balance is not known here: the server answers 38 when the drawer lacks the cash.
    else if (kind === 'bleeds' && info.balance !== undefined && read.cents > unitsToCents(info.balance)) next.amount = t('errors.balanceNotEnough');
    const why = reason.trim();
    if (!why) next.reason = t('errors.reasonRequired');
    else if (why.length > REASON_MAX) next.reason = t('errors.tooLong', { count: REASON_MAX });
    setErrors(next);
    if (next.amount || next.reason || 'problem' in read) return;
    try {
      const reply = await run({ path: `/drawer/${kind}`, target: info.shift_id!, cents: read.cents, payload: { shift_id: info.shift_id!, reason: why } });
      const counter = kioskData();
      setReceipt({ kind, movementId: reply.movement_id, store: counter.storename, cashier: counter.account, time: new Date().toISOString(), diff, amount: reply.amount, coinSign, drawerBalance: reply.balance });
    } catch (err) {
      // Shown by the call's handler; already recorded means an earlier send went through: clear the form.
      if (!(err instanceof KeyAlreadyRecorded)) return;
    } finally {
      refresh();
    }
    setAmount('');
    setReason('');
    toast(t(kind === 'fills' ? 'cash.fillsDone' : 'cash.bleedsDone'));
  };

  return (
    <Card withBorder radius="md" padding="md" component="form" onSubmit={(e: React.FormEvent) => void submit(e)} data-testid="cash-form" noValidate>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('cash.heading')}
        </Title>
        <SegmentedControl
          fullWidth
          value={kind}
          onChange={(v) => {
            setKind(v as Kind);
            setErrors({});
          }}
          data={[
            { value: 'fills', label: t('cash.fills') },
            { value: 'bleeds', label: t('cash.bleeds') },
          ]}
          data-testid="cash-kind"
          aria-label={t('cash.heading')}
        />
        <TextInput label={t('fields.amount')} name="amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} error={errors.amount} errorProps={{ role: 'alert' }} withAsterisk />
        <TextInput label={t('fields.reason')} name="reason" placeholder={t(kind === 'fills' ? 'cash.fillsReasonHint' : 'cash.bleedsReasonHint')} autoComplete="off" value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={errors.reason} errorProps={{ role: 'alert' }} withAsterisk maxLength={REASON_MAX} />
        <Button type="submit" loading={busy} disabled={busy} data-testid="cash-submit">
          {t(kind === 'fills' ? 'cash.fillsSubmit' : 'cash.bleedsSubmit')}
        </Button>
        {receipt ? <MovementPrint key={receipt.movementId} receipt={receipt} /> : null}
      </Stack>
    </Card>
  );
}
