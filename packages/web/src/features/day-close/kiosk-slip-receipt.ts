import type { KioskCollectionSlip } from '@moneybox/contract';
import type { ReceiptDoc, ReceiptLine } from '../hardware/receipt';
import { formatCents, formatDenomination, formatSignedUnits, formatUnits } from '../../money/units';
import { storeTime } from '../../time/store-time';
import { denominationCents } from '../shift-close/denominations';

type T = (key: string, options?: Record<string, unknown>) => string;

/** Where a kiosk collection slip is printed: the store, the kiosk's machine row, the store's zone, the currency. */
export interface KioskSlipContext {
  store: string;
  /** The kiosk's machine row id (the box's `id`, the Z report's `kiosk_id`); its name is the slip's `kiosk`. */
  kioskId?: number | undefined;
  /** The store's offset from UTC in minutes (`/config/localtime`). */
  diff: number;
  coinSign: string;
  /** Printed again from the day's list of collections: marked so. */
  reprint?: boolean;
}

/** The QR code's text: the collection's id, which a look-up or a reprint finds it by. */
export function collectionQr(collectionId: number): string {
  return `moneybox:collection:${collectionId}`;
}

/**
 * A reload kiosk's collection as the counter's receipt printer prints it: the store, the kiosk, when and by
 * whom, the expected cash, the count by denomination (largest first) and its total with the over/short, or
 * the reason it was not collected; the collection's id and its QR code last. The box is not the counter's
 * drawer: never the drawer pulse.
 */
export function kioskSlipReceipt(slip: KioskCollectionSlip, c: KioskSlipContext, t: T): ReceiptDoc {
  const money = (units: number) => formatUnits(units, c.coinSign);
  const lines: ReceiptLine[] = [
    { type: 'center', text: c.store, bold: true, big: true },
    { type: 'center', text: t('day-close:slip.title'), bold: true },
  ];
  if (c.reprint) lines.push({ type: 'center', text: t('day-close:slip.reprint') });
  lines.push(
    { type: 'rule' },
    { type: 'pair', left: t('day-close:kiosk'), right: c.kioskId === undefined ? slip.kiosk : `${slip.kiosk} #${c.kioskId}` },
    { type: 'pair', left: t('day-close:slip.time'), right: storeTime(slip.time, c.diff) },
    { type: 'pair', left: t('day-close:slip.collector'), right: slip.collector },
    { type: 'rule' },
    { type: 'pair', left: t('day-close:expected'), right: money(slip.expected) },
  );
  const counts = Object.entries(slip.count_detail ?? {}).sort(([a], [b]) => denominationCents(b) - denominationCents(a));
  for (const [d, n] of counts) {
    const cents = denominationCents(d);
    lines.push({ type: 'pair', left: `  ${formatDenomination(cents, c.coinSign)} × ${n}`, right: formatCents(cents * n, c.coinSign) });
  }
  if (slip.counted === null) lines.push({ type: 'pair', left: t('day-close:notCollected'), right: slip.reason, bold: true });
  else lines.push({ type: 'pair', left: t('day-close:counted'), right: money(slip.counted), bold: true });
  if (slip.over_short !== null) lines.push({ type: 'pair', left: t('day-close:overShort'), right: formatSignedUnits(slip.over_short, c.coinSign), bold: true });
  lines.push({ type: 'rule' }, { type: 'pair', left: t('day-close:slip.collection'), right: `#${slip.collection_id}` });
  return { lines, qr: collectionQr(slip.collection_id), pulse: false };
}
