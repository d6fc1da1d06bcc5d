import type { DayCloseNote, ZReport } from '@moneybox/contract';
import type { ReceiptDoc, ReceiptLine } from '../hardware/receipt';
import { storeTime } from '../../time/store-time';
import { sealPayload, type DaySealView } from './DaySeal';

type T = (key: string, options?: Record<string, unknown>) => string;

export interface ZReceiptContext {
  closedAt: string | null;
  closedBy: string | null;
  /** The store's offset from UTC in minutes. */
  diff: number;
  notes: readonly DayCloseNote[];
  seal: DaySealView | null | undefined;
  money: (units: number | null | undefined) => string;
  signed: (units: number | null | undefined) => string;
}

/**
 * The Z report as the counter's receipt printer prints it: the same sections and figures as the dialog's
 * receipt (ZReportBody), each row as a label and its figures, a flagged row marked "!", the notes on
 * differences, and the ledger seal's text with its QR code last. A report moves no cash: no drawer pulse.
 */
export function zReportReceipt(report: ZReport, c: ZReceiptContext, t: T): ReceiptDoc {
  const { money, signed } = c;
  const heading = (key: string): ReceiptLine[] => [{ type: 'rule' }, { type: 'center', text: t(`day-close:${key}`), bold: true }];
  const rows = <I>(items: readonly I[], row: (item: I) => ReceiptLine[]): ReceiptLine[] => (items.length ? items.flatMap(row) : [{ type: 'center', text: t('day-close:none') }]);
  const tt = report.totals;
  const lines: ReceiptLine[] = [
    { type: 'center', text: t('day-close:zTitle'), bold: true, big: true },
    { type: 'center', text: `${report.store} · ${report.day}` },
    { type: 'center', text: t('day-close:window', { from: storeTime(report.from, c.diff), to: storeTime(report.to, c.diff) }) },
    { type: 'center', text: c.closedAt ? t('day-close:closedBy', { at: storeTime(c.closedAt, c.diff), by: c.closedBy ?? '' }) : t('day-close:notClosed') },
    ...heading('shifts'),
    ...rows(report.shifts, (s) => [
      { type: 'pair', left: `#${s.moneybox} ${s.cashier}${s.large ? ' !' : ''}`, right: s.over_short === null ? '—' : signed(s.over_short), bold: true },
      { type: 'pair', left: `  ${t('day-close:expected')}`, right: money(s.expected) },
      { type: 'pair', left: `  ${t('day-close:counted')}`, right: s.counted === null ? '—' : money(s.counted) },
    ]),
    ...heading('collections'),
    ...rows(report.collections, (k) => [
      { type: 'pair', left: `${k.kiosk}${k.large ? ' !' : ''}`, right: k.over_short === null ? k.reason : signed(k.over_short), bold: true },
      { type: 'pair', left: `  ${t('day-close:expected')}`, right: money(k.expected) },
      { type: 'pair', left: `  ${t('day-close:counted')}`, right: k.counted === null ? t('day-close:notCollected') : money(k.counted) },
    ]),
    ...heading('machines'),
    ...rows(report.machines, (m) => [
      { type: 'pair', left: `${m.name}${m.metersMatch ? '' : ' !'}`, right: `${m.metersMatch ? t('day-close:metersMatch') : t('day-close:metersDiffer')}${m.meterResets ? ` · ${t('day-close:metersReset', { n: m.meterResets })}` : ''}`, bold: true },
      { type: 'pair', left: `  ${t('day-close:played')}`, right: money(m.played) },
      { type: 'pair', left: `  ${t('day-close:won')}`, right: money(m.won) },
      { type: 'pair', left: `  ${t('day-close:meters')}`, right: `${m.meters.played}/${m.meters.won}/${m.meters.games} · ${m.ledger.played}/${m.ledger.won}/${m.ledger.games}` },
    ]),
    ...heading('channels'),
    ...rows(report.channels, (ch) => [
      { type: 'pair', left: t(`day-close:channel.${ch.channel}`), right: '', bold: true },
      { type: 'pair', left: `  ${t('day-close:purchases')}`, right: money(ch.purchases) },
      { type: 'pair', left: `  ${t('day-close:redeems')}`, right: money(ch.redeems) },
      { type: 'pair', left: `  ${t('day-close:specialComps')}`, right: money(ch.special_comps) },
    ]),
    ...heading('totals'),
    { type: 'pair', left: t('day-close:purchases'), right: money(tt.purchases) },
    { type: 'pair', left: t('day-close:redeems'), right: money(tt.redeems) },
    { type: 'pair', left: t('day-close:specialComps'), right: money(tt.special_comps) },
    { type: 'pair', left: t('day-close:gifts'), right: money(report.gifts.amount) },
    { type: 'pair', left: t('day-close:creditUsed'), right: money(report.store_credit_used) },
    { type: 'pair', left: t('day-close:drawersOverShort'), right: signed(tt.drawers_over_short), bold: true },
    { type: 'pair', left: t('day-close:kiosksOverShort'), right: signed(tt.kiosks_over_short), bold: true },
    { type: 'pair', left: t('day-close:largeDifferences', { threshold: money(report.large_diff) }), right: String(tt.large_differences + tt.machines_mismatched) },
  ];
  if (c.notes.length) {
    lines.push(...heading('notes'));
    for (const n of c.notes) lines.push({ type: 'pair', left: noteTarget(report, n, t), right: '' }, { type: 'center', text: `${t('day-close:noteBy', { by: n.by, at: storeTime(n.at, c.diff) })}: ${n.note}` });
  }
  if (c.seal) {
    lines.push(...heading('seal.title'));
    for (const row of c.seal.text.split('\n')) lines.push({ type: 'center', text: row });
    lines.push({ type: 'center', text: `${t('day-close:seal.signature')}: ${c.seal.signature}` }, { type: 'center', text: `${t('day-close:seal.publicKey')}: ${c.seal.public_key}` });
  }
  return { lines, qr: c.seal ? sealPayload(c.seal) : null, pulse: false };
}

/** What a note on a difference is about, as the report names it: the shift's drawer and cashier, the kiosk, the machine (its id when the report has none). */
export function noteTarget(report: ZReport, n: DayCloseNote, t: T): string {
  if (n.target === 'shift') {
    const s = report.shifts.find((x) => x.shift_id === n.target_id);
    return `${t('day-close:shift')} ${s ? `#${s.moneybox} ${s.cashier}` : `#${n.target_id}`}`;
  }
  if (n.target === 'collection') return `${t('day-close:kiosk')} ${report.collections.find((x) => x.collection_id === n.target_id)?.kiosk ?? `#${n.target_id}`}`;
  return `${t('day-close:machine')} ${report.machines.find((x) => x.id === n.target_id)?.name ?? `#${n.target_id}`}`;
}
