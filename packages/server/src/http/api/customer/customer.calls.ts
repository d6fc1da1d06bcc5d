import { defineCall, serve } from '../../call.js';
import { blockState, customerInfo, dayLimit, listCustomers, listProtected, searchCustomers } from '../../../services/customer/customer.service.js';
import { createCustomer, kick, protect, resetPin, setBlock, setPersonalLimits, updateCustomer } from '../../../services/customer/customer-change.service.js';
import { gameHistory, giftHistory } from '../../../services/customer/history.service.js';
import { moveMoneyWithSession } from './money-session.js';
import { eraseCustomer, exportCustomer } from '../../../services/customer/customer-export.service.js';
import { moveMoney, type MoneyKind } from '../../../services/customer/movement.service.js';

const search = defineCall('/customer/search', { handler: serve(searchCustomers) });

const info = defineCall('/customer/info', { handler: serve(customerInfo) });

const create = defineCall('/customer/create', { handler: serve(createCustomer) });
const update = defineCall('/customer/update', { handler: serve(updateCustomer) });

const getDayLimit = defineCall('/customer/getDayLimit', { handler: (i, ctx) => dayLimit(ctx.deps, ctx.caller, i.id) });

const money = (path: '/customer/purchase' | '/customer/redeem' | '/customer/comps' | '/customer/revert', kind: MoneyKind) =>
  defineCall(path, {
    handler: (i, ctx) => moveMoney(ctx.deps, ctx.caller, { ...i, kind }),
    withSession: (i, credentials, ctx) => moveMoneyWithSession(kind, i, credentials, ctx),
  });

const block = defineCall('/customer/block', { handler: (i, ctx) => setBlock(ctx.deps, ctx.caller, { id: i.id, block: i.block }) });
const blockStateCall = defineCall('/customer/blockState', { handler: (i, ctx) => blockState(ctx.deps, ctx.caller, i.id) });
const reset = defineCall('/customer/reset', { handler: (i, ctx) => resetPin(ctx.deps, ctx.caller, i.id) });
const kickCall = defineCall('/customer/kick', { handler: (i, ctx) => kick(ctx.deps, ctx.caller, i.id) });
const protectCall = defineCall('/customer/protect', { handler: serve(protect) });
const limitsCall = defineCall('/customer/limits', { handler: serve(setPersonalLimits) });
const protectedList = defineCall('/customer/protected', { handler: serve(listProtected) });
const history = defineCall('/customer/history', { handler: serve(gameHistory) });
const gifts = defineCall('/customer/giftHistory', { handler: serve(giftHistory) });
const customerInfoList = defineCall('/customer/customerInfo', { handler: serve(listCustomers) });
const exportCall = defineCall('/customer/export', { handler: serve(exportCustomer) });
const eraseCall = defineCall('/customer/erase', { handler: serve(eraseCustomer) });

export const customerCalls = [
  search,
  info,
  create,
  update,
  getDayLimit,
  money('/customer/purchase', 'purchase'),
  money('/customer/redeem', 'redeem'),
  money('/customer/comps', 'special_comps'),
  money('/customer/revert', 'revert'),
  block,
  blockStateCall,
  reset,
  kickCall,
  protectCall,
  limitsCall,
  protectedList,
  history,
  gifts,
  customerInfoList,
  exportCall,
  eraseCall,
];
