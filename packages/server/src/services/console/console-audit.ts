import { actorOfConsole, type AuditEntry } from '../audit/audit.js';
import { runChange, type Change } from '../change.js';
import type { ConsoleActor } from '../../domain/console-actor.js';
import type { DbDeps, Deps } from '../deps.js';
import { Status, type OperatorReason } from '@moneybox/contract';
import { StatusRefusal } from '../../domain/status-refusal.js';
import { OperatorError, UsernameTaken } from '../operator/operator.service.js';

type ConsoleAudit = (entry: AuditEntry) => Promise<void>;

/**
 * Every console action runs here (services/change.ts `runChange`): the change and its audit row (who:
 * the platform account and its role; what; before and after) in one transaction, so a refused change
 * leaves no row and a done one always has one. A store's row carries its kiosk id, so the store's own
 * Activity tab shows it too, and once committed the store moves on every console's live stores screen.
 * The operator's command line (PLATFORM_OPERATOR) is audited as the CLI's other commands are: operator.
 */
export async function consoleAudited<T, D extends DbDeps & Pick<Deps, 'live'>>(deps: D, actor: ConsoleActor, fn: (tx: D, audit: ConsoleAudit, change: Change) => Promise<T>): Promise<T> {
  return runChange(deps, actorOfConsole(actor), (tx, change) => fn(tx, (e) => change.audit(e), change));
}

/**
 * A console action whose audit row the operator's step writes itself (services/operator): the scope
 * check and the step in one change; once committed, the store moves on the live stores screens.
 */
export async function consoleStep<T, D extends DbDeps & Pick<Deps, 'live'>>(deps: D, actor: ConsoleActor, storeId: number, fn: (tx: D) => Promise<T>): Promise<T> {
  return runChange(deps, actorOfConsole(actor), (tx, change) => {
    change.moved(storeId);
    return fn(tx);
  });
}

/**
 * The console's 13 for input it refuses: the machine `reason` the web words in the user's language
 * (contract operator-reasons.ts), and the English words for logs.
 */
export function refuseInput(reason: OperatorReason, error: string): never {
  throw new StatusRefusal(Status.INPUT_ERROR, { error, reason });
}

/**
 * The operator service's refusal as a console answer: 13 with its machine reason (when it has one) and its
 * English words; a taken staff name 22.
 */
export async function asConsole<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    // A taken staff name: the spec's 22 and nothing more (its holder may be outside the caller's scope).
    if (err instanceof UsernameTaken) throw new StatusRefusal(Status.ACCOUNT_NAME_REPEATED);
    if (err instanceof OperatorError) throw new StatusRefusal(Status.INPUT_ERROR, { error: err.message, ...(err.reason !== undefined && { reason: err.reason }) });
    throw err;
  }
}
