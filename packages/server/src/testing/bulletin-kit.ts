import { SaType, cents } from '@moneybox/contract';
import { publish, type PublishIn } from '../services/operator/publish.service.js';
import { OPERATOR, SEED } from '../services/audit/audit.js';
import { inTransaction } from '../db/database.js';
import { createAccount, createStore } from '../services/operator/operator.service.js';
import type { Session, TestServer } from './server.js';

/** Platform news in tests: a second store with its own boss, publishing, and file fetches with the session cookies. */

export const OTHER_KIOSK = 2002;
const OTHER_BOSS = { username: 'otherboss1', password: 'other1234' };

/** Store 2002 with a boss; returns that boss's session. */
export async function otherStoreSession(s: TestServer): Promise<Session> {
  const db = s.handle.db;
  const exists = await db.selectFrom('store').select('id').where('id', '=', OTHER_KIOSK).executeTakeFirst();
  if (!exists) {
    await createStore({ handle: { db } }, SEED, {
      id: OTHER_KIOSK, name: 'Other Arcade', timezone: 'UTC', credit: cents(0), compsBudget: cents(0), maxDrawers: 2, maxMachines: 1,
      limitDay: 31, limitHourly: cents(0), limitDaily: cents(0), limitWeekly: cents(0), drawers: 1,
    });
    await createAccount({ handle: { db } }, SEED, { storeId: OTHER_KIOSK, username: OTHER_BOSS.username, password: OTHER_BOSS.password, saType: SaType.BOSS });
  }
  const r = await s.call('/user/posLogin', { mode: 'viewer', ...OTHER_BOSS, kiosk_id: OTHER_KIOSK });
  if (r.status !== 0) throw new Error(`other store login: ${JSON.stringify(r)}`);
  return { UID: r.uid as number, TOKEN: r.token as string };
}

/** Publishes as the operator does (one transaction). */
export const publishItem = (s: TestServer, input: PublishIn) => inTransaction(s.handle.db, (tx) => publish({ handle: { db: tx } }, OPERATOR, input));

/** GET a bulletin file URL as the browser does: the session in the uid and token cookies. */
export function fetchFile(s: TestServer, url: string, who?: Session, headers: Record<string, string> = {}): Promise<Response> {
  const cookie = who ? `uid=${who.UID}; token=${encodeURIComponent(who.TOKEN)}; lang=en` : '';
  return fetch(`${s.url}${url}`, { headers: { ...(cookie && { cookie }), ...headers } });
}
