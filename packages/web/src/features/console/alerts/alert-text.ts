import type { ConsoleAlert } from '@moneybox/contract';
import { toUnits } from '@moneybox/contract/money';
import type { TFunction } from 'i18next';
import { consoleTime } from '../shell/console-time';

type Detail = Record<string, unknown>;
const num = (d: Detail, k: string) => (typeof d[k] === 'number' ? d[k] : 0);
const str = (d: Detail, k: string) => (typeof d[k] === 'string' ? d[k] : '');

/** What an alert is about, in the viewer's language, from the facts the server recorded with it. */
export function alertText(a: Pick<ConsoleAlert, 'kind' | 'detail'>, t: TFunction, money: (units: number) => string): string {
  const d = a.detail;
  switch (a.kind) {
    case 'low_credit':
      return t('console:alerts.text.low_credit', { credit: money(toUnits(num(d, 'credit_cents'))), threshold: money(toUnits(num(d, 'threshold_cents'))) });
    case 'over_short':
      return t('console:alerts.text.over_short', { drawer: num(d, 'drawer'), diff: money(toUnits(num(d, 'diff_cents'))), threshold: money(toUnits(num(d, 'threshold_cents'))) });
    case 'long_shift':
      return t('console:alerts.text.long_shift', { drawer: num(d, 'drawer'), since: consoleTime(str(d, 'started_at')), hours: num(d, 'threshold_hours') });
    case 'machine_offline':
      return t('console:alerts.text.machine_offline', { machine: num(d, 'machine'), seen: consoleTime(str(d, 'last_seen_at')) });
    case 'lockouts':
      return t('console:alerts.text.lockouts', { account: str(d, 'account'), count: num(d, 'lockouts') });
    case 'meters':
      return t('console:alerts.text.meters', { machine: num(d, 'machine') });
    case 'ledger':
      // The chain check's finding (rows changed after they were digested) names its first row; verify's sums name a balance.
      if ('first_row' in d) return typeof d.first_row === 'number' ? t('console:alerts.text.ledgerChain', { row: d.first_row }) : t('console:alerts.text.ledgerChainPeriod');
      return t('console:alerts.text.ledger', { what: str(d, 'what'), id: num(d, 'id'), cached: money(toUnits(num(d, 'cached_cents'))), ledger: money(toUnits(num(d, 'ledger_cents'))) });
  }
}
