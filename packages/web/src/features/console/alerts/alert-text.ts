import type { ConsoleAlert } from '@moneybox/contract';
import { toUnits } from '@moneybox/contract/money';
import type { TFunction } from 'i18next';
import { consoleTime } from '../shell/console-time';

type Detail = Record<string, unknown>;
const num = (d: Detail, k: string) => (typeof d[k] === 'number' ? d[k] : 0);
const str = (d: Detail, k: string) => (typeof d[k] === 'string' ? d[k] : '');

/** One movement an unusual-activity alert lists (its detail's `movements`, as the server's sweep wrote them). */
export interface ListedMovement {
  id: number;
  kid: number;
  store: string;
  customer: number;
  name: string;
  kind: string;
  amount_cents: number;
  at: string;
}

/** The movements an alert lists (structuring, little play), oldest first; [] for the other kinds. */
export function alertMovements(a: Pick<ConsoleAlert, 'detail'>): ListedMovement[] {
  const m = a.detail.movements;
  return Array.isArray(m) ? (m.filter((x) => typeof x === 'object' && x !== null && typeof (x as ListedMovement).id === 'number') as ListedMovement[]) : [];
}

/** The window of a structuring alert in words: its store day, or the week from its Monday. */
function windowText(window: string, t: TFunction): string {
  const [unit, day] = window.split(':');
  return unit === 'week' ? t('console:alerts.window.week', { day }) : t('console:alerts.window.day', { day });
}

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
    case 'structuring': {
      const key = d.by_document === true ? 'console:alerts.text.structuring' : 'console:alerts.text.structuringRecord';
      return t(key, { count: num(d, 'count'), band: num(d, 'band_percent'), window: windowText(str(d, 'window'), t) });
    }
    case 'little_play':
      return t('console:alerts.text.little_play', { name: str(d, 'name'), day: str(d, 'day'), bought: money(toUnits(num(d, 'bought_cents'))), redeemed: money(toUnits(num(d, 'redeemed_cents'))), bet: money(toUnits(num(d, 'bet_cents'))) });
  }
}
