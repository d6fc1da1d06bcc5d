import { customerCreateRequest, customerUpdateRequest } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { DEMO_KIOSK, DEMO_LOGINS } from '../../cli/seed/seed.js';
import type { Actor } from '../../domain/actor.js';
import type { LiveChange, LiveChanges } from '../../live/live-changes.js';
import { describeOnDatabases } from '../../testing/server.js';
import { ADULT_BIRTHDAY } from '../../testing/customer-kit.js';
import type { Deps } from '../deps.js';
import { createCustomer, setBlock, updateCustomer } from './customer-change.service.js';

/**
 * The service writes the audit row and notes the live change itself: a transport (or a console)
 * calling it directly gets both, with no wrapper to forget.
 */
describeOnDatabases('customer changes called directly, with no transport', (s) => {
  let actor: Actor;
  /** The boss's credentials only make inputs parse as the contract's: the services never read them. */
  let session: { UID: number; TOKEN: string };
  const notes: Array<{ store: number; change: LiveChange }> = [];
  let deps: Deps;
  beforeAll(async () => {
    const boss = await s.login(DEMO_LOGINS.boss, 'viewer');
    session = { UID: boss.UID, TOKEN: boss.TOKEN };
    actor = { sessionId: 0, accountId: boss.UID, storeId: DEMO_KIOSK, username: DEMO_LOGINS.boss.username, role: 'boss', mode: 'viewer' };
    const live = { note: (store: number, change: LiveChange) => void notes.push({ store, change }) } as unknown as LiveChanges;
    deps = { handle: s.handle, settings: s.settings, live };
  });
  const last = () => s.handle.db.selectFrom('audit').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

  it('write their audit row: create, update and block each leave theirs, in the actor\'s name', async () => {
    const created = await createCustomer(deps, actor, customerCreateRequest.parse({ ...session, first_name: 'Direct', last_name: 'Call', phone: '5550001', birthday: ADULT_BIRTHDAY }));
    expect(await last()).toMatchObject({ kind: 'customer.create', store_id: DEMO_KIOSK, actor_name: DEMO_LOGINS.boss.username, target_id: created.id, target_label: 'Direct Call' });

    await updateCustomer(deps, actor, customerUpdateRequest.parse({ ...session, id: created.id, phone: '5550002' }));
    const update = await last();
    expect(update).toMatchObject({ kind: 'customer.update', target_id: created.id });
    expect(JSON.parse(update.after_json!)).toMatchObject({ phone: '5550002' });

    await setBlock(deps, actor, { id: created.id, block: true });
    expect(await last()).toMatchObject({ kind: 'customer.block', target_id: created.id });
  });

  it('note the customer for the live screens once committed; a refused change notes nothing and writes no row', async () => {
    const created = await createCustomer(deps, actor, customerCreateRequest.parse({ ...session, first_name: 'Live', last_name: 'Note', birthday: ADULT_BIRTHDAY }));
    notes.length = 0;
    await updateCustomer(deps, actor, customerUpdateRequest.parse({ ...session, id: created.id, phone: '5550003' }));
    // One note for the store (the change runner merges what moved in it): the customer for the store's
    // screens; any note of the store also moves it on the console's live stores screen.
    expect(notes).toEqual([{ store: DEMO_KIOSK, change: { customers: [created.id] } }]);

    notes.length = 0;
    const before = await last();
    await expect(setBlock(deps, actor, { id: 99_999_999, block: true })).rejects.toThrow();
    expect(notes).toEqual([]);
    expect((await last()).id).toBe(before.id);
  });
});
