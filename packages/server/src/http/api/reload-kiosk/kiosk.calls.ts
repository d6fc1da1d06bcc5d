import { defineCall, serve } from '../../call.js';
import { collectKiosk, kioskBoxes } from '../../../services/reload-kiosk/collection.service.js';

/** The store's reload kiosks and what each box should hold. */
const boxes = defineCall('/kiosk/boxes', { handler: serve(kioskBoxes) });

/** A kiosk's box collected and counted (or marked not collected), once per key. */
const collect = defineCall('/kiosk/collect', { handler: (input, ctx) => collectKiosk(ctx.deps, ctx.caller, input) });

export const kioskCalls = [boxes, collect];
