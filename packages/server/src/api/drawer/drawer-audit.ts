import type { DrawerListItem } from '@moneybox/contract';
import { audited, type AuditTarget } from '../../audit/audit.js';
import { retryOnConflict } from '../../db/errors.js';
import type { AuthedContext } from '../../http/call.js';
import { createDrawer, freezeDrawer } from './drawer-setup.service.js';
import { closeOwnShift, forceClose, type CountInput } from './shift-close.service.js';

/** Drawer Setup's changes, each with its audit row in the same transaction. */
const target = (d: Pick<DrawerListItem, 'id' | 'number'>): AuditTarget => ({ type: 'drawer', id: d.id, label: String(d.number) });

export const auditedDrawer = {
  freeze: (id: number, freeze: boolean, ctx: AuthedContext) =>
    audited(ctx, async (tx, audit) => {
      const r = await freezeDrawer(id, freeze, tx);
      await audit({ kind: freeze ? 'drawer.freeze' : 'drawer.unfreeze', target: target(r.drawer), after: { freeze: r.drawer.freeze } });
      return r;
    }),

  /**
   * On PostgreSQL a lost number race (unique violation) aborts the whole transaction, so the retry
   * createDrawer makes inside it cannot run there: the whole audited change is retried instead.
   */
  create: (ctx: AuthedContext) =>
    retryOnConflict(() =>
      audited(ctx, async (tx, audit) => {
        const r = await createDrawer(tx);
        await audit({ kind: 'drawer.create', target: target(r.drawer), after: { number: r.drawer.number } });
        return r;
      }),
    ),

  forceClose: (drawerId: number, count: CountInput, ctx: AuthedContext) =>
    audited(ctx, async (tx, audit) => {
      const r = await forceClose(drawerId, count, tx);
      await audit({
        kind: 'drawer.force_close',
        target: { type: 'drawer', id: drawerId, label: String(r.moneybox) },
        before: { shift_id: r.shift_id, account: r.account },
        after: { balance: r.balance, counted: r.counted },
      });
      return r;
    }),

  /** The caller closes their own shift (logout): the report's numbers, and the blind count, on the trail. */
  closeOwn: (count: CountInput, ctx: AuthedContext) =>
    audited(ctx, async (tx, audit) => {
      const r = await closeOwnShift(count, tx);
      await audit({
        kind: 'drawer.shift_close',
        target: { type: 'drawer', label: String(r.moneybox) },
        after: { shift_id: r.shift_id, balance: r.balance, counted: r.counted, over_short: r.over_short },
      });
      return r;
    }),
};
