import { defineCall, serve } from '../../call.js';
import { storeQuota } from '../../../services/store/quota.service.js';
import { storeInfo, updateStore } from '../../../services/store/store.service.js';

/** Store Information's calls (who may make them: domain/permissions.ts). */
const info = defineCall('/store/info', { handler: (i, ctx) => storeInfo(ctx.deps, ctx.caller, i.fields) });
const update = defineCall('/store/update', { handler: serve(updateStore) });
const quota = defineCall('/store/quota', { handler: (i, ctx) => storeQuota(ctx.deps, ctx.caller, i.days) });

export const storeCalls = [info, update, quota];
