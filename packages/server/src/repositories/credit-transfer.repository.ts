import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { CreditTransferTable } from '../db/schema.js';
import type { Insertable } from 'kysely';
import { CREDIT_TRANSFER_COLUMNS } from './columns.js';
import { distributorCreditWrite } from '../money/guarded-writes.js';

/** How many moves a history shows, newest first. */
const HISTORY_ROWS = 200;

/** The platform credit ledger (migration 016): moves along the hierarchy and the distributors' balances they keep. */
export const creditTransferRepository = {
  findByKey(db: Db, key: string) {
    return db.selectFrom('credit_transfer').select(CREDIT_TRANSFER_COLUMNS).where('key', '=', key).executeTakeFirst();
  },
  async insert(db: Db, row: Insertable<CreditTransferTable>): Promise<number> {
    const r = await db.insertInto('credit_transfer').values(row).returning('id').executeTakeFirstOrThrow();
    return r.id;
  },
  /**
   * Adds `delta` to a distributor's credit; a negative delta only while it holds that much: the
   * guarded write declared with the money writes (money/guarded-writes.ts). Undefined: refused (or
   * no such distributor).
   */
  async addCredit(db: Db, accountId: number, delta: number): Promise<number | undefined> {
    const r = await db.executeQuery<{ credit_cents: number | string }>(distributorCreditWrite(db, { accountId, delta }));
    const row = r.rows[0];
    return row === undefined ? undefined : Number(row.credit_cents);
  },
  /** A distributor's moves: from its parent and to its children (its stores' comps budgets too, out of its credit), newest first. */
  ofAccount(db: Db, accountId: number) {
    return db
      .selectFrom('credit_transfer')
      .select(CREDIT_TRANSFER_COLUMNS)
      .where((eb) => eb.or([eb('parent_account_id', '=', accountId), eb('child_account_id', '=', accountId)]))
      .orderBy('id', 'desc')
      .limit(HISTORY_ROWS)
      .execute();
  },
  /**
   * A store's credit or comps budget history: its ledger rows of that fund (opening figures, the
   * CLI's and the console's moves alike), with the console move that made each, when one did.
   */
  ofStore(db: Db, storeId: number, kind: 'store_credit' | 'comps_budget') {
    return db
      .selectFrom('ledger')
      .leftJoin('credit_transfer', 'credit_transfer.ledger_id', 'ledger.id')
      .select([
        'ledger.id',
        'ledger.at',
        'ledger.d_credit_cents',
        'ledger.d_budget_cents',
        'ledger.note',
        'credit_transfer.parent_account_id',
        'credit_transfer.parent_balance_cents',
        'credit_transfer.child_balance_cents',
        'credit_transfer.actor_account_id',
      ])
      .where('ledger.store_id', '=', storeId)
      .where('ledger.kind', '=', kind)
      .orderBy('ledger.id', 'desc')
      .limit(HISTORY_ROWS)
      .execute();
  },
  /** Every distributor's cached credit beside the sum of its moves (verify). */
  balances(db: Db, accountId?: number) {
    // A distributor receives credit only; it gives credit and its stores' comps budgets from it.
    return sql<{ id: number; cached: number; ledger: number }>`
      SELECT a.id, a.credit_cents AS cached,
        COALESCE((SELECT SUM(t.d_child_cents) FROM credit_transfer t WHERE t.child_account_id = a.id AND t.fund = 'credit'), 0)
        - COALESCE((SELECT SUM(t.d_child_cents) FROM credit_transfer t WHERE t.parent_account_id = a.id), 0) AS ledger
      FROM platform_account a WHERE ${accountId === undefined ? sql`1=1` : sql`a.id = ${accountId}`}`.execute(db);
  },
};
