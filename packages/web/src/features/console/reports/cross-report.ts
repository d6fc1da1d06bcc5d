import type { CallInput, ConsoleReport, ConsoleReportCredit, ConsoleReportRow, ConsoleReportStore } from '@moneybox/contract';
import { dailyColumns, figureColumns } from '../../reports/daily-columns';
import { moneyColumn, countColumn, textColumn, type ReportColumn } from '../../reports/report-columns';
import type { Period } from '../../reports/period';

type T = (key: string, options?: Record<string, unknown>) => string;

/** The Reports screen's filters as typed: a distributor's id ('' all) and kiosk ids separated by commas or spaces ('' all). */
export interface CrossFilters {
  distributor: string;
  stores: string;
}

/** The kiosk ids typed in the Stores filter (anything not a number is left out); undefined: every store. */
export function typedStores(text: string): number[] | undefined {
  const ids = text
    .split(/[\s,;]+/)
    .filter((s) => /^\d{1,12}$/.test(s))
    .map(Number);
  return ids.length ? [...new Set(ids)] : undefined;
}

/** The call's input for a period and the filters (page 1 unless given). */
export function reportInput(period: Period, filters: CrossFilters, page = 1): CallInput<'/operator/report'> {
  const kids = typedStores(filters.stores);
  return {
    from: period.from,
    to: period.to,
    page,
    ...(filters.distributor && { distributor_id: Number(filters.distributor) }),
    ...(kids && { kids }),
  };
}

/** How many pages of stores the report has. */
export const pageCount = (r: Pick<ConsoleReport, 'stores' | 'page_stores'>) => Math.max(1, Math.ceil(r.stores / r.page_stores));

/** The rows' columns: the store first (with the totals row's label), then the daily report's columns. */
export function crossColumns(t: T, sign: string, totals: ConsoleReport['totals'] | null): ReportColumn<ConsoleReportRow>[] {
  const [day, ...rest] = dailyColumns(t, sign, totals);
  const { total: _label, ...dayColumn } = day!;
  return [textColumn<ConsoleReportRow>('store', t('console:crossReport.store'), (r) => `${r.kid} ${r.store}`, totals ? t('reports:total') : undefined), dayColumn, ...rest];
}

/** The credit given to the stores, per store and store day, with its total. */
export function creditColumns(t: T, sign: string, totals: ConsoleReport['totals'] | null): ReportColumn<ConsoleReportCredit>[] {
  return [
    textColumn<ConsoleReportCredit>('store', t('console:crossReport.store'), (r) => `${r.kid} ${r.store}`, totals ? t('reports:total') : undefined),
    textColumn<ConsoleReportCredit>('day', t('reports:col.day'), (r) => r.day, undefined, true),
    ...creditGivenColumns<ConsoleReportCredit>(t, sign, totals),
  ];
}

/** The credit given and its moves, with the selection's totals. */
function creditGivenColumns<Row extends Pick<ConsoleReportCredit, 'credit_given' | 'credit_count'>>(t: T, sign: string, totals: ConsoleReport['totals'] | null): ReportColumn<Row>[] {
  return [
    moneyColumn<Row>('credit', t('console:crossReport.creditGiven'), (r) => r.credit_given, sign, totals?.credit_given),
    countColumn<Row>('moves', t('console:crossReport.creditMoves'), (r) => r.credit_count, totals?.credit_count),
  ];
}

/** The totals per store (the page's stores): kiosk id, store name, the figures and the credit given, with the selection's totals row. */
export function storeTotalsColumns(t: T, sign: string, totals: ConsoleReport['totals'] | null): ReportColumn<ConsoleReportStore>[] {
  return [
    textColumn<ConsoleReportStore>('kid', t('console:crossReport.kid'), (r) => r.kid, totals ? t('reports:total') : undefined, true),
    textColumn<ConsoleReportStore>('store', t('console:crossReport.store'), (r) => r.store),
    ...figureColumns<ConsoleReportStore>(t, sign, totals),
    ...creditGivenColumns<ConsoleReportStore>(t, sign, totals),
  ];
}
