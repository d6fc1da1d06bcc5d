import type { ReceiptDoc, ReceiptLine } from '../hardware/receipt';
import { isXReport, reportLines, type DrawerReportData, type ReportContext } from './report-lines';

type T = (key: string) => string;

/**
 * The drawer report (X or closing) as the counter's printer prints it: the dialog's lines, in its order,
 * as label and value pairs (a denomination indented under its count), between the title and the footer.
 * A report moves no cash: it never opens the drawer, and carries no QR code.
 */
export function drawerReportReceipt(report: DrawerReportData, ctx: ReportContext, t: T): ReceiptDoc {
  const x = isXReport(report);
  const lines: ReceiptLine[] = [{ type: 'center', text: t(x ? 'drawer-report:xTitle' : 'drawer-report:title'), bold: true, big: true }];
  if (x) lines.push({ type: 'center', text: t('drawer-report:xNote') });
  lines.push({ type: 'rule' });
  for (const l of reportLines(report, ctx)) {
    lines.push({ type: 'pair', left: l.text ? `  ${l.text}` : t(`drawer-report:${l.label ?? l.key}`), right: l.value, ...(l.strong ? { bold: true } : {}) });
  }
  lines.push({ type: 'rule' }, { type: 'center', text: t('drawer-report:footer') });
  return { lines, qr: null, pulse: false };
}
