import { Status } from '@moneybox/contract';
import type { ConsoleActor } from '../../domain/console-actor.js';
import { refuse } from '../../domain/status-refusal.js';
import { storeScope } from '../../repositories/store-scope.js';
import type { Deps } from '../deps.js';
import { consoleAudited } from './console-audit.js';
import { namedStore } from './scope.js';

/** The cash transaction log's thresholds (cents; 0 = off), as a store's row holds them. */
type CashThresholdValues = {
  cash_log_cents: number;
  cash_report_cents: number;
};

/** /operator/cashThresholds: a store's cash log and report thresholds (a store of the account's scope: the envelope checked). */
export async function getCashThresholds(deps: Deps, _actor: ConsoleActor, input: { kid: number }) {
  const row = await storeScope(deps.handle.db, input.kid).store.find();
  if (!row) refuse(Status.PERMISSION_ERROR, { kids: [input.kid] });
  return { cash_log_cents: Number(row.cash_log_cents), cash_report_cents: Number(row.cash_report_cents) };
}

/**
 * /operator/cashThresholdsSet (admin; issue 40, docs/COMPLIANCE.md "Cash transaction log"): the thresholds of
 * the stores of one jurisdiction at once, in one transaction; each store that changed gets its audit row
 * (`console.thresholds_set`, before and after), as the alert thresholds do. A money call that read the old
 * values before this commits decides by them: it happened before the change.
 */
export async function setCashThresholds(deps: Deps, actor: ConsoleActor, input: { kids: number[] } & CashThresholdValues) {
  return consoleAudited(deps, actor, async (tx, audit) => {
    const db = tx.handle.db;
    for (const kid of [...new Set(input.kids)]) {
      const store = await namedStore(db, kid);
      const scoped = storeScope(db, kid);
      const row = await scoped.store.find();
      if (!row) refuse(Status.PERMISSION_ERROR, { kids: [kid] });
      const before: CashThresholdValues = { cash_log_cents: Number(row.cash_log_cents), cash_report_cents: Number(row.cash_report_cents) };
      const after: CashThresholdValues = { cash_log_cents: input.cash_log_cents, cash_report_cents: input.cash_report_cents };
      if (before.cash_log_cents === after.cash_log_cents && before.cash_report_cents === after.cash_report_cents) continue;
      await scoped.store.update(after);
      await audit({ storeId: kid, kind: 'console.thresholds_set', target: { type: 'store', id: store.id, label: store.name }, before, after });
    }
    return {};
  });
}
