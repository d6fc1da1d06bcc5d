import { Status, writeCountNote, type Cents, type ShiftReport } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import type { Actor } from '../../domain/actor.js';
import { refuse } from '../../domain/status-refusal.js';
import { dummySecretHash, verifySecret } from '../../auth/password.js';
import { applyMovement, isStale } from '../../money/apply-movement.js';
import { MOVEMENTS } from '../../money/movements.js';
import { accountRepository } from '../../repositories/account.repository.js';
import { storeScope } from '../../repositories/store-scope.js';
import { audited } from '../change.js';
import type { Deps } from '../deps.js';
import { openStore } from '../store/store-guard.js';
import { callerShift, closeShift } from './shift-steps.js';
import { presentShiftWithNames } from './shift-report.js';
import { countedCents } from '../../domain/shift-count.js';
import { checkPasswordCountingTries } from '../user/password-tries.js';

interface HandoverInput {
  counted?: Cents | undefined;
  count_detail?: Record<string, number> | undefined;
  key: string;
  /** The incoming cashier, who signs for the count with their password. */
  username: string;
  password: string;
}

/**
 * The incoming cashier of the caller's store, their password checked as at login: each try counts
 * against the account's lock before the check (outside the handover's transaction, so a refused
 * handover still counts it), unknown, disabled or another store's account is 2, the caller is 37.
 */
async function incomingAccount(deps: Deps, actor: Actor, username: string, password: string) {
  const { db } = deps.handle;
  const account = await accountRepository.findInStore(db, actor.storeId, username);
  if (!account || account.disabled === 1) {
    await verifySecret(password, await dummySecretHash());
    refuse(Status.LOGIN_INCORRECT);
  }
  if (account.id === actor.accountId) refuse(Status.OTHER_DRAWER);
  const store = await openStore(storeScope(db, actor.storeId));
  await checkPasswordCountingTries(db, account, password, store.max_failed_logins);
  return account;
}

type HandoverReply = ShiftReport & { next_shift_id: number; next_account: string };

/**
 * The reply of a handover already made under this key by the same outgoing cashier to the same incoming
 * one (a retry after a lost reply): the closed shift's report as it is stored and the shift it opened.
 */
async function doneBefore(deps: Deps, actor: Actor, key: string, incoming: { id: number; username: string }): Promise<HandoverReply | undefined> {
  const shifts = storeScope(deps.handle.db, actor.storeId).shifts;
  const done = await shifts.handedOver(key);
  if (!done || done.next_account_id !== incoming.id || done.closed_shift_id === null) return undefined;
  const closed = await shifts.findWithNames(done.closed_shift_id);
  if (!closed || Number(closed.account_id) !== actor.accountId || Number(closed.closed_by_account_id) !== actor.accountId) return undefined;
  return { ...presentShiftWithNames(closed), next_shift_id: done.next_shift_id, next_account: incoming.username };
}

/**
 * One-step handover (issue 23): in one transaction the caller's shift closes with its count (as a
 * plain close), the incoming cashier's shift opens at the same drawer, and its initial amount is
 * that count (a ledger `init` row under the call's key), with the audit row. A retry with the same key
 * (the reply was lost) answers the first reply again and changes nothing; the key used for anything else: 12. The incoming cashier then signs in and finds the drawer ready.
 */
export async function handOver(deps: Deps, actor: Actor, input: HandoverInput): Promise<HandoverReply> {
  const incoming = await incomingAccount(deps, actor, input.username, input.password);
  const replay = await doneBefore(deps, actor, input.key, incoming);
  if (replay) return replay;
  try {
    return await audited(deps, actor, async (tx, audit) => {
      const db = tx.handle.db;
      const scope = storeScope(db, actor.storeId);
      const store = await openStore(scope);
      const { shift, drawer } = await callerShift(db, actor);
      if (drawer.frozen === 1) refuse(Status.DRAWER_FROZEN);
      if (await scope.shifts.openForAccount(incoming.id)) refuse(Status.OTHER_DRAWER);
      const report = await closeShift(db, shift, actor.accountId, input);
      // The count is the next shift's float: a close without one hands nothing over (35).
      const count = countedCents(input) ?? refuse(Status.AMOUNT_ERROR);
      if (count > store.credit_cents) refuse(Status.INITIAL_OVER_CREDIT);
      const at = isoNow();
      const nextShiftId = await scope.shifts.insert({ drawer_id: drawer.id, account_id: incoming.id, at });
      await applyMovement(tx.handle, db, {
        useKey: input.key,
        markInit: true,
        movement: {
          storeId: actor.storeId, kind: 'init', amount: count, accountId: incoming.id, drawerId: drawer.id, shiftId: nextShiftId,
          ...MOVEMENTS.init.effects(count), key: input.key, at,
          ...(input.count_detail ? { note: writeCountNote(input.count_detail) } : {}),
        },
      });
      await audit({
        kind: 'drawer.handover',
        target: { type: 'drawer', id: drawer.id, label: String(drawer.number) },
        before: { shift_id: report.shift_id, account: report.account },
        after: { counted: report.counted, over_short: report.over_short, next_shift_id: nextShiftId, next_account: incoming.username },
      });
      return { ...report, next_shift_id: nextShiftId, next_account: incoming.username };
    });
  } catch (err) {
    // A concurrent retry committed first: its reply.
    const raced = await doneBefore(deps, actor, input.key, incoming);
    if (raced) return raced;
    // PostgreSQL's apply reports a used key as a failed guard.
    if (isStale(err)) refuse(Status.KEY_ERROR);
    throw err;
  }
}
