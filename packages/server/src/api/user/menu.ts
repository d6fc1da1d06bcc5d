import { audienceOf, type MenuEntry, type MenuLang } from '@moneybox/contract';
import type { Actor } from '../../domain/actor.js';
import { screensAllowed } from '../../domain/permissions.js';

/**
 * The server-driven menu: the web app shows tiles and side-menu entries for exactly these. It is the
 * contract's screen registry (`SCREENS`) filtered by who the caller is and by the permission matrix
 * (a screen appears only when the caller may make every call it needs to open).
 */
export function menuFor(caller: Actor, lang: MenuLang): MenuEntry[] {
  return screensAllowed(audienceOf(caller.role, caller.mode)).map((s) => ({ func_name: s.names[lang], func_link: s.link, group: s.group }));
}
