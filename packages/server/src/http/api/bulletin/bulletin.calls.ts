import { defineCall, serve } from '../../call.js';
import { storeEventNews, storeNews, storePosters, storeRegulations } from '../../../services/bulletin/bulletin.service.js';

const news = defineCall('/bulletin/news', { handler: serve(storeNews) });

const eventNewsCall = defineCall('/bulletin/event_news', { handler: serve(storeEventNews) });

/** The spec's name for the posters list (spec section 7); the files themselves: GET /API/bulletin/file/{id}. */
const download = defineCall('/bulletin/download', { handler: serve(storePosters) });

const regulations = defineCall('/bulletin/regulations', { handler: serve(storeRegulations) });

export const bulletinCalls = [news, eventNewsCall, download, regulations];
