import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { kioskData } from '../../auth/session';
import { dataColumns, hasTotals, type ReportColumn } from './report-columns';
import type { Period } from './period';

interface PrintReportProps<Row> {
  title: string;
  period: Period;
  /** Applied filters, already as text ("Type: Purchase"). */
  filters: string[];
  /** E.g. "Page 2 of 7, rows 21-40 of 133" for the transaction report. */
  note?: string;
  columns: readonly ReportColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** False while another print copy (the 300px shift reprint) is open. */
  enabled?: boolean;
  /** The store printed in the heading: the console's store data (name, kiosk id, time zone); by default the store's own cookies. */
  store?: PrintStore;
}

export interface PrintStore {
  name: string;
  kid: number | string;
  zone?: string;
}

/** The store signed in at this browser, from its cookies (the store's own report screens). */
function cookieStore(): PrintStore | null {
  const k = kioskData();
  return k.storename ? { name: k.storename, kid: k.kid } : null;
}

/**
 * The report for the printer: a plain table on A4 landscape (`.mbx-print-a4`, its own named page in
 * app/styles/pages.css), rendered straight under <body> like the drawer receipt, so printing shows it alone:
 * no header, side menu, form or buttons.
 */
export function PrintReport<Row>({ title, period, filters, note, columns: all, rows, rowKey, enabled = true, store: given }: PrintReportProps<Row>) {
  const { t } = useTranslation('reports');
  if (!enabled) return null;
  const columns = dataColumns(all);
  const store = given ?? cookieStore();
  return createPortal(
    <div className="mbx-print-root mbx-print-a4" data-testid="report-print">
      <h1>{title}</h1>
      <p>
        {store ? `${store.name} (${store.kid}) · ${store.zone ? `${store.zone} · ` : ''}` : ''}
        {t('printPeriod', { from: period.from, to: period.to })}
        {filters.length ? ` · ${filters.join(' · ')}` : ''}
      </p>
      {note ? <p>{note}</p> : null}
      <table>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.id} className={c.numeric ? 'num' : undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)}>
              {columns.map((c) => (
                <td key={c.id} className={c.numeric ? 'num' : undefined}>
                  {c.text(r)}
                </td>
              ))}
            </tr>
          ))}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>{t('empty')}</td>
            </tr>
          ) : null}
        </tbody>
        {hasTotals(columns) ? (
          <tfoot>
            <tr>
              {columns.map((c) => (
                <td key={c.id} className={c.numeric ? 'num' : undefined}>
                  {c.total?.text ?? ''}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
      <p className="mbx-print-foot">{t('printFoot')}</p>
    </div>,
    document.body,
  );
}
