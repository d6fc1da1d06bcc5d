import { defineCall } from '../../call.js';
import { chooseDrawer as choose } from '../../../services/user/drawer-choice.service.js';
import { posLogin as login, logout as endSession } from '../../../services/user/login.service.js';
import { userMenu } from '../../../services/user/menu.js';

const posLogin = defineCall('/user/posLogin', { handler: (input, ctx) => login(ctx.deps, { ip: ctx.ip, kioskId: input.kiosk_id }, { mode: input.mode, username: input.username, password: input.password }) });

const chooseDrawer = defineCall('/user/chooseDrawer', { handler: (input, ctx) => choose(ctx.deps, ctx.caller, input.moneybox) });

const menu = defineCall('/user/menu', { handler: (input, ctx) => userMenu(ctx.deps, ctx.caller, input.lang) });

/** Ends the session on the server too (the spec's sign-out only clears the browser's cookies). */
const logout = defineCall('/user/logout', { handler: (_input, ctx) => endSession(ctx.deps, ctx.caller) });

export const userCalls = [posLogin, chooseDrawer, menu, logout];
