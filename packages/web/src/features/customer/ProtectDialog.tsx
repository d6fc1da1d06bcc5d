import type { CallReply } from '@moneybox/contract';
import { COOL_OFF_DAYS, EXCLUSION_PERIODS } from '@moneybox/contract/customer-fields';
import { Alert, Button, Divider, Group, Modal, NumberInput, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/call';
import { useWrite } from '../../api/write';
import { kioskData } from '../../auth/session';
import { DIALOG_WIDTH } from '../../components/message';
import { ReceiptDialog } from '../../components/ReceiptDialog';
import { storeDate, storeTime } from '../../time/store-time';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import type { CustomerRecord } from './customer-api';
import { fullName } from './format';
import { protectRefusal } from './movement';

type Period = (typeof EXCLUSION_PERIODS)[number];
export type ProtectOutcome = CallReply<'/customer/protect'>;

interface ProtectDialogProps {
  customer: CustomerRecord | null;
  onClose: () => void;
  /** Set: the slip is shown next. */
  onDone: (r: ProtectOutcome) => void;
}

/**
 * Self-exclusion (6 months to permanent) or cool-off (1 to 42 days) at the customer's request
 * (issue 24). The server refuses one that would end sooner than the one running (17, 'protected').
 */
export function ProtectDialog({ customer, onClose, onDone }: ProtectDialogProps) {
  const { t } = useTranslation('customer');
  const write = useWrite();
  const [kind, setKind] = useState<'exclusion' | 'cool_off'>('exclusion');
  const [period, setPeriod] = useState<Period>('6m');
  const [days, setDays] = useState<number | string>(1);
  const daysOk = typeof days === 'number' && Number.isInteger(days) && days >= COOL_OFF_DAYS.min && days <= COOL_OFF_DAYS.max;
  // A refusal says what happened in the dialog, beside the choice to change (issue 37), not "Customer error" in a box.
  const [refused, setRefused] = useState<string | null>(null);
  const { diff } = useLocalTimeDiff(customer !== null);
  const submit = async () => {
    if (!customer || (kind === 'cool_off' && !daysOk)) return;
    setRefused(null);
    const input = kind === 'exclusion' ? { id: customer.id, kind, period } : { id: customer.id, kind, days: days as number };
    const r = await write('/customer/protect', input, { handle: 'inline' }).catch((err: unknown) => {
      setRefused(err instanceof ApiError ? protectRefusal(err.reply, t, (iso) => storeDate(iso, diff), err.message) : String(err));
      return null;
    });
    if (r) onDone(r);
  };
  return (
    <Modal opened={customer !== null} onClose={onClose} size={DIALOG_WIDTH} centered title={t('protection.dialogTitle')} data-testid="protect-dialog">
      <Stack gap="sm">
        <SegmentedControl
          fullWidth
          value={kind}
          onChange={(v) => setKind(v as 'exclusion' | 'cool_off')}
          data={[
            { value: 'exclusion', label: t('protection.kind.exclusion') },
            { value: 'cool_off', label: t('protection.kind.cool_off') },
          ]}
          data-testid="protect-kind"
        />
        {kind === 'exclusion' ? (
          <Select
            label={t('protection.period')}
            value={period}
            onChange={(v) => v && setPeriod(v as Period)}
            data={EXCLUSION_PERIODS.map((p) => ({ value: p, label: t(`protection.periods.${p}`) }))}
            allowDeselect={false}
            data-testid="protect-period"
          />
        ) : (
          <NumberInput
            label={t('protection.days', { min: COOL_OFF_DAYS.min, max: COOL_OFF_DAYS.max })}
            value={days}
            onChange={setDays}
            min={COOL_OFF_DAYS.min}
            max={COOL_OFF_DAYS.max}
            allowDecimal={false}
            error={daysOk ? undefined : t('protection.daysError', { min: COOL_OFF_DAYS.min, max: COOL_OFF_DAYS.max })}
            data-testid="protect-days"
          />
        )}
        <Alert color="yellow" py={6}>
          <Text size="sm">{t('protection.warning')}</Text>
        </Alert>
        {refused && (
          <Alert color="red" py={6} role="alert" data-testid="protect-refused">
            <Text size="sm">{refused}</Text>
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('protection.cancel')}
          </Button>
          <Button color="red" onClick={() => void submit()} disabled={kind === 'cool_off' && !daysOk} data-testid="protect-confirm">
            {t('protection.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The customer's acknowledgement slip (300px receipt, signed by the customer). */
function Slip({ reply, diff }: { reply: ProtectOutcome; diff: number }) {
  const { t } = useTranslation('customer');
  const p = reply.protection;
  const c = reply.customer;
  const rows: Array<[string, string]> = [
    [t('fields.name'), fullName(c)],
    [t('fields.id'), String(c.id)],
    [t('fields.mobile_id'), c.mobile_id],
    [t('protection.slip.kind'), t(`protection.kind.${p.kind}`)],
    [t('protection.slip.since'), storeTime(p.since, diff)],
    [t('protection.slip.until'), p.until === null ? t('protection.permanent') : storeDate(p.until, diff)],
    [t('protection.slip.staff'), kioskData().account],
  ];
  return (
    <div style={{ width: '100%', maxWidth: 300, margin: '0 auto' }}>
      <Title order={2} fz="lg" ta="center">
        {t(`protection.slip.title.${p.kind}`)}
      </Title>
      <Divider my="xs" variant="dashed" />
      {rows.map(([label, value]) => (
        <Group key={label} justify="space-between" gap={4} wrap="nowrap">
          <Text size="sm">{label}</Text>
          <Text size="sm" fw={600} ta="right" style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Group>
      ))}
      <Divider my="xs" variant="dashed" />
      <Text size="xs">{t('protection.slip.text')}</Text>
      <Text size="sm" mt="lg">
        {t('protection.slip.signature')} ____________________
      </Text>
    </div>
  );
}

/** The slip as a 300px receipt with Print and Close (components/ReceiptDialog: the drawer receipt's print copy). */
export function ProtectionSlipDialog({ reply, onClose }: { reply: ProtectOutcome | null; onClose: () => void }) {
  const { t } = useTranslation('customer');
  const { diff } = useLocalTimeDiff(reply !== null);
  return (
    <ReceiptDialog
      opened={reply !== null}
      title={t('protection.slip.heading')}
      receipt={reply ? <Slip reply={reply} diff={diff} /> : null}
      testId="protection-slip"
      printTestId="protection-slip-print"
      actions={
        <>
          <Button variant="default" onClick={() => window.print()} data-testid="protection-slip-print-button">
            {t('protection.slip.print')}
          </Button>
          <Button onClick={onClose} data-testid="protection-slip-close">
            {t('protection.slip.close')}
          </Button>
        </>
      }
    />
  );
}
