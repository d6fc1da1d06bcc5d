import { beforeAll, expect, it } from 'vitest';
import { DEMO_KIOSK, DEMO_LOGINS } from '../../cli/seed/seed.js';
import type { Actor } from '../../domain/actor.js';
import { describeOnDatabases } from '../../testing/server.js';
import type { Deps } from '../deps.js';
import { freezeDrawer, setupList } from './drawer-setup.service.js';

/** Drawer Setup's changes write their audit row themselves: calling the service with no transport leaves it too. */
describeOnDatabases('drawer changes called directly, with no transport', (s) => {
  let actor: Actor;
  let deps: Deps;
  beforeAll(async () => {
    const boss = await s.login(DEMO_LOGINS.boss, 'viewer');
    actor = { sessionId: 0, accountId: boss.UID, storeId: DEMO_KIOSK, username: DEMO_LOGINS.boss.username, role: 'boss', mode: 'viewer' };
    deps = { handle: s.handle, settings: s.settings };
  });
  const last = () => s.handle.db.selectFrom('audit').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

  it('a freeze and an unfreeze each write their row in the actor\'s name', async () => {
    const drawer = (await setupList(deps, actor)).list.at(-1)!;
    await freezeDrawer(deps, actor, { id: drawer.id, freeze: true });
    expect(await last()).toMatchObject({ kind: 'drawer.freeze', store_id: DEMO_KIOSK, actor_name: DEMO_LOGINS.boss.username, target_id: drawer.id });
    await freezeDrawer(deps, actor, { id: drawer.id, freeze: false });
    expect(await last()).toMatchObject({ kind: 'drawer.unfreeze', target_id: drawer.id });
  });
});
