import type { CallReply } from '@moneybox/contract';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWrite } from '../../api/write';
import { DIALOG_WIDTH } from '../../components/message';
import { plainUnits, readAmount } from '../../money/units';
import type { CustomerRecord } from './customer-api';

const WINDOWS = ['hourly', 'daily', 'weekly'] as const;
type Window = (typeof WINDOWS)[number];
type Personal = NonNullable<CallReply<'/customer/getDayLimit'>['personal']>;

/**
 * The customer's own purchase limits (issue 24), 0 = none: the server applies a lower one at once
 * and a raise after 24 hours (the card then shows it pending).
 */
export function PersonalLimitsDialog({ customer, current, onClose, onSaved }: { customer: CustomerRecord | null; current: Personal | undefined; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('customer');
  const write = useWrite();
  // The figures in force when the dialog opens (the page mounts it afresh each time: its key).
  const [values, setValues] = useState<Record<Window, string>>(() => ({
    hourly: plainUnits(current?.hourly.total ?? 0),
    daily: plainUnits(current?.daily.total ?? 0),
    weekly: plainUnits(current?.weekly.total ?? 0),
  }));
  const read = WINDOWS.map((w) => readAmount(values[w], { minCents: 0 }));
  const ok = read.every((r) => r.ok);
  const save = async () => {
    if (!customer || !ok) return;
    const r = await write('/customer/limits', { id: customer.id, hourly: values.hourly.trim(), daily: values.daily.trim(), weekly: values.weekly.trim() }).catch(() => null);
    if (r) onSaved();
  };
  return (
    <Modal opened={customer !== null} onClose={onClose} size={DIALOG_WIDTH} centered title={t('personalLimits.title')} data-testid="limits-dialog">
      <Stack gap="sm">
        <Alert color="blue" py={6}>
          <Text size="sm">{t('personalLimits.hint')}</Text>
        </Alert>
        {WINDOWS.map((w, i) => (
          <TextInput
            key={w}
            label={t(`personalLimits.${w}`)}
            value={values[w]}
            onChange={(e) => setValues((v) => ({ ...v, [w]: e.currentTarget.value }))}
            inputMode="decimal"
            error={read[i]!.ok ? undefined : t('errors.amountFormat')}
            data-testid={`limits-${w}`}
          />
        ))}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('personalLimits.cancel')}
          </Button>
          <Button onClick={() => void save()} disabled={!ok} data-testid="limits-save">
            {t('personalLimits.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
