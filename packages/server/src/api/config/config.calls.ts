import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { auth, announceReply, keyReply, localtimeReply, maintainReply } from '@moneybox/contract';
import { isoIn, isoNow, tzOffsetMinutes } from '../../clock.js';
import { defineCall } from '../../http/call.js';
import { keyRepository } from '../../repositories/key.repository.js';
import { AddressWindow } from '../../http/rate-limit.js';
import { runDurableWrite } from '../../money/money-transaction.js';
import { platformRepository } from '../../repositories/platform.repository.js';
import { storeScope } from '../../repositories/store-scope.js';
import { readMaintenance } from './maintenance.js';

/** diff: the store's UTC offset now, in minutes (America/Chicago: -360 in winter, -300 in summer). */
export const localtime = defineCall({
  path: '/config/localtime',
  access: 'session',
  input: auth,
  reply: localtimeReply,
  async handler(_input, { deps, caller }) {
    const store = await storeScope(deps.handle.db, caller.storeId).store.find();
    const timezone = store?.timezone ?? 'UTC';
    return { diff: tzOffsetMinutes(timezone), timezone, now: isoNow() };
  },
});

/** Per server (its settings object): each server of a cluster counts its own addresses. */
const keyWindows = new WeakMap<object, AddressWindow>();
function keysPerAddress(settings: object): AddressWindow {
  let w = keyWindows.get(settings);
  if (!w) keyWindows.set(settings, (w = new AddressWindow(60_000, 'Too many one-time keys from this address; wait and try again')));
  return w;
}

/** A one-time key for one money call; single use, expiring. */
export const key = defineCall({
  path: '/config/key',
  access: 'public',
  input: z.object({}).passthrough(),
  reply: keyReply,
  async handler(_input, { deps, ip }) {
    // Anonymous by the spec, so bounded per address instead: a flood of unused keys is refused (511).
    keysPerAddress(deps.settings).take(ip, deps.settings.keyIpLimit);
    const value = randomBytes(18).toString('base64url');
    const now = Date.now();
    // Every counter call fetches a key first: on SQLite its insert shares the money calls' group commit.
    await runDurableWrite(deps.handle, (db) => keyRepository.insert(db, value, new Date(now).toISOString(), isoIn(deps.settings.keyTtlMs, now)));
    return { key: value, expiresIn: Math.round(deps.settings.keyTtlMs / 1000) };
  },
});

export const announce = defineCall({
  path: '/config/announce',
  access: 'session',
  input: auth,
  reply: announceReply,
  async handler(_input, { deps }) {
    const rows = await platformRepository.activeAnnouncements(deps.handle.db);
    return {
      msgInfo: rows.map((r) => ({ msg: r.msg, mode: (JSON.parse(r.modes) as unknown[]).filter((m): m is number => typeof m === 'number') })),
    };
  },
});

/** The maintenance message; `maintenance` tells whether the switch is on. */
export const maintain = defineCall({
  path: '/config/maintain',
  access: 'public',
  input: z.object({}).passthrough(),
  reply: maintainReply,
  async handler(_input, { deps }) {
    const m = await readMaintenance(deps.handle.db, true);
    return { maintenance: m.on, msg: m.on ? m.msg : '' };
  },
});

export const configCalls = [localtime, key, announce, maintain];
