// The checked-payout tests' store: ID check above 100.00, large payouts above 500.00, a counter, a boss and a reload kiosk.
import { SaType } from '@moneybox/contract';
import { afterAll, beforeAll } from 'vitest';
import { DEMO_KIOSK } from '../cli/seed/seed.js';
import { openCounter } from './customer-kit.js';
import type { Session, TestServer } from './server.js';
import { bossSession, enrolTerminal } from './terminal-kit.js';

type Terminal = Awaited<ReturnType<typeof enrolTerminal>>;

/**
 * Registers the suite's setup (the demo store's thresholds, set back after) and returns its desks,
 * filled once the suite starts: `redeem` at the counter with an ID shown, `command` at the reload
 * kiosk (its seq counted here).
 */
export function payoutDesks(s: TestServer) {
  const desks = {} as { counter: Session & { drawer: number }; boss: Session; kiosk: Terminal };
  let seq = 0;
  beforeAll(async () => {
    await s.handle.db.updateTable('store').set({ id_check_cents: 100_00, large_payout_cents: 500_00 }).where('id', '=', DEMO_KIOSK).execute();
    desks.counter = await openCounter(s, 5000);
    desks.boss = await openCounter(s, 1000, { saType: SaType.BOSS });
    desks.kiosk = await enrolTerminal(s, await bossSession(s), 'reload_kiosk');
  });
  afterAll(async () => {
    await desks.kiosk?.socket.close();
    await s.handle.db.updateTable('store').set({ id_check_cents: 0, large_payout_cents: 0 }).where('id', '=', DEMO_KIOSK).execute();
  });
  return {
    desks,
    redeem: async (id: number, amount: number, shown: Record<string, unknown> = {}) => s.call('/customer/redeem', { ...desks.counter, id, amount, key: await s.key(), ...shown }),
    command: (body: { type: string } & Record<string, unknown>) => desks.kiosk.socket.command({ ...body, seq: ++seq }),
  };
}
