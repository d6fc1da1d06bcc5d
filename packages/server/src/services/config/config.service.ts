import { randomBytes } from 'node:crypto';
import { isoIn, isoNow, tzOffsetMinutes } from '../../clock.js';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { runDurableWrite } from '../../money/money-transaction.js';
import { keyRepository } from '../../repositories/key.repository.js';
import { platformRepository } from '../../repositories/platform.repository.js';
import { storeScope } from '../../repositories/store-scope.js';
import { readMaintenance } from './maintenance.js';

/** diff: the store's UTC offset now, in minutes (America/Chicago: -360 in winter, -300 in summer). */
export async function storeClock(deps: Deps, actor: Actor) {
  const store = await storeScope(deps.handle.db, actor.storeId).store.find();
  const timezone = store?.timezone ?? 'UTC';
  return { diff: tzOffsetMinutes(timezone), timezone, now: isoNow() };
}

/** A one-time key for one money call; single use, expiring. */
export async function issueKey(deps: Deps) {
  const value = randomBytes(18).toString('base64url');
  const now = Date.now();
  // Every counter call fetches a key first: on SQLite its insert shares the money calls' group commit.
  await runDurableWrite(deps.handle, (db) => keyRepository.insert(db, value, new Date(now).toISOString(), isoIn(deps.settings.keyTtlMs, now)));
  return { key: value, expiresIn: Math.round(deps.settings.keyTtlMs / 1000) };
}

/** The operator's announcements now shown, with the modes (screens) each is for. */
export async function announcements(deps: Deps) {
  const rows = await platformRepository.activeAnnouncements(deps.handle.db);
  return {
    msgInfo: rows.map((r) => ({ msg: r.msg, mode: (JSON.parse(r.modes) as unknown[]).filter((m): m is number => typeof m === 'number') })),
  };
}

/** The maintenance message; `maintenance` tells whether the switch is on. */
export async function maintenanceNotice(deps: Deps) {
  const m = await readMaintenance(deps.handle.db, true);
  return { maintenance: m.on, msg: m.on ? m.msg : '' };
}
