import { defineCall, serve } from '../../http/call.js';
import { storeQuota } from './quota.service.js';
import { storeInfo, updateStore } from './store.service.js';

/** Store Information's calls (who may make them: domain/permissions.ts). */
const info = defineCall('/store/info', { handler: (i, ctx) => storeInfo(ctx.deps, ctx.caller, i.fields) });
const update = defineCall('/store/update', { handler: serve(updateStore) });
const quota = defineCall('/store/quota', { handler: (i, ctx) => storeQuota(ctx.deps, ctx.caller, i.days) });

export const storeCalls = [info, update, quota];
