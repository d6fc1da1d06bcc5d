import { beforeAll, expect, it } from 'vitest';
import { downloadReply, eventNewsReply, menuReply, newsReply, regulationsReply, type MenuEntry, type NewsItem, type Poster, type Regulation, Status } from '@moneybox/contract';
import { isoAgo, isoIn } from '../../clock.js';
import { inTransaction } from '../../db/database.js';
import { demoPdf, demoPng } from '../../cli/seed/demo-files.js';
import { DEMO_LOGINS } from '../../cli/seed/seed.js';
import { DEMO_EVENT } from '../../cli/seed/seed-bulletins.js';
import { OperatorError } from '../operator/operator.service.js';
import { OTHER_KIOSK, fetchFile, otherStoreSession, publishItem } from '../../testing/bulletin-kit.js';
import { describeOnDatabases, type Session } from '../../testing/server.js';
import { withNewsEntries } from './bulletin-menu.js';
import { removeEvent, withdraw } from '../operator/publish.service.js';
import { OPERATOR } from '../audit/audit.js';

const DAY = 86_400_000;
const PNG = demoPng(8, 8, [[255, 0, 0]]);

describeOnDatabases('platform news (/bulletin/*)', (s) => {
  let me: Session;
  let other: Session;
  const ask = (path: string, who: Session, extra: Record<string, unknown> = {}) => s.call(path, { UID: who.UID, TOKEN: who.TOKEN, ...extra });
  const news = async (who: Session, lang?: string) => (await ask('/bulletin/news', who, lang ? { lang } : {})).list as NewsItem[];
  const posters = async (who: Session) => (await ask('/bulletin/download', who)).list as Poster[];

  beforeAll(async () => {
    me = await s.login();
    other = await otherStoreSession(s);
  });

  it('lists the demo store its news newest first, in the asked language (menu and UI codes alike)', async () => {
    const en = await news(me, 'en');
    expect(en.map((n) => n.title)).toEqual(['Holiday opening hours', 'New game titles this month', 'Welcome to platform news']);
    expect(en[0]).toMatchObject({ language: 'en', isNew: true, images: [] });
    expect(en[2]!.isNew).toBe(false);
    expect(en[2]!.body).toContain('## What you will find here');
    expect(Date.parse(en[0]!.date)).toBeGreaterThan(Date.parse(en[1]!.date));
    for (const lang of ['mx', 'es']) expect((await news(me, lang))[0]).toMatchObject({ title: 'Horario de días festivos', language: 'mx' });
    for (const lang of ['zh_Hans', 'cn']) expect((await news(me, lang))[0]).toMatchObject({ title: '节假日营业时间', language: 'zh_Hans' });
    expect((await ask('/bulletin/news', me, { lang: 'fr' })).status).toBe(Status.INPUT_ERROR);
    expect((await s.call('/bulletin/news', { lang: 'en' })).status).toBe(Status.SESSION_REPLACED);
  });

  it('answers exactly the contract of each call (every field, on the demo content)', async () => {
    newsReply.parse(await ask('/bulletin/news', me, { lang: 'cn' }));
    eventNewsReply.parse(await ask('/bulletin/event_news', me, { event_name: DEMO_EVENT }));
    downloadReply.parse(await ask('/bulletin/download', me));
    regulationsReply.parse(await ask('/bulletin/regulations', me, { lang: 'es' }));
    const menu = menuReply.parse(await ask('/user/menu', me, { lang: 'en' }));
    expect(menu.menu.some((e) => e.event)).toBe(true);
  });

  it('shows a store only what is for all stores or for it', async () => {
    await publishItem(s, { kind: 'news', stores: [OTHER_KIOSK], texts: [{ lang: 'en', title: 'Only for 2002', body: 'x' }] });
    await publishItem(s, { kind: 'news', stores: [1001, OTHER_KIOSK], texts: [{ lang: 'en', title: 'For both by list', body: 'x' }] });
    const mine = (await news(me)).map((n) => n.title);
    const theirs = (await news(other)).map((n) => n.title);
    expect(mine).not.toContain('Only for 2002');
    expect(mine).toContain('For both by list');
    expect(theirs).toEqual(['For both by list', 'Only for 2002', 'Welcome to platform news']);
    expect(await posters(other)).toEqual([]);
  });

  it('falls back to English when the language is missing, and to the first language when English is', async () => {
    await publishItem(s, { kind: 'news', stores: [OTHER_KIOSK], texts: [{ lang: 'en', title: 'Fallback EN', body: 'english' }, { lang: 'mx', title: 'Fallback MX', body: 'español' }] });
    await publishItem(s, { kind: 'news', stores: [OTHER_KIOSK], texts: [{ lang: 'zh_Hans', title: '只有中文', body: '中文' }] });
    const cn = await news(other, 'cn');
    expect(cn.find((n) => n.title === 'Fallback EN')).toMatchObject({ language: 'en', body: 'english' });
    expect(cn.find((n) => n.title === '只有中文')).toMatchObject({ language: 'zh_Hans' });
    const es = await news(other, 'es');
    expect(es.find((n) => n.body === 'español')).toMatchObject({ title: 'Fallback MX', language: 'mx' });
    expect((await news(other, 'en')).find((n) => n.body === '中文')).toMatchObject({ title: '只有中文', language: 'zh_Hans' });
  });

  it('keeps an item scheduled for later out of the list until its time', async () => {
    await publishItem(s, { kind: 'news', stores: [OTHER_KIOSK], publishAt: isoIn(DAY), texts: [{ lang: 'en', title: 'Tomorrow', body: 'x' }] });
    expect((await news(other)).map((n) => n.title)).not.toContain('Tomorrow');
  });

  it("answers a running event's items, and 404 for an event not started, ended, removed, unknown or not for the store", async () => {
    const r = await ask('/bulletin/event_news', me, { lang: 'es', event_name: DEMO_EVENT });
    expect(r).toMatchObject({ status: Status.OK, name: DEMO_EVENT, title: 'Festival de invierno' });
    const items = r.items as NewsItem[];
    expect(items.map((i) => i.title)).toEqual(['Noche de jackpot del festival', 'Hoy empieza el Festival de invierno']);
    const period = r.period as { start: string; end: string };
    expect(Date.parse(period.start)).toBeLessThan(Date.now());
    expect(Date.parse(period.end)).toBeGreaterThan(Date.now());

    const item = (name: string, startsAt: string, endsAt: string, stores: 'all' | number[] = 'all') =>
      publishItem(s, { kind: 'event', stores, event: { name, startsAt, endsAt }, texts: [{ lang: 'en', title: `${name} item`, body: 'x' }] });
    await item('not-started', isoIn(DAY), isoIn(2 * DAY));
    await item('ended', isoAgo(2 * DAY), isoAgo(1000));
    await item('removed', isoAgo(DAY), isoIn(DAY));
    await item('theirs-only', isoAgo(DAY), isoIn(DAY), [OTHER_KIOSK]);
    await item('running', isoAgo(DAY), isoIn(DAY));
    await inTransaction(s.handle.db, (tx) => removeEvent({ handle: { db: tx } }, OPERATOR, { name: 'removed' }));
    for (const name of ['not-started', 'ended', 'removed', 'theirs-only', 'no-such-event']) {
      expect((await ask('/bulletin/event_news', me, { event_name: name })).status, name).toBe(404);
    }
    expect((await ask('/bulletin/event_news', other, { event_name: 'theirs-only' })).status).toBe(Status.OK);
    expect((await ask('/bulletin/event_news', me, { event_name: 'running' })).status).toBe(Status.OK);
    expect((await ask('/bulletin/event_news', me, { event_name: '../etc' })).status).toBe(Status.INPUT_ERROR);

    // The period's end is exclusive: at the end instant the event is over.
    await s.handle.db.updateTable('bulletin_event').set({ ends_at: isoAgo(1) }).where('name', '=', 'running').execute();
    expect((await ask('/bulletin/event_news', me, { event_name: 'running' })).status).toBe(404);
    // A withdrawn last item takes the event away from the store too.
    const [one] = (await ask('/bulletin/event_news', other, { event_name: 'theirs-only' })).items as NewsItem[];
    await inTransaction(s.handle.db, (tx) => withdraw({ handle: { db: tx } }, OPERATOR, { id: one!.id }));
    expect((await ask('/bulletin/event_news', other, { event_name: 'theirs-only' })).status).toBe(404);
  });

  it('lists running events as dynamic menu entries with their items, titled in the menu language', async () => {
    const menu = async (who: Session, lang: string) => (await ask('/user/menu', who, { lang })).menu as MenuEntry[];
    const events = (m: MenuEntry[]) => m.filter((e) => e.event);
    const en = events(await menu(me, 'en'));
    expect(en.map((e) => e.func_link)).toEqual([`/News/event_news/${DEMO_EVENT}`]);
    expect(en[0]).toMatchObject({ func_name: 'Winter Festival', group: 'news', isNew: true });
    const ev = (await ask('/bulletin/event_news', me, { event_name: DEMO_EVENT })).items as NewsItem[];
    expect(en[0]!.event).toMatchObject({ name: DEMO_EVENT, items: ev.map((i) => i.id), latest: ev[0]!.date });
    expect(events(await menu(me, 'es'))[0]!.func_name).toBe('Festival de invierno');
    expect(events(await menu(me, 'cn'))[0]!.func_name).toBe('冬季嘉年华');
    // Store 2002 sees none of 1001's events (its own one was withdrawn above).
    expect(events(await menu(other, 'en'))).toEqual([]);
  });

  it('gives every signed-in account the News screens of the registry, events in place of the event screen', async () => {
    // One session per account: each boss session is asked as soon as it exists.
    for (const login of [async () => me, () => s.login(DEMO_LOGINS.boss, 'viewer'), () => s.loginAt(2, DEMO_LOGINS.boss)]) {
      const who = await login();
      const r = menuReply.parse(await ask('/user/menu', who, { lang: 'en' }));
      const news = r.menu.filter((e) => e.group === 'news');
      // Static entries in the spec's order, then one entry per running event (the demo's among them).
      expect(news.slice(0, 3).map((e) => [e.func_link, e.func_name])).toEqual([
        ['/News/view-all-news', 'View All'],
        ['/News/download-poster', 'Download posters'],
        ['/News/regulations', 'Regulations'],
      ]);
      expect(news.slice(3).every((e) => e.event !== undefined && e.func_link === `/News/event_news/${e.event.name}`)).toBe(true);
      expect(news.slice(3).map((e) => e.func_name)).toContain('Winter Festival');
      expect(news.map((e) => e.func_link)).not.toContain('/News/event-news');
      // The event screen opens (by name), though the menu never lists it bare.
      expect(r.opens).toEqual(expect.arrayContaining(['/News/view-all-news', '/News/download-poster', '/News/regulations', '/News/event-news']));
    }
    const es = menuReply.parse(await ask('/user/menu', me, { lang: 'es' })).menu.filter((e) => e.group === 'news');
    expect(es.map((e) => e.func_name)).toEqual(expect.arrayContaining(['Ver todo', 'Descargar carteles', 'Reglamentos', 'Festival de invierno']));
    const cn = menuReply.parse(await ask('/user/menu', me, { lang: 'cn' })).menu.filter((e) => e.group === 'news');
    expect(cn.map((e) => e.func_name)).toEqual(expect.arrayContaining(['查看全部', '下载海报', '规章制度', '冬季嘉年华']));
  });

  it("marks the News entries 'new' by their newest item and drops the event screen's own entry", async () => {
    const statics: MenuEntry[] = [
      { func_name: 'Drawer', func_link: '/Drawer', group: 'drawer' },
      { func_name: 'All news', func_link: '/News/view-all-news', group: 'news' },
      { func_name: 'Posters', func_link: '/News/download-poster', group: 'news' },
      { func_name: 'Regulations', func_link: '/News/regulations', group: 'news' },
      { func_name: 'Event', func_link: '/News/event-news', group: 'news' },
    ];
    const m = await withNewsEntries(s.handle.db, 1001, 'en', statics, false, new Date().toISOString());
    expect(m.map((e) => [e.func_link, e.isNew])).toEqual([
      ['/Drawer', undefined],
      ['/News/view-all-news', true],
      ['/News/download-poster', true],
      // The demo regulation is 30 days old.
      ['/News/regulations', false],
    ]);
  });

  it('downloads a poster with its type, name and exact bytes; an image poster is its own thumbnail', async () => {
    const [p] = await posters(me);
    expect(p).toMatchObject({ title: 'Winter Festival poster', file: { file_name: 'winter-festival.png', content_type: 'image/png' } });
    expect(p!.thumbnail).toBe(p!.file.url);
    const expected = demoPng(240, 160, [[0, 122, 122], [255, 255, 255], [230, 90, 40]]);
    expect(p!.file.size).toBe(expected.length);
    const res = await fetchFile(s, p!.file.download_url, me);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="winter-festival.png"; filename*=UTF-8''winter-festival.png`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await res.arrayBuffer()).equals(expected)).toBe(true);
    const inline = await fetchFile(s, p!.file.url, me);
    expect(inline.headers.get('content-disposition')).toMatch(/^inline; /);
    // Unchanged bytes revalidate to 304 (the browser keeps thumbnails without refetching them).
    expect((await fetchFile(s, p!.file.url, me, { 'if-none-match': inline.headers.get('etag')! })).status).toBe(304);
  });

  it('serves a regulation document as a PDF, downloaded in a sandbox (a PDF can carry scripts), and its text', async () => {
    const [r] = (await ask('/bulletin/regulations', me, { lang: 'cn' })).list as Regulation[];
    expect(r).toMatchObject({ title: '店内规章', language: 'zh_Hans', document: { file_name: 'house-rules.pdf', content_type: 'application/pdf' } });
    const res = await fetchFile(s, r!.document!.url, me);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="house-rules.pdf"/);
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(r!.document!.size);
  });

  it('names a non-ASCII file by RFC 5987 with an ASCII fallback; a PDF poster without thumbnail has none', async () => {
    await publishItem(s, { kind: 'poster', stores: [OTHER_KIOSK], texts: [{ lang: 'en', title: 'Chinese name' }], documents: [{ lang: null, name: '冬季 "海报".png', bytes: PNG }] });
    await publishItem(s, { kind: 'poster', stores: [OTHER_KIOSK], texts: [{ lang: 'en', title: 'A PDF' }], documents: [{ lang: null, name: 'flyer.pdf', bytes: demoPdf('Flyer', []) }] });
    const list = await posters(other);
    const cn = list.find((p) => p.title === 'Chinese name')!;
    const res = await fetchFile(s, cn.file.download_url, other);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="__ ____.png"; filename*=UTF-8''%E5%86%AC%E5%AD%A3%20%22%E6%B5%B7%E6%8A%A5%22.png`);
    expect(list.find((p) => p.title === 'A PDF')!.thumbnail).toBeNull();
  });

  it("answers 404 for another store's file, a withdrawn one and an unknown id; 401 without a session", async () => {
    const [p] = await posters(me);
    expect((await fetchFile(s, p!.file.url, other)).status).toBe(404);
    expect((await fetchFile(s, p!.file.url)).status).toBe(401);
    expect((await fetchFile(s, p!.file.url, { UID: me.UID, TOKEN: 'wrong-token-0000' })).status).toBe(401);
    expect((await fetchFile(s, '/API/bulletin/file/999999', me)).status).toBe(404);
    expect((await fetchFile(s, '/API/bulletin/file/abc', me)).status).toBe(404);
    const { id } = await publishItem(s, { kind: 'poster', stores: 'all', texts: [{ lang: 'en', title: 'Short-lived' }], documents: [{ lang: null, name: 'x.png', bytes: PNG }] });
    const mine = (await posters(me)).find((x) => x.id === id)!;
    expect((await fetchFile(s, mine.file.url, me)).status).toBe(200);
    await inTransaction(s.handle.db, (tx) => withdraw({ handle: { db: tx } }, OPERATOR, { id }));
    expect((await posters(me)).map((x) => x.id)).not.toContain(id);
    const gone = await fetchFile(s, mine.file.url, me);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ status: 404 });
  });

  it("answers 404 for an image of an event that has ended, and of an item not yet published", async () => {
    const { id } = await publishItem(s, {
      kind: 'event', stores: 'all', event: { name: 'short-one', startsAt: isoAgo(DAY), endsAt: isoIn(DAY) },
      texts: [{ lang: 'en', title: 'Short', body: '![pic](pic.png)' }], images: [{ lang: 'en', name: 'pic.png', bytes: PNG }],
    });
    const r = await ask('/bulletin/event_news', me, { event_name: 'short-one' });
    const img = (r.items as NewsItem[]).find((i) => i.id === id)!.images[0]!;
    expect(img).toMatchObject({ file_name: 'pic.png', content_type: 'image/png', size: PNG.length });
    expect((await fetchFile(s, img.url, me)).status).toBe(200);
    await s.handle.db.updateTable('bulletin_event').set({ ends_at: isoAgo(1) }).where('name', '=', 'short-one').execute();
    expect((await fetchFile(s, img.url, me)).status).toBe(404);
    const later = await publishItem(s, { kind: 'poster', stores: 'all', publishAt: isoIn(DAY), texts: [{ lang: 'en', title: 'Later' }], documents: [{ lang: null, name: 'later.png', bytes: PNG }] });
    expect((await fetchFile(s, `/API/bulletin/file/${later.files[0]!.id}`, me)).status).toBe(404);
  });

  it('stores hostile Markdown as text and returns it as JSON only; never serves SVG or HTML as themselves', async () => {
    const hostile = '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3))\n\n<svg onload="alert(4)"><script>alert(5)</script></svg>';
    await publishItem(s, { kind: 'news', stores: [OTHER_KIOSK], texts: [{ lang: 'en', title: '<b onmouseover="alert(6)">hi</b>', body: hostile }] });
    const res = await s.raw('/API/bulletin/news', { method: 'POST', body: JSON.stringify({ UID: other.UID, TOKEN: other.TOKEN }) });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const item = ((await res.json()) as { list: NewsItem[] }).list.find((n) => n.body === hostile);
    expect(item?.title).toBe('<b onmouseover="alert(6)">hi</b>');

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const name of ['evil.svg', 'evil.png']) {
      await expect(publishItem(s, { kind: 'poster', stores: 'all', texts: [{ lang: 'en', title: 'SVG' }], documents: [{ lang: null, name, bytes: svg }] })).rejects.toThrow(OperatorError);
    }
    await expect(publishItem(s, { kind: 'poster', stores: 'all', texts: [{ lang: 'en', title: 'HTML' }], documents: [{ lang: null, name: 'a.pdf', bytes: Buffer.from('<html><script>1</script>') }] })).rejects.toThrow(/HTML or XML/);

    // An SVG that reached the table some other way is only ever an opaque, sandboxed attachment.
    const { id } = await publishItem(s, { kind: 'poster', stores: [OTHER_KIOSK], texts: [{ lang: 'en', title: 'Smuggled' }], documents: [{ lang: null, name: 'ok.png', bytes: PNG }] });
    await s.handle.db.updateTable('bulletin_file').set({ content_type: 'image/svg+xml', bytes: svg, file_name: 'evil.svg' }).where('bulletin_id', '=', id).execute();
    const p = (await posters(other)).find((x) => x.id === id)!;
    const r = await fetchFile(s, p.file.url, other);
    expect(r.headers.get('content-type')).toBe('application/octet-stream');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(r.headers.get('content-security-policy')).toContain('sandbox');
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
