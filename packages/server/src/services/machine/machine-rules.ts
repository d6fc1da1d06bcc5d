import { centsToCredits } from '@moneybox/contract';
import { isoAgo } from '../../clock.js';
import type { Db } from '../../db/database.js';
import type { MachineRow } from '../../repositories/machine.repository.js';
import { storeScope } from '../../repositories/store-scope.js';

/*
 * The machine rules the Machine screen (machine.service.ts) and the alerts sweep share.
 * Not calls: they act for no one (the sweep covers every store), so they sit outside the service file.
 */

/**
 * Connected means a server holds its socket and has heard it within 3 heartbeat periods, whichever
 * server it is connected to (a crashed server's flags go stale by themselves).
 */
export function isConnected(m: Pick<MachineRow, 'connected' | 'last_seen_at'>, heartbeatMs: number, now = Date.now()): boolean {
  return m.connected === 1 && m.last_seen_at !== null && m.last_seen_at >= isoAgo(3 * heartbeatMs, now);
}

type MeteredMachine = Pick<MachineRow, 'id' | 'kind' | 'meter_played' | 'meter_won' | 'meter_games'>;

/**
 * THE meter reconciliation rule, for the Machine screen and the meters alert (services/alerts/): a
 * machine's cumulative meters (credits, since it enrolled) against what the ledger holds for it at the
 * store's exchange rate. Loads the store's ledger totals once; the answer reconciles any of its machines.
 */
export async function meterReconciliation(db: Db, storeId: number, exchangeRate: number) {
  const machines = storeScope(db, storeId).machines;
  const [allTime, games] = await Promise.all([machines.ledgerTotals(), machines.roundCounts()]);
  const allBy = new Map(allTime.map((t) => [t.machine_id, t]));
  return (m: MeteredMachine) => {
    const a = allBy.get(m.id);
    const ledger = { played: centsToCredits(a?.played_cents ?? 0, exchangeRate), won: centsToCredits(a?.won_cents ?? 0, exchangeRate), games: games.get(m.id) ?? 0 };
    const meters = { played: Number(m.meter_played), won: Number(m.meter_won), games: Number(m.meter_games) };
    // Only game machines keep play meters.
    const metersMatch = m.kind !== 'game' || (meters.played === ledger.played && meters.won === ledger.won && meters.games === ledger.games);
    return { meters, ledger, metersMatch };
  };
}
