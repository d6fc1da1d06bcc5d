import { CONSOLE_UPLOAD_BODY_BYTES, Status, BULLETIN_LIMITS, type NewsItem } from '@moneybox/contract';
import { beforeAll, expect, it, vi } from 'vitest';
import { demoPng } from '../../cli/seed/demo-files.js';
import { auditRepository } from '../../repositories/audit.repository.js';
import { consoleAccount, type ConsoleSession } from '../../testing/console-kit.js';
import { OTHER_KIOSK, fetchFile, otherStoreSession } from '../../testing/bulletin-kit.js';
import { describeOnDatabases, type Body, type Session } from '../../testing/server.js';

const PNG = Buffer.from(demoPng(8, 8, [[255, 0, 0]]));
const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
const news = (title: string, target: Body, extra: Body = {}): Body => ({ kind: 'news', texts: [{ lang: 'en', title, body: `# ${title}` }], target, ...extra });

/**
 * Platform news from the console: targeting within the caller's scope (a store outside the target
 * never sees the item; a distributor reaches only its stores), withdraw, the audit row written by the
 * publish service in the change's own transaction, uploads refused by size and type (13), and the
 * admin's announcements and maintenance switch.
 */
describeOnDatabases('console news', (s) => {
  let admin: ConsoleSession, dist: ConsoleSession, other: ConsoleSession, support: ConsoleSession;
  let boss1001: Session, boss2002: Session;
  const as = (c: ConsoleSession) => ({ UID: c.UID, TOKEN: c.TOKEN });
  const titlesSeenBy = async (who: Session) => ((await s.call('/bulletin/news', { ...who })).list as NewsItem[]).map((n) => n.title);
  const counts = async () => ({
    bulletins: Number((await s.handle.db.selectFrom('bulletin').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    audits: Number((await s.handle.db.selectFrom('audit').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
  });

  beforeAll(async () => {
    boss2002 = await otherStoreSession(s);
    const b = await s.login({ username: 'boss01', password: 'boss1234' }, 'viewer');
    boss1001 = { UID: b.UID, TOKEN: b.TOKEN };
    admin = await consoleAccount(s, 'admin');
    dist = await consoleAccount(s, 'distributor', { stores: [1001] });
    other = await consoleAccount(s, 'distributor', { stores: [OTHER_KIOSK] });
    support = await consoleAccount(s, 'support', { parentId: dist.UID });
  });

  it('reaches exactly the stores its target names: a distributor\'s stores, a list, every store', async () => {
    expect(await s.call('/operator/newsPublish', { ...as(admin), ...news('For the first distributor', { type: 'distributor', distributor_id: dist.UID }) })).toMatchObject({ status: Status.OK });
    expect(await s.call('/operator/newsPublish', { ...as(admin), ...news('For 2002 only', { type: 'stores', kids: [OTHER_KIOSK] }) })).toMatchObject({ status: Status.OK });
    expect(await s.call('/operator/newsPublish', { ...as(admin), ...news('For everyone', { type: 'all' }) })).toMatchObject({ status: Status.OK });
    const seen1001 = await titlesSeenBy(boss1001);
    const seen2002 = await titlesSeenBy(boss2002);
    expect(seen1001).toEqual(expect.arrayContaining(['For the first distributor', 'For everyone']));
    expect(seen1001).not.toContain('For 2002 only');
    expect(seen2002).toEqual(expect.arrayContaining(['For 2002 only', 'For everyone']));
    expect(seen2002).not.toContain('For the first distributor');
    // The distributor lists the items aimed only at its stores; support reads the same list.
    const listed = async (c: ConsoleSession) => ((await s.call('/operator/news', as(c))).list as { texts: { title: string }[] }[]).map((i) => i.texts[0]!.title);
    expect(await listed(dist)).toContain('For the first distributor');
    expect(await listed(dist)).not.toContain('For 2002 only');
    expect(await listed(dist)).not.toContain('For everyone');
    expect(await listed(support)).toEqual(await listed(dist));
    expect(await listed(admin)).toEqual(expect.arrayContaining(['For the first distributor', 'For 2002 only', 'For everyone']));
  });

  it('never lets a distributor aim at, change or withdraw beyond its own stores; support publishes nothing', async () => {
    const before = await counts();
    expect((await s.call('/operator/newsPublish', { ...as(dist), ...news('Sneaky', { type: 'stores', kids: [1001, OTHER_KIOSK] }) })).status).toBe(Status.PERMISSION_ERROR);
    expect((await s.call('/operator/newsPublish', { ...as(dist), ...news('Sneaky', { type: 'distributor', distributor_id: other.UID }) })).status).toBe(Status.PERMISSION_ERROR);
    expect((await s.call('/operator/newsPublish', { ...as(dist), ...news('Sneaky', { type: 'all' }) })).status).toBe(Status.PERMISSION_ERROR);
    expect((await s.call('/operator/newsPublish', { ...as(support), ...news('Sneaky', { type: 'stores', kids: [1001] }) })).status).toBe(Status.PERMISSION_ERROR);
    const mine = await s.call('/operator/newsPublish', { ...as(dist), ...news('Distributor news', { type: 'stores', kids: [1001] }) });
    expect(mine.status).toBe(Status.OK);
    // The other distributor can neither change nor withdraw it, nor move it to its own store.
    expect((await s.call('/operator/newsUpdate', { ...as(other), id: mine.id, texts: [{ lang: 'en', title: 'Taken' }] })).status).toBe(Status.PERMISSION_ERROR);
    expect((await s.call('/operator/newsWithdraw', { ...as(other), id: mine.id })).status).toBe(Status.PERMISSION_ERROR);
    expect((await s.call('/operator/newsUpdate', { ...as(dist), id: mine.id, texts: [], target: { type: 'stores', kids: [OTHER_KIOSK] } })).status).toBe(Status.PERMISSION_ERROR);
    expect(await titlesSeenBy(boss2002)).not.toContain('Distributor news');
    expect(await counts()).toEqual({ bulletins: before.bulletins + 1, audits: before.audits + 1 });
  });

  it("a distributor's 'All my stores' reaches its stores; a forged id of another's store is refused naming only the ids it sent, another distributor's stores never (issue 37)", async () => {
    const mine = await s.call('/operator/newsPublish', { ...as(dist), ...news('All of mine', { type: 'distributor', distributor_id: dist.UID }) });
    expect(mine.status).toBe(Status.OK);
    expect(await titlesSeenBy(boss1001)).toContain('All of mine');
    expect(await titlesSeenBy(boss2002)).not.toContain('All of mine');
    const before = await counts();
    // The store's id forged into the list: refused, the reply naming that id (the caller's own words back).
    expect(await s.call('/operator/newsPublish', { ...as(dist), ...news('Forged', { type: 'stores', kids: [1001, OTHER_KIOSK] }) })).toEqual({ status: Status.PERMISSION_ERROR, kids: [OTHER_KIOSK], error: 'Permission error' });
    // Another distributor named: refused without its stores' ids.
    const theirs = await s.call('/operator/newsPublish', { ...as(dist), ...news('Forged', { type: 'distributor', distributor_id: other.UID }) });
    expect(theirs).toEqual({ status: Status.PERMISSION_ERROR, error: 'Permission error' });
    expect(await titlesSeenBy(boss2002)).not.toContain('Forged');
    expect(await counts()).toEqual(before);
  });

  it("names the refused field of an input the contract refuses (13 with `field` and `issue`), so the web says it in words", async () => {
    expect(await s.call('/operator/newsPublish', { ...as(admin), ...news('Nobody', { type: 'stores', kids: [] }) })).toEqual({
      status: Status.INPUT_ERROR,
      field: 'target.kids',
      issue: 'too_small_array',
      error: 'target.kids: Too small: expected array to have >=1 items',
    });
    // A store call's 13 keeps the spec's shape.
    const store = await s.call('/user/posLogin', {});
    expect(store.status).toBe(Status.INPUT_ERROR);
    expect(store).not.toHaveProperty('field');
  });

  it('withdraws: the item leaves the store\'s list at once, with its audit row, and the audit view shows both', async () => {
    const p = await s.call('/operator/newsPublish', { ...as(dist), ...news('Short lived', { type: 'stores', kids: [1001] }) });
    expect(await titlesSeenBy(boss1001)).toContain('Short lived');
    expect(await s.call('/operator/newsWithdraw', { ...as(dist), id: p.id })).toMatchObject({ status: Status.OK });
    expect(await titlesSeenBy(boss1001)).not.toContain('Short lived');
    expect((await s.call('/operator/newsWithdraw', { ...as(dist), id: p.id })).status).toBe(Status.INPUT_ERROR);
    const rows = (await s.call('/operator/audit', as(dist))).list as { kind: string; who: string; target: string }[];
    const mine = rows.filter((r) => r.target === 'Short lived').map((r) => `${r.kind} ${r.who}`);
    expect(mine).toEqual([`operator.news_withdraw ${dist.username}`, `operator.news_publish ${dist.username}`]);
    // Another distributor's audit view does not show them.
    expect(((await s.call('/operator/audit', as(other))).list as { target: string }[]).map((r) => r.target)).not.toContain('Short lived');
  });

  it('writes the audit row inside the publish\'s own transaction: when it cannot be written, nothing is published', async () => {
    const before = await counts();
    const spy = vi.spyOn(auditRepository, 'insert').mockRejectedValueOnce(new Error('audit store down'));
    try {
      expect((await s.call('/operator/newsPublish', { ...as(admin), ...news('Unaudited', { type: 'all' }) })).status).toBe(Status.EXECUTE_ERROR);
    } finally {
      spy.mockRestore();
    }
    expect(await counts()).toEqual(before);
    expect(await titlesSeenBy(boss1001)).not.toContain('Unaudited');
  });

  it('refuses uploads by type and size (13 with the reason), changing nothing', async () => {
    const before = await counts();
    const poster = (name: string, bytes: Uint8Array, role = 'document') => ({
      ...as(admin),
      kind: 'poster',
      texts: [{ lang: 'en', title: 'Poster' }],
      target: { type: 'all' },
      files: [{ role, lang: null, name, data: b64(bytes) }],
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const r1 = await s.call('/operator/newsPublish', poster('poster.svg', svg));
    expect(r1).toMatchObject({ status: Status.INPUT_ERROR });
    expect(String(r1.error)).toMatch(/SVG/);
    const r2 = await s.call('/operator/newsPublish', poster('poster.png', Buffer.from('GIF89a not a png at all')));
    expect(String(r2.error)).toMatch(/its name says image\/png but its content is image\/gif/);
    const big = Buffer.concat([PNG, Buffer.alloc(BULLETIN_LIMITS.imageBytes)]);
    const r3 = await s.call('/operator/newsPublish', poster('thumb.png', big, 'thumbnail'));
    expect(r3).toMatchObject({ status: Status.INPUT_ERROR });
    expect(String(r3.error)).toMatch(/over the limit/);
    // A body past the upload limit is refused before it is read whole.
    const huge = await s.call('/operator/newsPublish', JSON.stringify({ ...poster('a.png', PNG), pad: 'x'.repeat(CONSOLE_UPLOAD_BODY_BYTES) }));
    expect(huge.status).toBe(Status.INPUT_ERROR);
    expect(await counts()).toEqual(before);
    // A good one is stored with its type.
    const ok = await s.call('/operator/newsPublish', poster('poster.png', PNG));
    expect(ok.status).toBe(Status.OK);
    const item = ((await s.call('/operator/news', as(admin))).list as { id: number; files: { type: string; size: number }[] }[]).find((i) => i.id === ok.id)!;
    expect(item.files).toEqual([expect.objectContaining({ type: 'image/png', size: PNG.byteLength })]);
  });

  it('names an uploaded file by its checked type, serves it under that type and name, and a PDF only as a sandboxed attachment', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;<script>alert(1)</script>', 'latin1');
    // A PNG polyglot named as a page, a GIF named as an HTML application, a PDF whose OpenAction runs JavaScript.
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF');
    const uploads = [
      { title: 'Polyglot', name: 'poster.html', bytes: Buffer.concat([PNG, Buffer.from('<html><script>alert(1)</script></html>')]), type: 'image/png', served: 'poster.png' },
      { title: 'Program', name: 'x.hta', bytes: gif, type: 'image/gif', served: 'x.gif' },
      { title: 'No extension', name: 'flyer', bytes: PNG, type: 'image/png', served: 'flyer.png' },
      { title: 'Scripted PDF', name: 'rules.pdf', bytes: pdf, type: 'application/pdf', served: 'rules.pdf' },
    ];
    for (const u of uploads) {
      const r = await s.call('/operator/newsPublish', { ...as(admin), kind: 'poster', texts: [{ lang: 'en', title: u.title }], target: { type: 'stores', kids: [1001] }, files: [{ role: 'document', lang: null, name: u.name, data: b64(u.bytes) }] });
      expect(r.status, JSON.stringify(r)).toBe(Status.OK);
    }
    const posters = (await s.call('/bulletin/download', { ...boss1001 })).list as { title: string; file: { file_name: string; content_type: string; url: string; download_url: string } }[];
    for (const u of uploads) {
      const p = posters.find((x) => x.title === u.title)!;
      expect(p.file).toMatchObject({ file_name: u.served, content_type: u.type });
      for (const url of [p.file.url, p.file.download_url]) {
        const res = await fetchFile(s, url, boss1001);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe(u.type);
        expect(res.headers.get('content-disposition')).toContain(`filename="${u.served}"`);
        expect(res.headers.get('content-security-policy')).toContain('sandbox');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        if (u.type === 'application/pdf' || url === p.file.download_url) expect(res.headers.get('content-disposition')).toMatch(/^attachment; /);
      }
    }
    // A row stored before names were tied to types is served by its type all the same.
    const polyglot = posters.find((x) => x.title === 'Polyglot')!;
    await s.handle.db.updateTable('bulletin_file').set({ file_name: 'old.html' }).where('id', '=', Number(polyglot.file.url.split('/').pop())).execute();
    const old = await fetchFile(s, polyglot.file.download_url, boss1001);
    expect(old.headers.get('content-disposition')).toContain('filename="old.png"');
  });

  it("gives each language of a poster its own file, the store serving the reader's language's (a shared file for all when one is given), and refuses a file for a language the item lacks", async () => {
    const green = Buffer.from(demoPng(8, 8, [[0, 255, 0]]));
    const file = (lang: string | null, name: string, bytes: Uint8Array = PNG) => ({ role: 'document', lang, name, data: b64(bytes) });
    const poster = (files: Body[]) => ({ ...as(admin), kind: 'poster', texts: [{ lang: 'en', title: 'Rules' }, { lang: 'mx', title: 'Reglas' }], target: { type: 'stores', kids: [1001] }, files });
    const stray = await s.call('/operator/newsPublish', poster([file('en', 'en.png'), file('zh_Hans', 'zh.png')]));
    expect(stray).toMatchObject({ status: Status.INPUT_ERROR });
    expect(String(stray.error)).toMatch(/zh\.png.*zh_Hans/);
    const { id } = await s.call('/operator/newsPublish', poster([file('en', 'en.png'), file('mx', 'mx.png', green)]));
    const served = async (lang: string) => {
      const list = (await s.call('/bulletin/download', { ...boss1001, lang })).list as { id: number; language: string; file: { file_name: string; size: number } }[];
      const p = list.find((x) => x.id === id)!;
      return `${p.language}:${p.file.file_name}`;
    };
    expect([await served('en'), await served('mx'), await served('zh_Hans')]).toEqual(['en:en.png', 'mx:mx.png', 'en:en.png']);
    // One file given on update serves every language, replacing both.
    expect((await s.call('/operator/newsUpdate', { ...as(admin), id, files: [file(null, 'shared.png')] })).status).toBe(Status.OK);
    expect([await served('en'), await served('mx')]).toEqual(['en:shared.png', 'mx:shared.png']);
    // Then a language's own file wins for that language only; the shared one stays for the other.
    expect((await s.call('/operator/newsUpdate', { ...as(admin), id, files: [file('mx', 'mx2.png', green)] })).status).toBe(Status.OK);
    expect([await served('en'), await served('mx')]).toEqual(['en:shared.png', 'mx:mx2.png']);
    const item = ((await s.call('/operator/news', as(admin))).list as { id: number; files: { lang: string | null; name: string }[] }[]).find((i) => i.id === id)!;
    expect(item.files.map((f) => `${f.lang}:${f.name}`)).toEqual(['null:shared.png', 'mx:mx2.png']);
    expect((await s.call('/operator/newsUpdate', { ...as(admin), id, files: [file('zh_Hans', 'zh.png')] })).status).toBe(Status.INPUT_ERROR);
  });

  it('publishes an event item with its period: the store\'s menu carries the event and the item is in its list', async () => {
    const starts = new Date(Date.now() - 60_000).toISOString();
    const ends = new Date(Date.now() + 86_400_000).toISOString();
    const r = await s.call('/operator/newsPublish', { ...as(admin), kind: 'event', texts: [{ lang: 'en', title: 'Lucky week', body: 'Play **more**' }, { lang: 'zh_Hans', title: '幸运周', body: '多玩' }], target: { type: 'stores', kids: [1001] }, event: { name: 'lucky_week', starts_at: starts, ends_at: ends, titles: { en: 'Lucky week' } } });
    expect(r.status).toBe(Status.OK);
    const menu = (await s.call('/user/menu', { ...boss1001, lang: 'en' })).menu as { func_link: string }[];
    expect(JSON.stringify(menu)).toContain('/News/event_news/lucky_week');
    const menu2002 = (await s.call('/user/menu', { ...boss2002, lang: 'en' })).menu as { func_link: string }[];
    expect(JSON.stringify(menu2002)).not.toContain('lucky_week');
    const item = ((await s.call('/operator/news', as(admin))).list as { id: number; event: { name: string; ends_at: string } | null; texts: { lang: string }[] }[]).find((i) => i.id === r.id)!;
    expect(item.event).toMatchObject({ name: 'lucky_week', ends_at: ends });
    expect(item.texts.map((t) => t.lang).sort()).toEqual(['en', 'zh_Hans']);
  });

  it('edits an event item as the console\'s editor saves it: texts, period and target change in place, with the audit row\'s before and after', async () => {
    const starts = new Date(Date.now() - 60_000).toISOString();
    const r = await s.call('/operator/newsPublish', { ...as(admin), kind: 'event', texts: [{ lang: 'en', title: 'Spring draw', body: 'Old' }], target: { type: 'stores', kids: [1001] }, event: { name: 'spring_draw', starts_at: starts, ends_at: new Date(Date.now() + 86_400_000).toISOString() } });
    const ends = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const u = await s.call('/operator/newsUpdate', { ...as(admin), id: r.id, texts: [{ lang: 'en', title: 'Spring draw, longer', body: 'New **body**' }, { lang: 'mx', title: 'Sorteo', body: 'Nuevo' }], target: { type: 'stores', kids: [OTHER_KIOSK] }, event: { starts_at: starts, ends_at: ends } });
    expect(u).toMatchObject({ status: Status.OK, id: r.id });
    const item = ((await s.call('/operator/news', as(admin))).list as Array<{ id: number; kids: number[]; event: { ends_at: string }; texts: { lang: string; title: string; body: string }[] }>).find((i) => i.id === r.id)!;
    expect(item.texts).toEqual([{ lang: 'en', title: 'Spring draw, longer', body: 'New **body**' }, { lang: 'mx', title: 'Sorteo', body: 'Nuevo' }]);
    expect(item.event.ends_at).toBe(ends);
    expect(item.kids).toEqual([OTHER_KIOSK]);
    const row = ((await s.call('/operator/audit', as(admin))).list as Array<{ kind: string; target: string; before: { stores: number[]; event: { ends_at: string } }; after: { stores: number[]; event: { ends_at: string } } }>).find((x) => x.kind === 'operator.news_update' && x.target === 'Spring draw, longer')!;
    expect(row.before).toMatchObject({ stores: [1001], titles: { en: 'Spring draw' } });
    expect(row.after).toMatchObject({ titles: { en: 'Spring draw, longer', mx: 'Sorteo' } });
    expect(row.before.event.ends_at).not.toBe(ends);
    expect(row.after).toMatchObject({ stores: [OTHER_KIOSK], event: { ends_at: ends } });
    // A period for an item that is no event, or one ending before it starts: 13, nothing changed.
    const plain = await s.call('/operator/newsPublish', { ...as(admin), ...news('Plain', { type: 'stores', kids: [1001] }) });
    expect((await s.call('/operator/newsUpdate', { ...as(admin), id: plain.id, texts: [{ lang: 'en', title: 'Plain 2' }], event: { ends_at: ends } })).status).toBe(Status.INPUT_ERROR);
    expect((await s.call('/operator/newsUpdate', { ...as(admin), id: r.id, texts: [{ lang: 'en', title: 'Backwards' }], event: { starts_at: ends, ends_at: starts } })).status).toBe(Status.INPUT_ERROR);
    expect(await titlesSeenBy(boss1001)).toContain('Plain');
    expect(((await s.call('/operator/news', as(admin))).list as Array<{ id: number; event: { ends_at: string } }>).find((i) => i.id === r.id)!.event.ends_at).toBe(ends);
  });

  it('announcements and the maintenance switch: the admin\'s, audited, and the console keeps working during maintenance', async () => {
    const a = await s.call('/operator/announcementCreate', { ...as(admin), msg: 'Closed Monday', modes: [0, 4] });
    expect(a.status).toBe(Status.OK);
    const shown = async () => (await s.call('/config/announce', { ...boss1001 })).msgInfo as { msg: string; mode: number[] }[];
    expect(await shown()).toContainEqual({ msg: 'Closed Monday', mode: [0, 4] });
    expect(await s.call('/operator/announcementUpdate', { ...as(admin), id: a.id, msg: 'Closed Tuesday' })).toMatchObject({ status: Status.OK });
    expect(await shown()).toContainEqual({ msg: 'Closed Tuesday', mode: [0, 4] });
    expect(await s.call('/operator/announcementWithdraw', { ...as(admin), id: a.id })).toMatchObject({ status: Status.OK });
    expect((await shown()).map((m) => m.msg)).not.toContain('Closed Tuesday');
    expect((await s.call('/operator/announcementCreate', { ...as(dist), msg: 'x', modes: [0] })).status).toBe(Status.PERMISSION_ERROR);

    expect((await s.call('/operator/maintenanceSet', { ...as(admin), on: true })).status).toBe(Status.INPUT_ERROR);
    expect(await s.call('/operator/maintenanceSet', { ...as(admin), on: true, msg: 'Back at 6' })).toMatchObject({ status: Status.OK });
    try {
      const res = await s.raw('/API/user/menu', { method: 'POST', body: JSON.stringify({ ...boss1001 }) });
      expect(res.status).toBe(503);
      expect(await s.call('/operator/maintenance', as(admin))).toMatchObject({ status: Status.OK, on: true, msg: 'Back at 6' });
    } finally {
      expect(await s.call('/operator/maintenanceSet', { ...as(admin), on: false })).toMatchObject({ status: Status.OK });
    }
    const kinds = ((await s.call('/operator/audit', as(admin))).list as { kind: string }[]).map((r) => r.kind);
    expect(kinds.slice(0, 5)).toEqual(['operator.maintenance', 'operator.maintenance', 'operator.announcement_withdraw', 'operator.announcement_update', 'operator.announcement_create']);
  });
});
