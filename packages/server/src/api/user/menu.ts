import { audienceOf, screensFor, type MenuEntry, type MenuLang } from '@moneybox/contract';
import type { Caller } from '../../http/call.js';

/**
 * The server-driven menu: the web app shows tiles and side-menu entries for exactly these. It is the
 * contract's screen registry (`SCREENS`) filtered by who the caller is.
 */
export function menuFor(caller: Caller, lang: MenuLang): MenuEntry[] {
  return screensFor(audienceOf(caller.role, caller.mode)).map((s) => ({ func_name: s.names[lang], func_link: s.link, group: s.group }));
}
