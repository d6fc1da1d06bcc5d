import { SaType, type AuditKind, type ConsoleRole } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { type Actor } from '../../domain/actor.js';
import { PLATFORM_OPERATOR, type ConsoleActor } from '../../domain/console-actor.js';
import { auditRepository } from '../../repositories/audit.repository.js';

/**
 * The audit trail: one append-only row per change a person makes, written with the SAME database
 * handle (transaction) as the change, so a refused or rolled-back change leaves no row and a
 * committed change always has one. Money movements are not written here: their ledger row is their
 * audit row (who, store, when, kind, target, amount, key); the Activity tab and the CLI merge both.
 */

/** Who made a change: a staff account, the operator's command-line tool, or a platform account of the console (its id is a platform_account id). */
export interface AuditActor {
  accountId: number | null;
  name: string;
  role: 'boss' | 'cashier' | 'operator' | ConsoleRole;
}

export const OPERATOR: AuditActor = { accountId: null, name: 'operator', role: 'operator' };

/**
 * The demo seed and the test harness building their fixtures in a new database: the operator's steps
 * taken by SEED write no audit row (docs/DECISIONS.md). Only cli/seed/ and testing/ (and tests) name it;
 * the architecture test holds that.
 */
export const SEED: AuditActor = { accountId: null, name: 'seed', role: 'operator' };

/** A platform account as the trail names it; the operator's command line acting through the console's services (PLATFORM_OPERATOR) is the operator. */
export function actorOfConsole(actor: ConsoleActor): AuditActor {
  return actor.accountId === PLATFORM_OPERATOR.accountId ? OPERATOR : { accountId: actor.accountId, name: actor.username, role: actor.role };
}

/** An account acting on its own behalf (its login), before it has a session. */
export function actorOfAccount(a: { id: number; username: string; sa_type: number }): AuditActor {
  return { accountId: a.id, name: a.username, role: a.sa_type === SaType.BOSS ? 'boss' : 'cashier' };
}

export function actorOf(caller: Pick<Actor, 'accountId' | 'username' | 'role'>): AuditActor {
  return { accountId: caller.accountId, name: caller.username, role: caller.role };
}

export interface AuditTarget {
  type: 'account' | 'store' | 'drawer' | 'shift' | 'customer' | 'machine' | 'bulletin' | 'platform' | 'alert' | 'webhook';
  id?: number | null;
  /** The target's name in the product's words (username, drawer number, customer name). */
  label?: string;
}

export interface AuditEntry {
  /** Null only for platform-wide operator commands. */
  storeId: number | null;
  kind: AuditKind;
  target?: AuditTarget;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Field names that never reach the trail, whatever a caller passes: secrets and their hashes. */
const SECRET = /pass|pin|token|secret|hash|^key$|^uid$/i;

/** A copy of the values without any secret field (at any depth). */
export function scrub(values: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!values) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (SECRET.test(k) || v === undefined) continue;
    out[k] = v !== null && typeof v === 'object' && !Array.isArray(v) ? scrub(v as Record<string, unknown>) : v;
  }
  return out;
}

/** Writes one audit row with `db`, which must be the transaction of the change it describes. */
export async function writeAudit(db: Db, actor: AuditActor, entry: AuditEntry, at = isoNow()): Promise<void> {
  const before = scrub(entry.before);
  const after = scrub(entry.after);
  await auditRepository.insert(db, {
    store_id: entry.storeId,
    at,
    actor_account_id: actor.accountId,
    actor_name: actor.name,
    actor_role: actor.role,
    kind: entry.kind,
    target_type: entry.target?.type ?? '',
    target_id: entry.target?.id ?? null,
    target_label: entry.target?.label ?? '',
    before_json: before ? JSON.stringify(before) : null,
    after_json: after ? JSON.stringify(after) : null,
  });
}

/** Records a change of the caller's store by the caller. */
export type Audit = (entry: Omit<AuditEntry, 'storeId'> & { storeId?: number | null }) => Promise<void>;

/** The fields that differ between two presentations of a thing: what an edit changed, before and after. */
export function changes(before: Record<string, unknown>, after: Record<string, unknown>, fields: readonly string[] = Object.keys(after)) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const f of fields) {
    if (JSON.stringify(before[f]) !== JSON.stringify(after[f])) {
      b[f] = before[f];
      a[f] = after[f];
    }
  }
  return { before: b, after: a };
}
