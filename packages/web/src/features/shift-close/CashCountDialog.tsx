import type { CallInput } from '@moneybox/contract';
import { Button, Group, Modal, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH } from '../../components/message';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { centsToUnits, formatCents, MAX_CENTS, readAmount } from '../../money/units';
import { countDetail, countTotalCents, DENOMINATIONS, denominationCents, denominationLabel, parsePieces, type PieceCounts } from './denominations';

/** `/drawer/shift`'s input with the count taken (`counted` in currency units, as the wire takes them). */
export type CashCount = CallInput<'/drawer/shift'> & { counted: number };

interface CashCountDialogProps {
  drawerNumber: number;
  /** Closes the shift with the count; rejects when the server refused (the dialog stays open). */
  onSubmit: (count: CashCount) => Promise<void>;
  /** Back to work: the shift stays open. */
  onCancel: () => void;
}

/**
 * The blind cash count at shift close: the cashier counts the drawer without seeing what it should
 * hold, so the count is honest; the expected balance appears only on the report afterwards.
 * Mounted only while counting, so its texts load with it.
 */
export function CashCountDialog({ drawerNumber, onSubmit, onCancel }: CashCountDialogProps) {
  const { t } = useTranslation('drawer');
  const { coinSign } = useLayoutInfo();
  const [byDenomination, setByDenomination] = useState(false);
  const [total, setTotal] = useState('');
  const [pieces, setPieces] = useState<PieceCounts>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sum = countTotalCents(pieces);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    let count: CashCount;
    if (byDenomination) {
      if (sum === null) {
        setError(t('count.piecesInvalid'));
        return;
      }
      count = { counted: centsToUnits(sum), count_detail: countDetail(pieces) };
    } else {
      const read = readAmount(total, { minCents: 0 });
      if (!read.ok) {
        setError(read.problem === 'empty' ? t('count.required') : read.problem === 'aboveMax' ? t('errors.amountTooLarge', { max: formatCents(MAX_CENTS) }) : t('errors.amountInvalid'));
        return;
      }
      count = { counted: centsToUnits(read.cents) };
    }
    setError(null);
    setBusy(true);
    try {
      await onSubmit(count);
    } catch {
      // The refusal was shown by the call's handler; the count stays for another try.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onCancel}
      closeOnClickOutside={false}
      size={DIALOG_WIDTH}
      centered
      title={t('count.title')}
      // Opaque: the Drawer page behind shows the live balance, which a blind count must not see.
      overlayProps={{ backgroundOpacity: 1, color: '#2e3338' }}
      data-testid="cash-count-dialog"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('count.intro', { number: drawerNumber })}</Text>
          <Switch
            label={t('count.byDenomination')}
            checked={byDenomination}
            onChange={(e) => {
              setByDenomination(e.currentTarget.checked);
              setError(null);
            }}
            data-testid="count-by-denomination"
          />
          {byDenomination ? (
            <Stack gap={4} data-testid="denominations">
              <SimpleGrid cols={3} spacing={6} verticalSpacing={4} style={{ alignItems: 'center' }}>
                <Text size="xs" fw={600}>
                  {t('count.denomination')}
                </Text>
                <Text size="xs" fw={600}>
                  {t('count.pieces')}
                </Text>
                <Text size="xs" fw={600} ta="right">
                  {t('count.subtotal')}
                </Text>
                {DENOMINATIONS.map((d) => {
                  const n = parsePieces(pieces[d]);
                  const label = denominationLabel(d, coinSign);
                  return [
                    <Text key={`${d}-l`} size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {label}
                    </Text>,
                    <TextInput
                      key={`${d}-i`}
                      size="xs"
                      inputMode="numeric"
                      autoComplete="off"
                      aria-label={t('count.piecesOf', { denomination: label })}
                      value={pieces[d] ?? ''}
                      onChange={(e) => {
                        const v = e.currentTarget.value;
                        setPieces((p) => ({ ...p, [d]: v }));
                      }}
                      error={n === null}
                      data-denomination={d}
                    />,
                    <Text key={`${d}-s`} size="sm" ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {n === null ? '-' : formatCents(denominationCents(d) * n, coinSign)}
                    </Text>,
                  ];
                })}
              </SimpleGrid>
              <Group justify="space-between" mt={4}>
                <Text fw={700}>{t('count.sum')}</Text>
                <Text fw={700} data-testid="count-sum" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {sum === null ? '-' : formatCents(sum, coinSign)}
                </Text>
              </Group>
            </Stack>
          ) : (
            <TextInput label={t('count.total')} name="counted" inputMode="decimal" autoComplete="off" data-autofocus value={total} onChange={(e) => setTotal(e.currentTarget.value)} withAsterisk data-testid="count-total" />
          )}
          {error ? (
            <Text size="sm" c="red.9" role="alert">
              {error}
            </Text>
          ) : null}
          <Stack gap="xs">
            <Button type="submit" loading={busy} disabled={busy} fullWidth data-testid="count-submit">
              {t('count.submit')}
            </Button>
            <Button variant="default" onClick={onCancel} disabled={busy} fullWidth data-testid="count-cancel">
              {t('count.cancel')}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Modal>
  );
}
