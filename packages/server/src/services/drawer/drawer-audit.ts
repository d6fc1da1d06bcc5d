import type { DrawerListItem } from '@moneybox/contract';
import { audited, type AuditTarget } from '../audit/audit.js';
import { retryOnConflict } from '../../db/errors.js';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { createDrawer, freezeDrawer } from './drawer-setup.service.js';
import { closeOwnShift, forceClose, type CountInput } from './shift-close.service.js';

/** Drawer Setup's changes, each with its audit row in the same transaction. */
const target = (d: Pick<DrawerListItem, 'id' | 'number'>): AuditTarget => ({ type: 'drawer', id: d.id, label: String(d.number) });

export const auditedDrawer = {
  freeze: (deps: Deps, actor: Actor, { id, freeze }: { id: number; freeze: boolean }) =>
    audited(deps, actor, async (tx, audit) => {
      const r = await freezeDrawer(tx, actor, { id, freeze });
      await audit({ kind: freeze ? 'drawer.freeze' : 'drawer.unfreeze', target: target(r.drawer), after: { freeze: r.drawer.freeze } });
      return r;
    }),

  /**
   * On PostgreSQL a lost number race (unique violation) aborts the whole transaction, so the retry
   * createDrawer makes inside it cannot run there: the whole audited change is retried instead.
   */
  create: (deps: Deps, actor: Actor) =>
    retryOnConflict(() =>
      audited(deps, actor, async (tx, audit) => {
        const r = await createDrawer(tx, actor);
        await audit({ kind: 'drawer.create', target: target(r.drawer), after: { number: r.drawer.number } });
        return r;
      }),
    ),

  forceClose: (deps: Deps, actor: Actor, { drawerId, count }: { drawerId: number; count: CountInput }) =>
    audited(deps, actor, async (tx, audit) => {
      const r = await forceClose(tx, actor, { drawerId, count });
      await audit({
        kind: 'drawer.force_close',
        target: { type: 'drawer', id: drawerId, label: String(r.moneybox) },
        before: { shift_id: r.shift_id, account: r.account },
        after: { balance: r.balance, counted: r.counted },
      });
      return r;
    }),

  /** The caller closes their own shift (logout): the report's numbers, and the blind count, on the trail. */
  closeOwn: (deps: Deps, actor: Actor, count: CountInput) =>
    audited(deps, actor, async (tx, audit) => {
      const r = await closeOwnShift(tx, actor, count);
      await audit({
        kind: 'drawer.shift_close',
        target: { type: 'drawer', label: String(r.moneybox) },
        after: { shift_id: r.shift_id, balance: r.balance, counted: r.counted, over_short: r.over_short },
      });
      return r;
    }),
};
