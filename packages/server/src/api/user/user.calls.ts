import { auth, chooseDrawerRequest, menuRequest, posLoginRequest } from '@moneybox/contract';
import { SERVER_VERSION, audienceOf } from '@moneybox/contract';
import { isoNow } from '../../clock.js';
import { defineCall } from '../../http/call.js';
import { sessionRepository } from '../../repositories/session.repository.js';
import { chooseDrawer as choose } from './drawer-choice.service.js';
import { posLogin as login } from './login.service.js';
import { menuFor } from './menu.js';
import { screensOpenable } from '../../http/permissions.js';

export const posLogin = defineCall({
  path: '/user/posLogin',
  access: 'public',
  input: posLoginRequest,
  handler: (input, ctx) => login(input, ctx),
});

export const chooseDrawer = defineCall({
  path: '/user/chooseDrawer',
  access: 'session',
  input: chooseDrawerRequest,
  handler: (input, ctx) => choose(input.moneybox, ctx),
});

export const menu = defineCall({
  path: '/user/menu',
  access: 'session',
  input: menuRequest,
  async handler(input, { caller, deps }) {
    return { menu: menuFor(caller, input.lang), opens: screensOpenable(audienceOf(caller.role, caller.mode)), serverVer: SERVER_VERSION, env: deps.settings.env };
  },
});

/** Ends the session on the server too (the spec's sign-out only clears the browser's cookies). */
export const logout = defineCall({
  path: '/user/logout',
  access: 'session',
  input: auth,
  async handler(_input, { caller, deps }) {
    await sessionRepository.revoke(deps.handle.db, caller.sessionId, isoNow());
    return {};
  },
});

export const userCalls = [posLogin, chooseDrawer, menu, logout];
