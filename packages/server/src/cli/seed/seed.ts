import { SaType, cents } from '@moneybox/contract';
import type { DatabaseHandle, Db } from '../../db/database.js';
import { machineRepository } from '../../repositories/machine.repository.js';
import { storeRepository } from '../../repositories/store.repository.js';
import { createAnnouncement } from '../../services/operator/notice.service.js';
import { OPERATOR, SEED } from '../../services/audit/audit.js';
import { createAccount, createStore } from '../../services/operator/operator.service.js';
import { seedDemoCustomers } from './seed-customers.js';
import { isoNow } from '../../clock.js';
import { demoTerminalKey } from '../../auth/terminal-key.js';
import { seedDemoBulletins } from './seed-bulletins.js';

export const DEMO_KIOSK = 1001;
export const DEMO_LOGINS = {
  boss: { username: 'boss01', password: 'boss1234' },
  cashier: { username: 'cashier01', password: 'cash1234' },
  /** The simulator's own account (services/operator/simulator-account.ts): `npm run simulate` never signs in as a person. */
  simulator: { username: 'simulator1001', password: 'sim12345' },
} as const;

/** The demo store's terminals: six game machines and a reload kiosk. */
export const DEMO_TERMINALS: ReadonlyArray<{ name: number; kind: 'game' | 'reload_kiosk' }> = [
  ...[101, 102, 103, 104, 105, 106].map((name) => ({ name, kind: 'game' as const })),
  { name: 900, kind: 'reload_kiosk' },
];

/**
 * Creates the demo store of DESIGN.md section 5 when the database has none; true when it did.
 * All of it in one transaction (issue 25): a start killed while seeding leaves no store, and the
 * next start seeds it whole. A server that lost the race to seed (two starting at once on one
 * PostgreSQL) finds the other's store and goes on.
 */
export async function seedDemoStore(handle: DatabaseHandle): Promise<boolean> {
  const { db } = handle;
  if (await storeRepository.any(db)) return false;
  try {
    await db.transaction().execute((tx) => seedInto(tx));
  } catch (err) {
    if (await storeRepository.any(db)) return false;
    throw err;
  }
  return (await storeRepository.find(db, DEMO_KIOSK)) !== undefined;
}

async function seedInto(db: Db): Promise<void> {
  await createStore({ handle: { db } }, SEED, {
    id: DEMO_KIOSK,
    name: 'Demo Arcade',
    timezone: 'America/Chicago',
    credit: cents(100_000_00),
    compsBudget: cents(5_000_00),
    maxDrawers: 5,
    maxMachines: 20,
    limitDay: 31,
    limitHourly: cents(500_00),
    limitDaily: cents(2_000_00),
    limitWeekly: cents(5_000_00),
    drawers: 3,
    address: '100 Main Street',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    phone: '217-555-0100',
  });
  await createAccount({ handle: { db } }, SEED, { storeId: DEMO_KIOSK, username: DEMO_LOGINS.boss.username, password: DEMO_LOGINS.boss.password, saType: SaType.BOSS });
  await createAccount({ handle: { db } }, SEED, { storeId: DEMO_KIOSK, username: DEMO_LOGINS.cashier.username, password: DEMO_LOGINS.cashier.password, saType: SaType.CASHIER });
  // A boss account the simulator signs in with as a viewer (machine list, enrolment codes, its players).
  await createAccount({ handle: { db } }, SEED, { storeId: DEMO_KIOSK, username: DEMO_LOGINS.simulator.username, password: DEMO_LOGINS.simulator.password, saType: SaType.BOSS });
  await seedDemoCustomers(db, DEMO_KIOSK);
  const at = isoNow();
  // Enrolled terminals, disconnected until the simulator plays them (`npm run simulate`): their keys
  // derive from a published demo seed (auth/terminal-key.ts demoTerminalKey).
  for (const t of DEMO_TERMINALS) {
    await machineRepository.insert(db, DEMO_KIOSK, { machine_id: t.name, kind: t.kind, public_key: demoTerminalKey(DEMO_KIOSK, t.name).publicKeyB64, created_at: at });
  }
  await seedDemoBulletins(db, DEMO_KIOSK);
  await createAnnouncement({ handle: { db } }, OPERATOR, { msg: 'Welcome to Moneybox POS! Weekend double-entries promotion runs Friday to Sunday.', modes: [0, 1, 2, 3, 4, 5, 6] });
}
