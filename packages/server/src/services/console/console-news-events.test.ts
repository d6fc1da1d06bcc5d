import { Status } from '@moneybox/contract';
import { beforeAll, expect, it } from 'vitest';
import { consoleAccount, type ConsoleSession } from '../../testing/console-kit.js';
import { OTHER_KIOSK, otherStoreSession } from '../../testing/bulletin-kit.js';
import { describeOnDatabases, type Body, type Session } from '../../testing/server.js';

const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const eventItem = (name: string, target: Body, period: { starts_at?: string; ends_at?: string } = { starts_at: at(-HOUR), ends_at: at(24 * HOUR) }): Body => ({
  kind: 'event',
  texts: [{ lang: 'en', title: `About ${name}`, body: `# ${name}` }],
  target,
  event: { name, ...period },
});

/**
 * Events are shared by name by their items: a distributor names or changes only an event of its own,
 * never the admin's every-store event or another distributor's, whose stores keep seeing it.
 */
describeOnDatabases('console events belong to their publisher', (s) => {
  let admin: ConsoleSession, dist: ConsoleSession, other: ConsoleSession;
  let boss2002: Session;
  const as = (c: ConsoleSession) => ({ UID: c.UID, TOKEN: c.TOKEN });
  const eventNews = (who: Session, name: string) => s.call('/bulletin/event_news', { ...who, event_name: name });
  const eventRow = (name: string) => s.handle.db.selectFrom('bulletin_event').select(['starts_at', 'ends_at', 'removed_at']).where('name', '=', name).executeTakeFirstOrThrow();

  beforeAll(async () => {
    boss2002 = await otherStoreSession(s);
    admin = await consoleAccount(s, 'admin');
    dist = await consoleAccount(s, 'distributor', { stores: [1001] });
    other = await consoleAccount(s, 'distributor', { stores: [OTHER_KIOSK] });
  });

  it("a distributor cannot end the admin's every-store event by publishing an item with its name", async () => {
    expect((await s.call('/operator/newsPublish', { ...as(admin), ...eventItem('grand_draw', { type: 'all' }) })).status).toBe(Status.OK);
    const before = await eventRow('grand_draw');
    expect((await eventNews(boss2002, 'grand_draw')).status).toBe(Status.OK);
    const hijack = await s.call('/operator/newsPublish', { ...as(dist), ...eventItem('grand_draw', { type: 'stores', kids: [1001] }, { starts_at: at(-2 * HOUR), ends_at: at(-HOUR) }) });
    expect(hijack.status).toBe(Status.PERMISSION_ERROR);
    expect(await eventRow('grand_draw')).toEqual(before);
    expect((await eventNews(boss2002, 'grand_draw')).status).toBe(Status.OK);
  });

  it("a distributor cannot take another distributor's event, and changes the period of its own", async () => {
    const mine = await s.call('/operator/newsPublish', { ...as(other), ...eventItem('other_draw', { type: 'stores', kids: [OTHER_KIOSK] }) });
    expect(mine.status).toBe(Status.OK);
    const before = await eventRow('other_draw');
    expect((await s.call('/operator/newsPublish', { ...as(dist), ...eventItem('other_draw', { type: 'stores', kids: [1001] }, { ends_at: at(-1) }) })).status).toBe(Status.PERMISSION_ERROR);
    expect(await eventRow('other_draw')).toEqual(before);
    expect((await eventNews(boss2002, 'other_draw')).status).toBe(Status.OK);
    // Its own event: a second item of it and a new period are the owner's to give.
    expect((await s.call('/operator/newsPublish', { ...as(other), ...eventItem('other_draw', { type: 'stores', kids: [OTHER_KIOSK] }, {}) })).status).toBe(Status.OK);
    const ends = at(48 * HOUR);
    expect((await s.call('/operator/newsUpdate', { ...as(other), id: mine.id, texts: [], event: { ends_at: ends } })).status).toBe(Status.OK);
    expect((await eventRow('other_draw')).ends_at).toBe(ends);
  });

  it("a distributor cannot change the period of an event its item shares with the admin's every-store item", async () => {
    expect((await s.call('/operator/newsPublish', { ...as(admin), ...eventItem('shared_draw', { type: 'all' }) })).status).toBe(Status.OK);
    // The admin's second item of the event, aimed only at the distributor's store: the distributor may edit that item, not the event.
    const theirs = await s.call('/operator/newsPublish', { ...as(admin), ...eventItem('shared_draw', { type: 'stores', kids: [1001] }, {}) });
    expect(theirs.status).toBe(Status.OK);
    const before = await eventRow('shared_draw');
    expect((await s.call('/operator/newsUpdate', { ...as(dist), id: theirs.id, texts: [], event: { ends_at: at(-1) } })).status).toBe(Status.PERMISSION_ERROR);
    expect(await eventRow('shared_draw')).toEqual(before);
    expect((await eventNews(boss2002, 'shared_draw')).status).toBe(Status.OK);
    // Its texts are still the distributor's to change (the item is aimed only at its store).
    expect((await s.call('/operator/newsUpdate', { ...as(dist), id: theirs.id, texts: [{ lang: 'en', title: 'Renamed' }] })).status).toBe(Status.OK);
  });
});
