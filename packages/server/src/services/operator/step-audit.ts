import type { AuditKind } from '@moneybox/contract';
import type { Db } from '../../db/database.js';
import type { ConsoleActor } from '../../domain/console-actor.js';
import { SEED, actorOfConsole, writeAudit, type AuditActor, type AuditTarget } from '../audit/audit.js';

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

/**
 * Writes the step's one audit row with `db`, the step's own transaction: a console account's row in
 * the console's kind; the operator's an `operator.command` row naming its command. SEED writes none.
 */
export async function auditStep(db: Db, actor: PlatformActor, row: StepRow): Promise<void> {
  if (actor === SEED) return;
  if (!atConsole(actor)) {
    await writeAudit(db, actor, { storeId: row.storeId, kind: 'operator.command', target: row.target, after: { command: row.command, ...row.given } });
    return;
  }
  if (!row.console) throw new Error(`the console takes no "${row.command}" step`);
  await writeAudit(db, actorOfConsole(actor), { storeId: row.storeId, kind: row.console.kind, target: row.target, before: row.console.before ?? null, after: row.console.after ?? row.given });
}
