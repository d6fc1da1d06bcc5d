import type { CommittedMovement } from './money-observer.js';
import type { RefusalReason } from '@moneybox/contract';
import type { LedgerKind } from './ledger-kind.js';
import type { SessionMoneyCall, SessionMoneyDone } from './fresh-session.js';

/** The main thread to the money worker: the calls read in one turn of its event loop. */
export interface WorkerCalls {
  calls: Array<{ id: number; call: SessionMoneyCall; clockMs: number }>;
}

/** A call's outcome as it crosses the threads: done, refused by a money rule, or failed. */
export type WorkerAnswer =
  | { id: number; done: SessionMoneyDone }
  | { id: number; refusal: { reason: RefusalReason; kind?: LedgerKind | undefined; figures: Record<string, unknown> } }
  | { id: number; error: { message: string; code?: string | undefined } };

/** The money worker to the main thread, once a batch is on disk: its answers and what the metrics count. */
export interface WorkerAnswers {
  answers: WorkerAnswer[];
  /** Each group commit's number of calls. */
  batches: number[];
  /** Each committed movement (the metrics count it, the app's live screens hear of it). */
  movements: CommittedMovement[];
}
