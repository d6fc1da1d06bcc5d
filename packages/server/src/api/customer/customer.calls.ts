import {
  customerBlockRequest,
  customerCreateRequest,
  customerDayLimitRequest,
  customerGiftHistoryRequest,
  customerHistoryRequest,
  customerIdRequest,
  customerInfoRequest,
  customerListRequest,
  customerMoneyRequest,
  customerResetRequest,
  customerSearchRequest,
  customerUpdateRequest, customerBlockReply, customerCreateReply, customerDayLimitReply, customerGiftHistoryReply, customerHistoryReply, customerInfoReply, customerKickReply, customerListReply, customerMoneyReply, customerResetReply, customerSearchReply, customerUpdateReply
} from '@moneybox/contract';
import { defineCall, serve, type CallDef } from '../../http/call.js';
import { notingCustomer } from '../../live/noting.js';
import {
  blockState,
  customerInfo,
  dayLimit,
  listCustomers,
  searchCustomers,
} from './customer.service.js';
import { auditedCustomer } from './customer-audit.js';
import { gameHistory, giftHistory } from './history.service.js';
import { moveMoneyWithSession } from './money-session.js';
import { moveMoney, type MoneyKind } from './movement.service.js';

const search = defineCall({
  path: '/customer/search',
  access: 'session',
  input: customerSearchRequest,
  reply: customerSearchReply,
  handler: serve(searchCustomers),
});

const info = defineCall({
  path: '/customer/info',
  access: 'session',
  input: customerInfoRequest,
  reply: customerInfoReply,
  handler: serve(customerInfo),
});

const create = defineCall({ path: '/customer/create', access: 'session', input: customerCreateRequest, reply: customerCreateReply, handler: serve(auditedCustomer.create) });
const update = defineCall({ path: '/customer/update', access: 'session', input: customerUpdateRequest, reply: customerUpdateReply, handler: notingCustomer(serve(auditedCustomer.update)) });

const getDayLimit = defineCall({
  path: '/customer/getDayLimit',
  access: 'session',
  input: customerDayLimitRequest,
  reply: customerDayLimitReply,
  handler: (i, ctx) => dayLimit(ctx.deps, ctx.caller, i.id),
});

const money = (name: string, kind: MoneyKind) =>
  defineCall({
    path: `/customer/${name}`,
    access: 'session',
    input: customerMoneyRequest,
    reply: customerMoneyReply,
    handler: notingCustomer((i, ctx) => moveMoney(ctx.deps, ctx.caller, { ...i, kind })),
    withSession: (i, credentials, ctx) => moveMoneyWithSession(kind, i, credentials, ctx),
  });

const block = defineCall({ path: '/customer/block', access: 'session', input: customerBlockRequest, reply: customerBlockReply, handler: notingCustomer((i, ctx) => auditedCustomer.block(ctx.deps, ctx.caller, { id: i.id, block: i.block })) });
const blockStateCall = defineCall({ path: '/customer/blockState', access: 'session', input: customerIdRequest, reply: customerBlockReply, handler: (i, ctx) => blockState(ctx.deps, ctx.caller, i.id) });
const reset = defineCall({ path: '/customer/reset', access: 'session', input: customerResetRequest, reply: customerResetReply, handler: notingCustomer((i, ctx) => auditedCustomer.reset(ctx.deps, ctx.caller, i.id)) });
const kickCall = defineCall({ path: '/customer/kick', access: 'session', input: customerIdRequest, reply: customerKickReply, handler: (i, ctx) => auditedCustomer.kick(ctx.deps, ctx.caller, i.id) });
const history = defineCall({ path: '/customer/history', access: 'session', input: customerHistoryRequest, reply: customerHistoryReply, handler: serve(gameHistory) });
const gifts = defineCall({ path: '/customer/giftHistory', access: 'session', input: customerGiftHistoryRequest, reply: customerGiftHistoryReply, handler: serve(giftHistory) });
const customerInfoList = defineCall({
  path: '/customer/customerInfo',
  access: 'session',
  input: customerListRequest,
  reply: customerListReply,
  handler: serve(listCustomers),
});

export const customerCalls: CallDef[] = [
  search,
  info,
  create,
  update,
  getDayLimit,
  money('purchase', 'purchase'),
  money('redeem', 'redeem'),
  money('comps', 'special_comps'),
  money('revert', 'revert'),
  block,
  blockStateCall,
  reset,
  kickCall,
  history,
  gifts,
  customerInfoList,
] as CallDef[];
