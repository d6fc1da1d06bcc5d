import { Status, toUnits, type Cents } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { PLATFORM_OPERATOR, type ConsoleActor } from '../../domain/console-actor.js';
import { refuse, StatusRefusal } from '../../domain/status-refusal.js';
import { post } from '../../money/ledger.js';
import { Refusal } from '../../money/refusal.js';
import { consoleStoreRepository } from '../../repositories/console-store.repository.js';
import { creditTransferRepository as transfers } from '../../repositories/credit-transfer.repository.js';
import { platformAccountRepository as accounts } from '../../repositories/platform-account.repository.js';
import type { DbDeps } from '../deps.js';
import { consoleAudited, refuseInput } from './console-audit.js';
import { namedStore, storesInScope } from './scope.js';

/**
 * Credit down the platform hierarchy (docs/DECISIONS.md "Credit hierarchy"). Every move runs along
 * ONE edge, between a child (a distributor or a store) and its parent: a store's parent is its
 * distributor (the operator when it has none), a distributor's parent is its parent distributor (a
 * sub-distributor) or the operator. The operator's issuing is unlimited (no row, no balance); a
 * distributor gives only what it holds. The admin may move credit along any edge; a distributor
 * along the edges below it; support never. A store's side is its ledger row (kind store_credit, the
 * store-credit rule of money/ledger.ts `post`), so its credit stays the one the counter uses. A
 * store's special comps budget flows the same way, out of the same balance: its distributor gives
 * it from its credit (and gets it back), so no distributor gives comps it does not hold.
 */

export interface CreditMoveInput {
  key: string;
  kid?: number | undefined;
  distributor_id?: number | undefined;
  fund: 'credit' | 'comps';
  amount: Cents;
  back: boolean;
  note?: string | undefined;
}

type Party = { kind: 'store'; id: number; label: string; parent: number | null } | { kind: 'distributor'; id: number; label: string; parent: number | null };

/** The child of a move and its parent, refused (21) when the actor may not move along that edge. */
async function edge(db: Db, actor: ConsoleActor, input: CreditMoveInput): Promise<Party> {
  if ((input.kid === undefined) === (input.distributor_id === undefined)) refuseInput('credit_target', 'name a store (kid) or a distributor');
  if (input.kid !== undefined) {
    const store = await namedStore(db, input.kid);
    const bound = await accounts.distributorOf(db, input.kid);
    const parent = bound?.account_id ?? null;
    if (actor.role !== 'admin' && parent !== actor.accountId) refuse(Status.PERMISSION_ERROR);
    return { kind: 'store', id: store.id, label: store.name, parent };
  }
  if (input.fund !== 'credit') refuseInput('comps_store_only', 'a comps budget belongs to a store');
  const child = await accounts.find(db, input.distributor_id!);
  const mine = child?.role === 'distributor' && (actor.role === 'admin' || child.parent_id === actor.accountId);
  if (!child || !mine) refuse(Status.PERMISSION_ERROR);
  return { kind: 'distributor', id: child.id, label: child.username, parent: child.parent_id };
}

/**
 * 32 for a side that has less than the move takes from it, in words a user understands: the reason
 * (giver_credit_short: the parent giving; store_credit_short, store_budget_short, distributor_credit_short:
 * the child a take-back comes out of), the move's amount and that side's balance now, in currency units.
 */
function short(reason: 'giver_credit_short' | 'store_credit_short' | 'store_budget_short' | 'distributor_credit_short', error: string, amount: Cents, balanceCents: number): never {
  refuse(Status.CREDIT_ERROR, { error, reason, amount: toUnits(amount), balance: toUnits(balanceCents) });
}

async function creditOf(db: Db, accountId: number): Promise<number> {
  return Number((await accounts.find(db, accountId))?.credit_cents ?? 0);
}

function sameMove(row: NonNullable<Awaited<ReturnType<typeof transfers.findByKey>>>, child: Party, fund: string, delta: number) {
  const childId = child.kind === 'store' ? row.child_store_id : row.child_account_id;
  return row.fund === fund && Number(childId) === child.id && Number(row.d_child_cents) === delta;
}

function moveReply(row: { id: number; parent_balance_cents: number | null; child_balance_cents: number }) {
  return { id: row.id, parent_balance: row.parent_balance_cents === null ? null : toUnits(row.parent_balance_cents), child_balance: toUnits(row.child_balance_cents) };
}

/**
 * Gives credit (or a store's comps budget) to a child, or takes it back up (`back`), with a note.
 * Idempotent by key: the same key and move answer the first result again (no second move); the same
 * key for another move is refused (12). Nobody gives more than it holds (32): the guarded updates run
 * parent first, then child, in every move, so concurrent moves wait on the same rows in one order.
 */
export async function moveCredit(deps: DbDeps, actor: ConsoleActor, input: CreditMoveInput) {
  if (input.amount <= 0) refuse(Status.AMOUNT_ERROR);
  const delta = input.back ? -input.amount : input.amount;
  const again = async () => {
    const row = await transfers.findByKey(deps.handle.db, input.key);
    if (!row) return undefined;
    if (!sameMove(row, await edge(deps.handle.db, actor, input), input.fund, delta)) refuse(Status.KEY_ERROR);
    return moveReply(row);
  };
  const done = await again();
  if (done) return done;
  try {
    return await consoleAudited(deps, actor, async (tx, audit) => {
      const db = tx.handle.db;
      const child = await edge(db, actor, input);
      const at = isoNow();
      const note = (input.note ?? '').trim();
      // The parent's side first (a distributor's balance; the operator has none), then the child's.
      // A store's comps budget comes out of its distributor's credit like the store's credit does.
      let parentBalance: number | null = null;
      if (child.parent !== null) {
        const after = await transfers.addCredit(db, child.parent, -delta);
        if (after === undefined) short('giver_credit_short', 'the giver has less credit than that', input.amount, await creditOf(db, child.parent));
        parentBalance = after;
      }
      let childBalance: number;
      let ledgerId: number | null = null;
      if (child.kind === 'store') {
        const comps = input.fund === 'comps';
        try {
          ledgerId = await post(db, {
            storeId: child.id,
            kind: comps ? 'comps_budget' : 'store_credit',
            channel: 'operator',
            amount: input.amount,
            ...(comps ? { budget: delta } : { credit: delta }),
            note: note || (comps ? 'console special comps budget' : 'console credit'),
            at,
          });
        } catch (err) {
          if (!(err instanceof Refusal)) throw err;
          const [now] = await consoleStoreRepository.stores(db, [child.id]);
          const held = Number((comps ? now?.comps_budget_cents : now?.credit_cents) ?? 0);
          if (comps) short('store_budget_short', 'the store has less special comps budget than that', input.amount, held);
          short('store_credit_short', 'the store has less credit than that', input.amount, held);
        }
        const [s] = await consoleStoreRepository.stores(db, [child.id]);
        if (!s) refuse(Status.PERMISSION_ERROR);
        childBalance = Number(comps ? s.comps_budget_cents : s.credit_cents);
      } else {
        const after = await transfers.addCredit(db, child.id, delta);
        if (after === undefined) short('distributor_credit_short', 'the distributor has less credit than that', input.amount, await creditOf(db, child.id));
        childBalance = after;
      }
      const row = {
        at,
        key: input.key,
        fund: input.fund,
        parent_account_id: child.parent,
        child_account_id: child.kind === 'distributor' ? child.id : null,
        child_store_id: child.kind === 'store' ? child.id : null,
        d_child_cents: delta,
        parent_balance_cents: parentBalance,
        child_balance_cents: Number(childBalance),
        ledger_id: ledgerId,
        actor_account_id: actor.accountId,
        note,
      };
      const id = await transfers.insert(db, row);
      await audit({
        storeId: child.kind === 'store' ? child.id : null,
        kind: `console.${input.fund}_${input.back ? 'take_back' : 'give'}`,
        target: { type: child.kind === 'store' ? 'store' : 'platform', id: child.id, label: child.label },
        before: { balance: toUnits(row.child_balance_cents - delta), parent_balance: parentBalance === null ? null : toUnits(parentBalance + delta) },
        after: { amount: toUnits(delta), balance: toUnits(row.child_balance_cents), parent_balance: parentBalance === null ? null : toUnits(parentBalance), note },
      });
      return moveReply({ id, ...row });
    });
  } catch (err) {
    // Two requests with one key at once: the loser's transaction rolled back whole; it answers the winner's move.
    if (isUniqueViolation(err)) {
      const done = await again();
      if (done) return done;
    }
    throw err;
  }
}

export interface StoresCreditInput {
  back: boolean;
  note?: string | undefined;
  moves: { key: string; kid: number; amount: Cents }[];
}

/**
 * Credit to several stores at once (or taken back from them): every store is checked on the caller's
 * edges first (one that is not: 21 and nothing moves), then each move runs as `moveCredit` on its own,
 * with its own key, in the request's order. A refused move (the giver short, a reused key, ...) is
 * that move's result and the others go on; a replay of the call answers each done move again and
 * moves nothing twice, so the client retries the refused ones with their same keys.
 */
export async function moveCreditToStores(deps: DbDeps, actor: ConsoleActor, input: StoresCreditInput) {
  for (const kid of new Set(input.moves.map((m) => m.kid))) await edge(deps.handle.db, actor, { key: '', kid, fund: 'credit', amount: 0 as Cents, back: input.back });
  const results = [];
  for (const m of input.moves) {
    try {
      const done = await moveCredit(deps, actor, { key: m.key, kid: m.kid, fund: 'credit', amount: m.amount, back: input.back, note: input.note });
      results.push({ kid: m.kid, key: m.key, ok: true, ...done });
    } catch (err) {
      if (!(err instanceof StatusRefusal)) throw err;
      const { reason, amount, balance } = err.extra;
      results.push({
        kid: m.kid,
        key: m.key,
        ok: false,
        refusal: err.status,
        ...(typeof reason === 'string' && { reason }),
        ...(typeof amount === 'number' && { amount }),
        ...(typeof balance === 'number' && { balance }),
      });
    }
  }
  return { results };
}

/** The distributors the actor may see: the admin and the operator's support all; a distributor itself and its sub-distributors; support its distributor's. */
async function distributorsInScope(db: Db, actor: ConsoleActor) {
  const all = (await accounts.list(db)).filter((a) => a.role === 'distributor' && a.removed !== 1);
  const owner = actor.role === 'distributor' ? actor.accountId : actor.role === 'support' ? actor.parentId : null;
  if (owner === null) return all;
  return all.filter((a) => a.id === owner || a.parent_id === owner);
}

/** Each distributor in scope with its credit on hand and its stores. */
export async function listDistributors(deps: DbDeps, actor: ConsoleActor) {
  const { db } = deps.handle;
  const [list, bindings] = await Promise.all([distributorsInScope(db, actor), accounts.bindings(db)]);
  const names = new Map(list.map((a) => [a.id, a.username]));
  return {
    list: list.map((a) => ({
      id: a.id,
      username: a.username,
      parent: a.parent_id === null ? null : (names.get(a.parent_id) ?? null),
      parent_id: a.parent_id,
      credit: toUnits(Number(a.credit_cents)),
      stores: bindings.filter((b) => b.account_id === a.id).map((b) => b.store_id).sort((x, y) => x - y),
    })),
  };
}

/** A history row from the viewed party's side: what it got (+) or gave (−), its balance after, the other side and its balance. */
interface HistoryRow {
  id: number;
  at: string;
  amount: number;
  balance: number | null;
  other: string;
  other_balance: number | null;
  by: string | null;
  note: string;
}

/** A distributor's or a store's credit (or a store's comps budget) and its history, newest first; 21 outside the scope. */
export async function creditHistory(deps: DbDeps, actor: ConsoleActor, input: { kid?: number | undefined; distributor_id?: number | undefined; fund: 'credit' | 'comps' }) {
  const { db } = deps.handle;
  const names = new Map((await accounts.list(db)).map((a) => [a.id, a.username]));
  const nameOf = (id: number | null) => (id === null || id === PLATFORM_OPERATOR.accountId ? 'operator' : (names.get(id) ?? String(id)));
  if (input.kid !== undefined) {
    const store = await namedStore(db, input.kid);
    const rows = await transfers.ofStore(db, input.kid, input.fund === 'comps' ? 'comps_budget' : 'store_credit');
    const list: HistoryRow[] = rows.map((r) => ({
      id: Number(r.id),
      at: r.at,
      amount: toUnits(Number(input.fund === 'comps' ? r.d_budget_cents : r.d_credit_cents)),
      balance: r.child_balance_cents === null ? null : toUnits(Number(r.child_balance_cents)),
      other: nameOf(r.parent_account_id ?? null),
      other_balance: r.parent_balance_cents === null ? null : toUnits(Number(r.parent_balance_cents)),
      by: r.actor_account_id === null ? 'operator' : nameOf(Number(r.actor_account_id)),
      note: r.note,
    }));
    return { balance: toUnits(input.fund === 'comps' ? store.comps_budget_cents : store.credit_cents), list };
  }
  if (input.distributor_id === undefined) refuseInput('credit_target', 'name a store (kid) or a distributor');
  const mine = (await distributorsInScope(db, actor)).find((a) => a.id === input.distributor_id);
  if (!mine) refuse(Status.PERMISSION_ERROR);
  const stores = new Map((await storeNames(db, actor)).map((s) => [s.id, s.name]));
  const list: HistoryRow[] = (await transfers.ofAccount(db, mine.id)).map((r) => {
    const asChild = Number(r.child_account_id) === mine.id;
    const otherName = asChild ? nameOf(r.parent_account_id) : r.child_store_id !== null ? (stores.get(Number(r.child_store_id)) ?? `#${r.child_store_id}`) : nameOf(r.child_account_id);
    return {
      id: r.id,
      at: r.at,
      amount: toUnits(asChild ? Number(r.d_child_cents) : -Number(r.d_child_cents)),
      balance: toUnits(Number(asChild ? r.child_balance_cents : r.parent_balance_cents)),
      other: otherName,
      other_balance: asChild ? (r.parent_balance_cents === null ? null : toUnits(Number(r.parent_balance_cents))) : toUnits(Number(r.child_balance_cents)),
      by: nameOf(Number(r.actor_account_id)),
      note: r.note,
    };
  });
  return { balance: toUnits(Number(mine.credit_cents)), list };
}

async function storeNames(db: Db, actor: ConsoleActor) {
  return consoleStoreRepository.stores(db, await storesInScope(db, actor));
}
