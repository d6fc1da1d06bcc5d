import { amount, auth, drawerInitRequest, drawerListRequest } from '@moneybox/contract';
import { z } from 'zod';
import { defineCall } from '../../http/call.js';
import { drawerRepository } from '../../repositories/drawer.repository.js';
import { assertStoreOpen } from '../store/store-guard.js';
import { storeRepository } from '../../repositories/store.repository.js';
import { closeOwnShift, initDrawer } from './drawer.service.js';

/** For the login page: the kiosk's drawers and who holds them. Public: it runs before login. */
export const list = defineCall({
  path: '/drawer/list',
  access: 'public',
  input: drawerListRequest,
  async handler(input, { deps }) {
    const { db } = deps.handle;
    const store = await storeRepository.find(db, input.kioskID);
    assertStoreOpen(store);
    const rows = await drawerRepository.listWithShift(db, store.id);
    return {
      storename: store.name,
      list: rows.map((r) => ({
        id: r.id,
        number: r.number,
        status: r.frozen === 1 ? 'frozen' : r.shift_id !== null ? 'occupied' : 'available',
        freeze: r.frozen === 1,
        account: r.account,
        createTime: r.created_at,
        lastLogin: r.last_login_at,
      })),
    };
  },
});

export const init = defineCall({
  path: '/drawer/init',
  access: 'session',
  movesCash: true,
  input: drawerInitRequest,
  handler: (input, ctx) => initDrawer(input.amount, input.key, ctx),
});

/** Shift close. `counted` (the blind cash count) and `count_detail` (denominations) are optional. */
export const shift = defineCall({
  path: '/drawer/shift',
  access: 'session',
  input: auth.extend({
    counted: amount.optional(),
    count_detail: z.record(z.string().max(20), z.number().int().min(0).max(100000)).optional(),
  }),
  handler: (input, ctx) => closeOwnShift({ counted: input.counted, count_detail: input.count_detail }, ctx),
});

export const drawerCalls = [list, init, shift];
