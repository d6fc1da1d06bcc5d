import { defineCall, serve } from '../../call.js';
import { annotateDay, closeDay, dayCloseView } from '../../../services/day-close/day-close.service.js';

/** The Z report of a store day: stored when closed, the figures now and what blocks the close when open. */
const get = defineCall('/dayClose/get', { handler: serve(dayCloseView) });

/** Closes a store day once (a second close answers the stored report). */
const close = defineCall('/dayClose/close', { handler: serve(closeDay) });

/** A boss's note on one difference of a day. */
const annotate = defineCall('/dayClose/annotate', { handler: serve(annotateDay) });

export const dayCloseCalls = [get, close, annotate];
