import { downloadRequest, eventNewsRequest, newsRequest, regulationsRequest, downloadReply, eventNewsReply, newsReply, regulationsReply } from '@moneybox/contract';
import { defineCall, serve, type CallDef } from '../../http/call.js';
import { storeEventNews, storeNews, storePosters, storeRegulations } from './bulletin.service.js';

const news = defineCall({ path: '/bulletin/news', access: 'session', input: newsRequest, reply: newsReply, handler: serve(storeNews) });

const eventNewsCall = defineCall({ path: '/bulletin/event_news', access: 'session', input: eventNewsRequest, reply: eventNewsReply, handler: serve(storeEventNews) });

/** The spec's name for the posters list (spec section 7); the files themselves: GET /API/bulletin/file/{id}. */
const download = defineCall({ path: '/bulletin/download', access: 'session', input: downloadRequest, reply: downloadReply, handler: serve(storePosters) });

const regulations = defineCall({ path: '/bulletin/regulations', access: 'session', input: regulationsRequest, reply: regulationsReply, handler: serve(storeRegulations) });

export const bulletinCalls: CallDef[] = [news, eventNewsCall, download, regulations] as CallDef[];
