import { Divider, Title } from '@mantine/core';
import type { KioskCollectionSlip } from '@moneybox/contract';
import { useTranslation } from 'react-i18next';
import { kioskData } from '../../auth/session';
import { ReceiptDialog } from '../../components/ReceiptDialog';
import { ReceiptLines, type ReceiptLine } from '../../components/ReceiptLines';
import { formatCents, formatDenomination } from '../../money/units';
import { useMoney } from '../../money/useMoney';
import { useLayoutInfo } from '../../theme/LayoutProvider';
import { storeTime } from '../../time/store-time';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { CounterPrintActions } from '../hardware/CounterPrintActions';
import type { PrintOptions } from '../hardware/print';
import { useCounterPrint } from '../hardware/useCounterPrint';
import { denominationCents } from '../shift-close/denominations';
import { kioskSlipReceipt } from './kiosk-slip-receipt';

/** The collection slip (300px receipt): the kiosk, who collected, expected, counted by denomination, over/short. */
export function KioskSlip({ slip }: { slip: KioskCollectionSlip }) {
  const { t } = useTranslation('day-close');
  const { money, signed } = useMoney();
  const { coinSign } = useLayoutInfo();
  const { diff } = useLocalTimeDiff();
  const lines: ReceiptLine[] = [
    { key: 'kiosk', label: t('kiosk'), value: slip.kiosk },
    { key: 'time', label: t('slip.time'), value: storeTime(slip.time, diff) },
    { key: 'collector', label: t('slip.collector'), value: slip.collector },
    { key: 'expected', label: t('expected'), value: money(slip.expected) },
    ...Object.entries(slip.count_detail ?? {})
      .sort(([a], [b]) => denominationCents(b) - denominationCents(a))
      .map(([d, n]) => ({ key: `count-${d}`, indent: true, label: `${formatDenomination(denominationCents(d), coinSign)} × ${n}`, value: formatCents(denominationCents(d) * n, coinSign) })),
    slip.counted === null ? { key: 'reason', label: t('notCollected'), value: slip.reason } : { key: 'counted', label: t('counted'), value: money(slip.counted) },
    ...(slip.over_short === null ? [] : [{ key: 'overShort', label: t('overShort'), value: signed(slip.over_short), strong: true }]),
  ];
  return (
    <div data-testid="kiosk-slip" style={{ width: '100%', maxWidth: 300, margin: '0 auto' }}>
      <Title order={2} fz="lg" ta="center">
        {t('slip.title')}
      </Title>
      <Divider my="xs" variant="dashed" />
      <ReceiptLines lines={lines} />
      <Divider my="xs" variant="dashed" />
    </div>
  );
}

interface KioskSlipDialogProps {
  slip: KioskCollectionSlip;
  /** The kiosk's machine row id, printed beside its name when known. */
  kioskId?: number | undefined;
  /** The store's name printed at the top; the signed-in store's (its cookie) when not given. */
  store?: string | undefined;
  /** Printed again from the day's list of collections (marked "Reprint"). */
  reprint?: boolean;
  onClose: () => void;
  /** The counter's printer (tests); otherwise the one set up for this browser. */
  printOptions?: PrintOptions;
}

/**
 * A kiosk collection's slip in the 300px receipt dialog, right after the collection and as a reprint from
 * the day's collections: Print sends it to the receipt printer set up for this browser (`useCounterPrint`,
 * as the drawer report's Print does; never the drawer pulse: the kiosk's box is not the counter's drawer),
 * saying so when the printer does not answer, or to the browser's print dialog when there is none.
 */
export function KioskSlipDialog({ slip, kioskId, store, reprint = false, onClose, printOptions }: KioskSlipDialogProps) {
  const { t } = useTranslation(['day-close', 'common']);
  const printer = useCounterPrint(printOptions);
  const { coinSign } = useLayoutInfo();
  const { diff } = useLocalTimeDiff();
  const doc = () => kioskSlipReceipt(slip, { store: store ?? kioskData().storename, kioskId, diff, coinSign, reprint }, t);
  return (
    <ReceiptDialog
      opened
      title={t('day-close:slip.title')}
      receipt={<KioskSlip slip={slip} />}
      testId="kiosk-slip-dialog"
      printTestId="kiosk-slip-print"
      actions={<CounterPrintActions printer={printer} doc={doc} texts={{ print: t('day-close:print'), close: t('common:close'), offline: t('day-close:slip.printerOffline') }} onClose={onClose} testId="kiosk-slip" />}
    />
  );
}
