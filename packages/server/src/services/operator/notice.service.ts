import { isoNow } from '../../clock.js';
import { platformRepository } from '../../repositories/platform.repository.js';
import { type AuditActor } from '../audit/audit.js';
import { runChange } from '../change.js';
import { readMaintenance, writeMaintenance } from '../config/maintenance.js';
import type { DbDeps } from '../deps.js';
import { OperatorError } from './operator.service.js';

/**
 * The operator's platform-wide notices, shared by the CLI and the console: the marquee's
 * announcements (a message and the layouts 0-6 it shows on) and the maintenance switch with its
 * message. Each change runs through the change runner (services/change.ts), its audit row in its transaction (joining the caller's change).
 */

/** An announcement's message and layouts as the marquee takes them; OperatorError otherwise. */
function checkAnnouncement(msg: string, modes: number[]): void {
  if (!msg.trim()) throw new OperatorError('the announcement needs a message', 'announcement_message');
  if (msg.length > 500) throw new OperatorError('the announcement can not have more than 500 characters', 'announcement_too_long');
  if (modes.length === 0 || modes.some((m) => !Number.isInteger(m) || m < 0 || m > 6)) throw new OperatorError('layouts must be a list of 0-6', 'layout');
}

const asModes = (json: string): number[] => {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((m): m is number => typeof m === 'number') : [];
  } catch {
    return [];
  }
};

/** Every announcement, the active ones first, newest first. */
export async function listAnnouncements({ handle: { db } }: DbDeps, _actor: AuditActor, _input: object) {
  const rows = await platformRepository.allAnnouncements(db);
  return rows.map((r) => ({ id: r.id, msg: r.msg, modes: asModes(r.modes), active: r.active === 1, created_at: r.created_at }));
}

export function createAnnouncement(deps: DbDeps, actor: AuditActor, input: { msg: string; modes: number[] }): Promise<number> {
  return runChange(deps, actor, async ({ handle: { db } }, change) => {
    checkAnnouncement(input.msg, input.modes);
    const id = await platformRepository.insertAnnouncement(db, input.msg.trim(), [...new Set(input.modes)], isoNow());
    await change.audit({ storeId: null, kind: 'operator.announcement_create', target: { type: 'platform', id, label: input.msg.trim().slice(0, 80) }, after: { msg: input.msg.trim(), modes: [...new Set(input.modes)] } });
    return id;
  });
}

/** Changes an active announcement's message or layouts; a withdrawn one is not changed (publish a new one). */
export function updateAnnouncement(deps: DbDeps, actor: AuditActor, input: { id: number; msg?: string | undefined; modes?: number[] | undefined }): Promise<void> {
  return runChange(deps, actor, async ({ handle: { db } }, change) => {
    const a = await platformRepository.findAnnouncement(db, input.id);
    if (!a) throw new OperatorError(`no announcement ${input.id}`, 'no_announcement');
    if (a.active !== 1) throw new OperatorError(`announcement ${input.id} was withdrawn; publish a new one`, 'announcement_withdrawn');
    const msg = input.msg ?? a.msg;
    const modes = input.modes ?? asModes(a.modes);
    checkAnnouncement(msg, modes);
    await platformRepository.updateAnnouncement(db, input.id, { msg: msg.trim(), modes: JSON.stringify([...new Set(modes)]) });
    await change.audit({
      storeId: null,
      kind: 'operator.announcement_update',
      target: { type: 'platform', id: input.id, label: msg.trim().slice(0, 80) },
      before: { msg: a.msg, modes: asModes(a.modes) },
      after: { msg: msg.trim(), modes: [...new Set(modes)] },
    });
  });
}

/** Takes an announcement off every store's marquee. */
export function withdrawAnnouncement(deps: DbDeps, actor: AuditActor, input: { id: number }): Promise<void> {
  return runChange(deps, actor, async ({ handle: { db } }, change) => {
    const a = await platformRepository.findAnnouncement(db, input.id);
    if (!a) throw new OperatorError(`no announcement ${input.id}`, 'no_announcement');
    if (!(await platformRepository.withdrawAnnouncement(db, input.id))) throw new OperatorError(`announcement ${input.id} is already withdrawn`, 'announcement_withdrawn');
    await change.audit({ storeId: null, kind: 'operator.announcement_withdraw', target: { type: 'platform', id: input.id, label: a.msg.slice(0, 80) }, before: { active: true }, after: { active: false } });
  });
}

export async function getMaintenance({ handle: { db } }: DbDeps, _actor: AuditActor, _input: object) {
  return readMaintenance(db, true);
}

/** The maintenance switch: on (with the message the stores show) or off. */
export function setMaintenance(deps: DbDeps, actor: AuditActor, input: { on: boolean; msg?: string | undefined }): Promise<void> {
  const msg = (input.msg ?? '').trim();
  if (input.on && msg === '') throw new OperatorError('a message is required to turn maintenance on', 'maintenance_message');
  return runChange(deps, actor, async ({ handle: { db } }, change) => {
    const before = await readMaintenance(db, true);
    const after = { on: input.on, msg: input.on ? msg : '' };
    await writeMaintenance(db, after);
    await change.audit({ storeId: null, kind: 'operator.maintenance', target: { type: 'platform', label: 'maintenance' }, before: { ...before }, after });
  });
}
