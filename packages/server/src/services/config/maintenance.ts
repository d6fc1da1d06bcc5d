import type { Db } from '../../db/database.js';
import { platformRepository } from '../../repositories/platform.repository.js';

export interface Maintenance {
  on: boolean;
  msg: string;
}

const SETTING = 'maintenance';
/** Read at most once a second per process; the operator's switch takes effect within that. */
const CACHE_MS = 1000;
let cached: { at: number; value: Maintenance; db: Db } | undefined;

export async function readMaintenance(db: Db, fresh = false): Promise<Maintenance> {
  if (!fresh && cached && cached.db === db && Date.now() - cached.at < CACHE_MS) return cached.value;
  const raw = await platformRepository.getSetting(db, SETTING);
  let value: Maintenance = { on: false, msg: '' };
  if (raw) {
    try {
      const parsed = JSON.parse(raw) as Partial<Maintenance>;
      value = { on: parsed.on === true, msg: typeof parsed.msg === 'string' ? parsed.msg : '' };
    } catch {
      value = { on: false, msg: '' };
    }
  }
  cached = { at: Date.now(), value, db };
  return value;
}

export async function writeMaintenance(db: Db, value: Maintenance): Promise<void> {
  await platformRepository.setSetting(db, SETTING, JSON.stringify(value));
  cached = undefined;
}
