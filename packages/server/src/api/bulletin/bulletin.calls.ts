import { downloadRequest, eventNewsRequest, newsRequest, regulationsRequest, type BulletinLang, downloadReply, eventNewsReply, newsReply, regulationsReply } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import { defineCall, type AuthedContext, type CallDef } from '../../http/call.js';
import { eventNews, listNews, listPosters, listRegulations, type Reader } from './bulletin.service.js';

/** The caller's store, in the asked language, now. */
const reader = (lang: BulletinLang, ctx: AuthedContext): Reader => ({ db: ctx.deps.handle.db, storeId: ctx.caller.storeId, lang, now: isoNow() });

const news = defineCall({
  path: '/bulletin/news',
  access: 'session',
  input: newsRequest,
  reply: newsReply,
  handler: async (i, ctx) => ({ list: await listNews(reader(i.lang, ctx)) }),
});

const eventNewsCall = defineCall({
  path: '/bulletin/event_news',
  access: 'session',
  input: eventNewsRequest,
  reply: eventNewsReply,
  handler: (i, ctx) => eventNews(reader(i.lang, ctx), i.event_name),
});

/** The spec's name for the posters list (spec section 7); the files themselves: GET /API/bulletin/file/{id}. */
const download = defineCall({
  path: '/bulletin/download',
  access: 'session',
  input: downloadRequest,
  reply: downloadReply,
  handler: async (i, ctx) => ({ list: await listPosters(reader(i.lang, ctx)) }),
});

const regulations = defineCall({
  path: '/bulletin/regulations',
  access: 'session',
  input: regulationsRequest,
  reply: regulationsReply,
  handler: async (i, ctx) => ({ list: await listRegulations(reader(i.lang, ctx)) }),
});

export const bulletinCalls: CallDef[] = [news, eventNewsCall, download, regulations] as CallDef[];
