import { auth, chooseDrawerRequest, menuRequest, posLoginRequest, chooseDrawerReply, logoutReply, menuReply, posLoginReply } from '@moneybox/contract';
import { SERVER_VERSION, audienceOf } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import { defineCall } from '../../http/call.js';
import { sessionRepository } from '../../repositories/session.repository.js';
import { chooseDrawer as choose } from './drawer-choice.service.js';
import { posLogin as login } from './login.service.js';
import { menuFor } from './menu.js';
import { allowed, screensOpenable } from '../../domain/permissions.js';
import { withNewsEntries } from '../bulletin/bulletin-menu.js';

export const posLogin = defineCall({
  path: '/user/posLogin',
  access: 'public',
  input: posLoginRequest,
  reply: posLoginReply,
  handler: (input, ctx) => login(ctx.deps, { ...input, ip: ctx.ip }),
});

export const chooseDrawer = defineCall({
  path: '/user/chooseDrawer',
  access: 'session',
  input: chooseDrawerRequest,
  reply: chooseDrawerReply,
  handler: (input, ctx) => choose(ctx.deps, ctx.caller, input.moneybox),
});

export const menu = defineCall({
  path: '/user/menu',
  access: 'session',
  input: menuRequest,
  reply: menuReply,
  async handler(input, { caller, deps }) {
    const audience = audienceOf(caller.role, caller.mode);
    const entries = await withNewsEntries(deps.handle.db, caller.storeId, input.lang, menuFor(caller, input.lang), allowed('/bulletin/event_news', audience), isoNow());
    return { menu: entries, opens: screensOpenable(audience), serverVer: SERVER_VERSION, env: deps.settings.env };
  },
});

/** Ends the session on the server too (the spec's sign-out only clears the browser's cookies). */
export const logout = defineCall({
  path: '/user/logout',
  access: 'session',
  input: auth,
  reply: logoutReply,
  async handler(_input, { caller, deps }) {
    await sessionRepository.revoke(deps.handle.db, caller.sessionId, isoNow());
    return {};
  },
});

export const userCalls = [posLogin, chooseDrawer, menu, logout];
