import type { AuditKind } from '@moneybox/contract';
import type { ConsoleActor } from '../../domain/console-actor.js';
import { SEED, actorOfConsole, type AuditActor, type AuditEntry, type AuditTarget } from '../audit/audit.js';
import { runChange, type Change } from '../change.js';
import type { DbDeps, Deps } from '../deps.js';

/**
 * Who takes an operator step (creating a store or an account, freezing, quotas): the operator at its
 * command line (an `AuditActor`: OPERATOR, or SEED building fixtures) or a platform account at the console.
 */
export type PlatformActor = AuditActor | ConsoleActor;

const atConsole = (actor: PlatformActor): actor is ConsoleActor => 'sessionId' in actor;

/** One step's row, in each transport's words. */
export interface StepRow {
  storeId: number | null;
  target: AuditTarget;
  /** The operator's command that takes this step, as its row has always named it (operator.command). */
  command: string;
  /** What the step was given (a secret field never reaches the trail: writeAudit scrubs it). */
  given: Record<string, unknown>;
  /** The console's kind for the step, with its before and after. */
  console?: { kind: AuditKind; before?: Record<string, unknown>; after?: Record<string, unknown> };
}

/** A step's change: its one audit row in the step's words, and the change's moves and messages. */
export interface Step extends Omit<Change, 'audit'> {
  audit(row: StepRow, at?: string): Promise<void>;
}

/** The step's row as the trail keeps it: a console account's in the console's kind, the operator's an `operator.command` row naming its command. */
function entryOf(actor: PlatformActor, row: StepRow): AuditEntry {
  if (!atConsole(actor)) return { storeId: row.storeId, kind: 'operator.command', target: row.target, after: { command: row.command, ...row.given } };
  if (!row.console) throw new Error(`the console takes no "${row.command}" step`);
  return { storeId: row.storeId, kind: row.console.kind, target: row.target, before: row.console.before ?? null, after: row.console.after ?? row.given };
}

/**
 * An operator's step run by the change runner (services/change.ts): its writes and its audit row in
 * one transaction, the console action's own when a console account takes it (the runner joins it).
 * SEED, building fixtures, writes no row.
 */
export function operatorStep<T, D extends DbDeps & Pick<Deps, 'live' | 'bus'>>(deps: D, actor: PlatformActor, fn: (tx: D, step: Step) => Promise<T>): Promise<T> {
  const who = atConsole(actor) ? actorOfConsole(actor) : actor;
  return runChange(deps, who, (tx, change) =>
    fn(tx, {
      moved: change.moved,
      tell: change.tell,
      audit: async (row, at) => {
        if (actor !== SEED) await change.audit(entryOf(actor, row), at);
      },
    }),
  );
}
