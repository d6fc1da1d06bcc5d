import { defineCall } from '../../call.js';
import { AddressWindow } from '../../rate-limit.js';
import { announcements, issueKey, maintenanceNotice, storeClock } from '../../../services/config/config.service.js';

const localtime = defineCall('/config/localtime', { handler: (_input, ctx) => storeClock(ctx.deps, ctx.caller) });

/** Per server (its settings object): each server of a cluster counts its own addresses. */
const keyWindows = new WeakMap<object, AddressWindow>();
function keysPerAddress(settings: object): AddressWindow {
  let w = keyWindows.get(settings);
  if (!w) keyWindows.set(settings, (w = new AddressWindow(60_000, 'Too many one-time keys from this address; wait and try again')));
  return w;
}

const key = defineCall('/config/key', {
  async handler(_input, { deps, ip }) {
    // Anonymous by the spec, so bounded per address instead: a flood of unused keys is refused (511).
    keysPerAddress(deps.settings).take(ip, deps.settings.keyIpLimit);
    return issueKey(deps);
  },
});

const announce = defineCall('/config/announce', { handler: (_input, { deps }) => announcements(deps) });

const maintain = defineCall('/config/maintain', { handler: (_input, { deps }) => maintenanceNotice(deps) });

export const configCalls = [localtime, key, announce, maintain];
