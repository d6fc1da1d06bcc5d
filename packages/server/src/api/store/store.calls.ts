import { storeInfoRequest, storeQuotaRequest, storeUpdateRequest, storeInfoReply, storeQuotaReply, storeUpdateReply } from '@moneybox/contract';
import { defineCall, type CallDef, serve } from '../../http/call.js';
import { storeQuota } from './quota.service.js';
import { storeInfo, updateStore } from './store.service.js';

/** Store Information's calls (who may make them: domain/permissions.ts). */
const info = defineCall({ path: '/store/info', access: 'session', input: storeInfoRequest, reply: storeInfoReply, handler: (i, ctx) => storeInfo(ctx.deps, ctx.caller, i.fields) });
const update = defineCall({ path: '/store/update', access: 'session', input: storeUpdateRequest, reply: storeUpdateReply, handler: serve(updateStore) });
const quota = defineCall({ path: '/store/quota', access: 'session', input: storeQuotaRequest, reply: storeQuotaReply, handler: (i, ctx) => storeQuota(ctx.deps, ctx.caller, i.days) });

export const storeCalls: CallDef[] = [info, update, quota] as CallDef[];
