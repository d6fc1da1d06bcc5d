import { parseArgs } from 'node:util';
import { openServerBus } from '../bus/server-bus.js';
import type { DatabaseHandle } from '../db/database.js';
import { LiveChanges } from '../live/live-changes.js';
import { PLATFORM_OPERATOR } from '../domain/console-actor.js';
import { listDistributors } from '../services/console/credit.service.js';
import { consoleSetStoreDistributor } from '../services/console/store-actions.service.js';
import { OperatorError } from '../services/operator/operator.service.js';
import { settingsFromEnv } from '../settings.js';
import { distributorNamed } from './credit.js';
import { asWords } from './words.js';

/**
 * `npm run admin -- move-store`: a store to another distributor, or back to the operator's own stores,
 * through the console's own service (`/operator/storeDistributor`) as the platform's operator: the same
 * checks, the same audit row (console.store_distributor); the store keeps its credit and history.
 */
export const STORE_MOVE_HELP = `  move-store    --kiosk <id> (--distributor <username> | --operator)
                (the store to that distributor, or back to the operator's own stores; its credit and history stay)`;

export async function moveStoreCli(argv: string[], handle: DatabaseHandle, out: (s: string) => void): Promise<number> {
  const { values: o } = parseArgs({ args: argv, strict: true, options: { kiosk: { type: 'string' }, distributor: { type: 'string' }, operator: { type: 'boolean' } } });
  if (o.kiosk === undefined || !/^\d{1,15}$/.test(o.kiosk)) throw new OperatorError('--kiosk must be a whole number');
  if ((o.distributor === undefined) === (o.operator !== true)) throw new OperatorError('name the new distributor (--distributor) or give the store back to the operator (--operator), one of them');
  const kid = Number(o.kiosk);
  // The consoles signed in on running servers hear of the move at once, as after the console's own
  // action: on PostgreSQL the live note goes out on the servers' bus. A SQLite server is another
  // process with no bus to this one: its consoles show the move at their next refresh.
  const bus = openServerBus(handle);
  const live = new LiveChanges(bus.publish);
  try {
    const deps = { handle, settings: settingsFromEnv(process.env), live };
    const to = o.distributor === undefined ? null : distributorNamed((await listDistributors(deps, PLATFORM_OPERATOR)).list, o.distributor);
    await asWords(() => consoleSetStoreDistributor(deps, PLATFORM_OPERATOR, { kid, distributor_id: to?.id ?? null }));
    out(to ? `Kiosk ${kid} now belongs to distributor "${to.username}".` : `Kiosk ${kid} is one of the operator's own stores again.`);
    return 0;
  } finally {
    await live.close();
    await bus.close();
  }
}
