import type { CallInput } from '@moneybox/contract';
import { Button, Modal, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH } from '../../components/message';
import { OpenDrawerOnMount } from '../hardware/MovementPrint';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { centsToUnits, formatCents, MAX_CENTS, readAmount } from '../../money/units';
import { countDetail, countTotalCents, storeDenominations, type PieceCounts } from './denominations';
import { DenominationCount } from './DenominationCount';

/** `/drawer/shift`'s input with the count taken (`counted` in currency units, as the wire takes them). */
export type CashCount = CallInput<'/drawer/shift'> & { counted: number; next?: { username: string; password: string } };

interface CashCountDialogProps {
  drawerNumber: number;
  /** The store's denominations (empty: the layout currency's defaults). */
  storeList?: readonly string[] | undefined;
  /** A boss's force close: the intro says whose drawer is counted. */
  intro?: string | undefined;
  /** Closes the shift with the count; rejects when the server refused (the dialog stays open). */
  onSubmit: (count: CashCount) => Promise<void>;
  /** Back to work: the shift stays open. */
  onCancel: () => void;
  /** Handover: the incoming cashier signs with their username and password; the count is their initial amount. */
  handover?: boolean | undefined;
  /** The cashier's own close (logout, Close shift): a switch turns the count into a handover to the next cashier. */
  offerHandover?: boolean | undefined;
}

/**
 * The blind cash count at shift close: the cashier counts the drawer without seeing what it should
 * hold, so the count is honest; the expected balance appears only on the report afterwards.
 * Mounted only while counting, so its texts load with it.
 */
export function CashCountDialog({ drawerNumber, storeList, intro, onSubmit, onCancel, handover: handoverFirst, offerHandover }: CashCountDialogProps) {
  const { t } = useTranslation('drawer');
  const { coinSign } = useLayoutInfo();
  const [byDenomination, setByDenomination] = useState(false);
  const [total, setTotal] = useState('');
  const [pieces, setPieces] = useState<PieceCounts>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [next, setNext] = useState({ username: '', password: '' });
  const [handover, setHandover] = useState(handoverFirst === true);
  const denominations = storeDenominations(storeList, coinSign);
  /** A switch of the dialog: its new state, and the last error goes. */
  const toggle = (set: (on: boolean) => void) => (e: React.ChangeEvent<HTMLInputElement>) => {
    set(e.currentTarget.checked);
    setError(null);
  };
  const sum = countTotalCents(pieces, denominations);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    let count: CashCount;
    if (byDenomination) {
      if (sum === null) {
        setError(t('count.piecesInvalid'));
        return;
      }
      count = { counted: centsToUnits(sum), count_detail: countDetail(pieces, denominations) };
    } else {
      const read = readAmount(total, { minCents: 0 });
      if (!read.ok) {
        setError(read.problem === 'empty' ? t('count.required') : read.problem === 'aboveMax' ? t('errors.amountTooLarge', { max: formatCents(MAX_CENTS) }) : t('errors.amountInvalid'));
        return;
      }
      count = { counted: centsToUnits(read.cents) };
    }
    if (handover) {
      if (!next.username || !next.password) {
        setError(t('handover.required'));
        return;
      }
      count = { ...count, next };
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
      title={handover ? t('handover.title') : t('count.title')}
      // Opaque: the Drawer page behind shows the live balance, which a blind count must not see.
      overlayProps={{ backgroundOpacity: 1, color: '#2e3338' }}
      data-testid="cash-count-dialog"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{intro ?? (handover ? t('handover.intro', { number: drawerNumber }) : t('count.intro', { number: drawerNumber }))}</Text>
          {/* The counter's own drawer opens for the count (through its printer); a boss's force close counts another counter's. */}
          {intro === undefined ? <OpenDrawerOnMount /> : null}
          <Switch label={t('count.byDenomination')} checked={byDenomination} onChange={toggle(setByDenomination)} data-testid="count-by-denomination" />
          {byDenomination ? (
            <DenominationCount denominations={denominations} coinSign={coinSign} pieces={pieces} onChange={setPieces} />
          ) : (
            <TextInput label={t('count.total')} name="counted" inputMode="decimal" autoComplete="off" data-autofocus value={total} onChange={(e) => setTotal(e.currentTarget.value)} withAsterisk data-testid="count-total" />
          )}
          {offerHandover ? (
            <Switch label={t('handover.button')} checked={handover} onChange={toggle(setHandover)} data-testid="count-handover" />
          ) : null}
          {handover ? (
            <>
              <TextInput label={t('handover.username')} name="next-username" autoComplete="off" value={next.username} onChange={(e) => setNext({ ...next, username: e.currentTarget.value })} withAsterisk data-testid="handover-username" />
              <TextInput label={t('handover.password')} name="next-password" type="password" autoComplete="off" value={next.password} onChange={(e) => setNext({ ...next, password: e.currentTarget.value })} withAsterisk data-testid="handover-password" />
            </>
          ) : null}
          {error ? (
            <Text size="sm" c="red.9" role="alert">
              {error}
            </Text>
          ) : null}
          <Stack gap="xs">
            <Button type="submit" loading={busy} disabled={busy} fullWidth data-testid="count-submit">
              {handover ? t('handover.submit') : t('count.submit')}
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
