import { Status, toUnits, type MachineListItem, type MachineStatus, type TerminalKind } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import { storeTodayStart } from '../report/store-days.js';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { refuse } from '../../domain/status-refusal.js';
import type { MachineRow } from '../../repositories/machine.repository.js';
import { storeScope } from '../../repositories/store-scope.js';
import { openStore } from '../store/store-guard.js';
import { isConnected, meterReconciliation } from './machine-rules.js';
import { audited } from '../change.js';

function statusOf(m: Pick<MachineRow, 'connected' | 'last_seen_at' | 'customer_id'>, heartbeatMs: number): MachineStatus {
  if (m.customer_id !== null) return 'playing';
  return isConnected(m, heartbeatMs) ? 'connected' : 'disconnected';
}

/**
 * Every machine on the floor with its live status, today's played and won (its ledger rows since
 * the store's midnight) and the meter reconciliation: the machine's cumulative meters (credits,
 * since it enrolled) against what the ledger holds for it at the store's exchange rate.
 */
export async function listMachines(deps: Deps, actor: Actor) {
  const scope = storeScope(deps.handle.db, actor.storeId);
  const store = await scope.store.find();
  if (!store) refuse(Status.KIOSK_CLOSED);
  const { machines } = scope;
  const [rows, today, reconcile] = await Promise.all([
    machines.live(),
    machines.ledgerTotals(new Date(storeTodayStart(Date.now(), store.timezone)).toISOString()),
    meterReconciliation(deps.handle.db, store.id, store.exchange_rate),
  ]);
  const todayBy = new Map(today.map((t) => [t.machine_id, t]));
  const list: MachineListItem[] = rows.map((m) => {
    const t = todayBy.get(m.id);
    return {
      id: m.id,
      machine_id: Number(m.machine_id),
      kind: m.kind as TerminalKind,
      status: statusOf(m, deps.settings.terminalHeartbeatMs),
      customer: m.customer_id === null ? null : { id: m.customer_id, mobile_id: m.mobile_id ?? '', name: `${m.first_name ?? ''} ${m.last_name ?? ''}`.trim() },
      lastSeen: m.last_seen_at,
      enrolledAt: m.created_at,
      today: { played: toUnits(t?.played_cents ?? 0), won: toUnits(t?.won_cents ?? 0) },
      ...reconcile(m),
      meterResets: Number(m.meter_resets),
      lastMeterReset: m.meter_reset_at,
    };
  });
  return { list, max_machines: store.max_machines, exchange_rate: store.exchange_rate };
}

async function connectedMachine(deps: Deps, actor: Actor, id: number, notConnected: typeof Status.MACHINE_NOT_CONNECTED_SAVE | typeof Status.MACHINE_NOT_CONNECTED_RELEASE) {
  const scope = storeScope(deps.handle.db, actor.storeId);
  await openStore(scope);
  const m = await scope.machines.find(id);
  if (!m || !isConnected(m, deps.settings.terminalHeartbeatMs)) refuse(notConnected);
  return m;
}

/** Rename: 18 when the machine is not connected (it must learn its new name), 19 when the name is used or unchanged. */
export async function renameMachine(deps: Deps, actor: Actor, input: { id: number; machine_id: number }) {
  const m = await connectedMachine(deps, actor, input.id, Status.MACHINE_NOT_CONNECTED_SAVE);
  const scope = storeScope(deps.handle.db, actor.storeId);
  if (Number(m.machine_id) === input.machine_id || (await scope.machines.nameTaken(input.machine_id))) refuse(Status.MACHINE_NAME_USED);
  await audited(deps, actor, async (tx, audit, change) => {
    try {
      await scope.in(tx.handle.db).machines.rename(m.id, input.machine_id);
      await audit({ kind: 'machine.rename', target: { type: 'machine', id: m.id, label: String(input.machine_id) }, before: { name: Number(m.machine_id) }, after: { name: input.machine_id } });
    } catch {
      // A racing rename took the name between the check and the update (unique index): the change
      // rolls back. Only the writes are answered so: the terminal's message and the live note go out
      // after the commit, and a failure there is not a taken name.
      refuse(Status.MACHINE_NAME_USED);
    }
    change.tell({ kind: 'rename', machineRowId: m.id, name: input.machine_id });
    change.moved(actor.storeId, { machines: [m.id] });
  });
  return { id: m.id, machine_id: input.machine_id };
}

/**
 * Release: 20 when not connected. With a customer playing, nothing happens unless confirmed
 * (the reply says occupied; the screen asks). Releasing ends the customer's session, takes the
 * machine off the floor and forgets its key, and the terminal is told and disconnected.
 */
export async function releaseMachine(deps: Deps, actor: Actor, input: { id: number; confirm: boolean }) {
  const m = await connectedMachine(deps, actor, input.id, Status.MACHINE_NOT_CONNECTED_RELEASE);
  if (m.customer_id !== null && !input.confirm) return { id: m.id, released: false, occupied: true };
  const storeId = actor.storeId;
  const at = isoNow();
  const released = await audited(deps, actor, async (tx, audit, change) => {
    const { customers, machines } = storeScope(tx.handle.db, storeId);
    if (m.customer_id !== null) await customers.release(m.customer_id, at);
    const done = await machines.release(m.id, at);
    if (done) {
      await audit({ kind: 'machine.release', target: { type: 'machine', id: m.id, label: String(m.machine_id) }, before: { kind: m.kind, customer_id: m.customer_id } });
      if (m.customer_id !== null) change.tell({ kind: 'kick', machineRowId: m.id, customerId: m.customer_id });
      change.tell({ kind: 'release', machineRowId: m.id });
      change.moved(storeId, { machines: [m.id], customers: m.customer_id === null ? [] : [m.customer_id] });
    }
    return done;
  });
  if (!released) refuse(Status.MACHINE_NOT_CONNECTED_RELEASE);
  return { id: m.id, released: true, occupied: m.customer_id !== null };
}
