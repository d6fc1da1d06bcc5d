import { SERVER_VERSION, audienceOf, type MenuEntry, type MenuLang } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import type { Actor } from '../../domain/actor.js';
import type { Deps } from '../deps.js';
import { allowed, screensAllowed, screensOpenable, storeCallsOf } from '../../domain/permissions.js';
import { withNewsEntries } from '../bulletin/bulletin-menu.js';

/**
 * The server-driven menu: the web app shows tiles and side-menu entries for exactly these. It is the
 * contract's screen registry (`SCREENS`) filtered by who the caller is and by the permission matrix
 * (a screen appears only when the caller may make every call it needs to open).
 */
export function menuFor(caller: Actor, lang: MenuLang): MenuEntry[] {
  return screensAllowed(audienceOf(caller.role, caller.mode)).map((s) => ({ func_name: s.names[lang], func_link: s.link, group: s.group }));
}

/** /user/menu: the actor's entries (with the store's news events), the screens they may open, the calls they may make, the server's version. */
export async function userMenu(deps: Deps, actor: Actor, lang: MenuLang) {
  const audience = audienceOf(actor.role, actor.mode);
  const entries = await withNewsEntries(deps.handle.db, actor.storeId, lang, menuFor(actor, lang), allowed('/bulletin/event_news', audience), isoNow());
  return { menu: entries, opens: screensOpenable(audience), calls: storeCallsOf(audience), serverVer: SERVER_VERSION, env: deps.settings.env };
}
