import type { DailyLogReply, DailyRow, ReportChannel } from '@moneybox/contract';
import { countColumn, moneyColumn, textColumn, type ReportColumn } from './report-columns';

type T = (key: string, options?: Record<string, unknown>) => string;
type Figures = DailyLogReply['totals'];

/** A channel in words (POS, Reload kiosk, Online, Reloader). */
export function channelLabel(channel: string, t: T): string {
  return t(`reports:channels.${channel}`, { defaultValue: channel });
}

/** The daily report's columns, one row per store day × channel, with the period's totals row. */
export function dailyColumns(t: T, sign: string, totals: Figures | null): ReportColumn<DailyRow>[] {
  return [
    textColumn('day', t('reports:col.day'), (r) => r.day, totals ? t('reports:total') : undefined, true),
    textColumn('channel', t('reports:col.channel'), (r) => channelLabel(r.channel, t)),
    ...figureColumns<DailyRow>(t, sign, totals),
  ];
}

/** The daily figures' columns (purchases … revert count) of any row that carries them, with the totals' cells. */
export function figureColumns<Row extends Figures>(t: T, sign: string, totals: Figures | null): ReportColumn<Row>[] {
  const m = (id: string, get: (r: Row) => number, total: number | undefined) => moneyColumn(id, t(`reports:col.${id}`), get, sign, totals ? total : undefined);
  const n = (id: string, get: (r: Row) => number, total: number | undefined) => countColumn(id, t(`reports:col.${id}`), get, totals ? total : undefined);
  return [
    m('purchases', (r) => r.purchases, totals?.purchases),
    n('purchaseCount', (r) => r.purchase_count, totals?.purchase_count),
    m('redeems', (r) => r.redeems, totals?.redeems),
    n('redeemCount', (r) => r.redeem_count, totals?.redeem_count),
    m('net', (r) => r.net, totals?.net),
    m('specialComps', (r) => r.special_comps, totals?.special_comps),
    n('specialCompsCount', (r) => r.special_comps_count, totals?.special_comps_count),
    m('reverts', (r) => r.reverts, totals?.reverts),
    n('revertCount', (r) => r.revert_count, totals?.revert_count),
  ];
}

/** The chart's rows: one per store day, the net of each channel shown (amounts in units). */
export function netByDay(list: readonly DailyRow[], channels: readonly ReportChannel[]): Array<Record<string, string | number>> {
  const byDay = new Map<string, Record<string, string | number>>();
  for (const r of list) {
    if (!channels.includes(r.channel)) continue;
    const row = byDay.get(r.day) ?? { day: r.day };
    row[r.channel] = r.net;
    byDay.set(r.day, row);
  }
  return [...byDay.values()];
}
