import { Status } from '@moneybox/contract';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsItem, Poster, Regulation } from '@moneybox/contract';
import { demoPdf, demoPng } from './seed/demo-files.js';
import { OperatorError } from '../services/operator/operator.service.js';
import { fetchFile } from '../testing/bulletin-kit.js';
import { operatorCli } from '../testing/cli-kit.js';
import { describeOnDatabases, type Session } from '../testing/server.js';
import { imageRefs } from './bulletin.js';
import { runCli } from './main.js';

const MiB = 1024 * 1024;

describeOnDatabases('operator CLI: bulletin', (s) => {
  let me: Session;
  let dir: string;
  const file = (name: string, content: string | Buffer) => {
    const p = path.join(dir, name);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
    return p;
  };
  const { cli, refused: refusedInWords } = operatorCli(s, ['bulletin']);
  /** A refusal throws OperatorError (the entry point prints "Refused: ..." and exits 2) and changes nothing. */
  const refused = async (reason: RegExp, ...argv: string[]) => {
    const before = await s.handle.db.selectFrom('bulletin').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await refusedInWords(reason, ...argv);
    const after = await s.handle.db.selectFrom('bulletin').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n), `${argv.join(' ')} changed nothing`).toBe(Number(before.n));
  };
  const ask = (p: string, extra: Record<string, unknown> = {}) => s.call(p, { UID: me.UID, TOKEN: me.TOKEN, ...extra });

  beforeAll(async () => {
    me = await s.login();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-bulletin-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('publishes news in two languages with the image its body shows; the store reads it at once', async () => {
    const map = demoPng(16, 16, [[0, 0, 255]]);
    file('news/img/map.png', map);
    const en = file('news/en.md', '# Opening\n\nSee the ![map](img/map.png "where") and [our site](https://example.com).\n');
    const mx = file('news/mx.md', '# Apertura\n\nVea el ![mapa](img/map.png).\n');
    const r = await cli('publish', 'news', '--stores', 'all', '--title', 'New store opening', '--body', en, '--title', 'es=Nueva tienda', '--body', `es=${mx}`);
    expect(r.code).toBe(0);
    expect(r.text).toMatch(/^Published news \d+ \(en, mx\) for all stores\./);
    expect(r.text).toContain('image img/map.png (en): image/png');
    expect(r.text).toContain('image img/map.png (mx): image/png');
    const id = Number(/news (\d+)/.exec(r.text)![1]);

    const list = (await ask('/bulletin/news', { lang: 'es' })).list as NewsItem[];
    const item = list.find((n) => n.id === id)!;
    expect(item).toMatchObject({ title: 'Nueva tienda', language: 'mx', body: '# Apertura\n\nVea el ![mapa](img/map.png).\n' });
    expect(item.images.map((i) => i.file_name)).toEqual(['img/map.png']);
    const res = await fetchFile(s, item.images[0]!.url, me);
    expect(Buffer.from(await res.arrayBuffer()).equals(map)).toBe(true);
    // Its audit row, written by the publish service (the console's publish writes the same): the operator, the bulletin it made.
    const audit = await s.handle.db.selectFrom('audit').select(['kind', 'target_type', 'target_id', 'actor_role', 'after_json']).where('target_type', '=', 'bulletin').where('target_id', '=', id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ kind: 'operator.news_publish', actor_role: 'operator' });
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ kind: 'news', languages: ['en', 'mx'], stores: 'all' });

    expect((await cli('list', '--kind', 'news')).text).toMatch(new RegExp(`^${id}  news  \\S+  \\[en,mx\\]  all stores  "New store opening"`, 'm'));
    // Update the Spanish title; withdraw: it leaves the list and its image answers 404.
    expect((await cli('update', String(id), '--title', 'mx=Tienda nueva')).code).toBe(0);
    expect(((await ask('/bulletin/news', { lang: 'mx' })).list as NewsItem[]).find((n) => n.id === id)!.title).toBe('Tienda nueva');
    expect((await cli('withdraw', String(id))).text).toBe(`Withdrew bulletin ${id}: no store sees it any more.`);
    const kinds = await s.handle.db.selectFrom('audit').select('kind').where('target_type', '=', 'bulletin').where('target_id', '=', id).orderBy('id').execute();
    expect(kinds.map((k) => k.kind)).toEqual(['operator.news_publish', 'operator.news_update', 'operator.news_withdraw']);
    expect(((await ask('/bulletin/news')).list as NewsItem[]).map((n) => n.id)).not.toContain(id);
    expect((await fetchFile(s, item.images[0]!.url, me)).status).toBe(404);
    await refused(/already withdrawn/, 'withdraw', String(id));
    await refused(/was withdrawn; publish a new one/, 'update', String(id), '--title', 'again');
    expect((await cli('list', '--all')).text).toContain(`WITHDRAWN`);
  });

  it('publishes event items with the event period; the menu lists the event until it is removed', async () => {
    const body = file('event.md', 'Spin to win all weekend.');
    const r = await cli('publish', 'event', '--stores', '1001', '--event', 'spring-spin', '--starts', '2020-01-01', '--ends', '2099-01-01T00:00:00Z', '--event-title', 'Spring Spin', '--event-title', 'cn=春季转盘', '--title', 'Spin!', '--body', body);
    expect(r.code).toBe(0);
    expect(r.text).toContain('for kiosk 1001');
    await cli('publish', 'event', '--stores', '1001', '--event', 'spring-spin', '--title', 'Second spin', '--body', body);
    const ev = await ask('/bulletin/event_news', { event_name: 'spring-spin', lang: 'cn' });
    expect(ev).toMatchObject({ status: Status.OK, title: '春季转盘', period: { start: '2020-01-01T00:00:00.000Z', end: '2099-01-01T00:00:00.000Z' } });
    expect((ev.items as NewsItem[]).map((i) => i.title)).toEqual(['Second spin', 'Spin!']);
    const menu = async () => ((await ask('/user/menu', { lang: 'en' })).menu as Array<{ func_link: string; func_name: string }>).filter((e) => e.func_link.startsWith('/News/event_news/'));
    expect((await menu()).find((e) => e.func_link === '/News/event_news/spring-spin')?.func_name).toBe('Spring Spin');
    // Ending it now: gone from the menu, 404 on its page.
    expect((await cli('event', 'spring-spin', '--ends', '2020-06-01')).text).toBe('Event "spring-spin" runs 2020-01-01T00:00:00.000Z to 2020-06-01T00:00:00.000Z.');
    expect((await ask('/bulletin/event_news', { event_name: 'spring-spin' })).status).toBe(404);
    await cli('event', 'spring-spin', '--ends', '2099-01-01');
    expect((await ask('/bulletin/event_news', { event_name: 'spring-spin' })).status).toBe(Status.OK);
    expect((await cli('remove-event', 'spring-spin')).code).toBe(0);
    expect((await ask('/bulletin/event_news', { event_name: 'spring-spin' })).status).toBe(404);
    expect((await menu()).map((e) => e.func_link)).not.toContain('/News/event_news/spring-spin');
    await refused(/no event "spring-spin"/, 'remove-event', 'spring-spin');
  });

  it('publishes two items of a new event at once without a duplicate event or an error', async () => {
    const body = file('race.md', 'Race');
    const pub = (title: string) => cli('publish', 'event', '--stores', 'all', '--event', 'race-day', '--starts', '2020-01-01', '--ends', '2099-01-01', '--title', title, '--body', body);
    const [a, b] = await Promise.all([pub('A'), pub('B')]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(await s.handle.db.selectFrom('bulletin_event').select('id').where('name', '=', 'race-day').execute()).toHaveLength(1);
    expect(((await ask('/bulletin/event_news', { event_name: 'race-day' })).items as NewsItem[]).map((i) => i.title).sort()).toEqual(['A', 'B']);
  });

  it('publishes a poster per language with a thumbnail, and a regulation PDF; replacing a file retires the old one', async () => {
    const en = file('poster-en.png', demoPng(20, 10, [[1, 2, 3]]));
    const zh = file('海报.png', demoPng(20, 10, [[3, 2, 1]]));
    const pdf = file('rules.pdf', demoPdf('Rules', ['one']));
    const thumb = file('thumb.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]));
    const p = await cli('publish', 'poster', '--stores', '1001', '--title', 'Poster', '--title', 'zh_Hans=海报', '--file', `en=${en}`, '--file', `zh_Hans=${zh}`, '--thumbnail', thumb);
    expect(p.code).toBe(0);
    const id = Number(/poster (\d+)/.exec(p.text)![1]);
    const posters = async (lang: string) => ((await ask('/bulletin/download', { lang })).list as Poster[]).find((x) => x.id === id)!;
    expect((await posters('cn')).file.file_name).toBe('海报.png');
    expect((await posters('en')).file.file_name).toBe('poster-en.png');
    const t = await fetchFile(s, (await posters('en')).thumbnail!, me);
    expect(t.headers.get('content-type')).toBe('image/jpeg');

    const old = (await posters('en')).file.url;
    const en2 = file('poster-en-2.png', demoPng(30, 10, [[9, 9, 9]]));
    expect((await cli('update', String(id), '--file', `en=${en2}`)).code).toBe(0);
    expect((await posters('en')).file.file_name).toBe('poster-en-2.png');
    expect((await fetchFile(s, old, me)).status).toBe(404);

    const r = await cli('publish', 'regulation', '--stores', 'all', '--title', 'Rules', '--file', pdf);
    expect(r.code).toBe(0);
    const reg = ((await ask('/bulletin/regulations')).list as Regulation[]).find((x) => x.title === 'Rules')!;
    expect(reg.document).toMatchObject({ file_name: 'rules.pdf', content_type: 'application/pdf', size: fs.statSync(pdf).size });
  });

  it('refuses bad files by content and size, with the reason', async () => {
    const ok = file('ok.md', 'text');
    const svg = file('evil.svg', '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const svgAsPng = file('evil.png', fs.readFileSync(svg));
    const html = file('page.pdf', '<!doctype html><html><body onload="alert(1)"></body></html>');
    const exe = file('tool.png', Buffer.from('MZ\x90\x00\x03\x00\x00\x00'));
    const empty = file('empty.png', Buffer.alloc(0));
    const pngNamedPdf = file('fake.pdf', demoPng(4, 4, [[0, 0, 0]]));
    const pdf = file('doc.pdf', demoPdf('x', []));
    const big = path.join(dir, 'big.pdf');
    fs.writeFileSync(big, '%PDF-1.4\n');
    fs.truncateSync(big, 10 * MiB + 1);
    const bigImage = path.join(dir, 'big.png');
    fs.writeFileSync(bigImage, demoPng(2, 2, [[0, 0, 0]]));
    fs.truncateSync(bigImage, 2 * MiB + 1);
    const poster = (f: string, ...more: string[]) => ['publish', 'poster', '--stores', 'all', '--title', 'P', '--file', f, ...more];

    await refused(/SVG image \(refused: SVG can carry scripts/, ...poster(svg));
    await refused(/evil\.png: the file is an SVG image/, ...poster(svgAsPng));
    await refused(/HTML or XML text/, ...poster(html));
    await refused(/unknown type; accepted: PNG, JPEG, GIF, WebP or PDF/, ...poster(exe));
    await refused(/the file is empty/, ...poster(empty));
    await refused(/name says application\/pdf but its content is image\/png/, ...poster(pngNamedPdf));
    await refused(/over the limit of 10485760 bytes/, ...poster(big));
    await refused(/over the limit of 2097152 bytes/, ...poster(pdf, '--thumbnail', bigImage));
    await refused(/a PDF cannot be shown as an image/, ...poster(pdf, '--thumbnail', pdf));
    await refused(/no such file/, ...poster(path.join(dir, 'missing.png')));
    await refused(/not a file/, ...poster(dir));
    await refused(/a poster needs its file/, 'publish', 'poster', '--stores', 'all', '--title', 'P');
    await refused(/news items have no --file/, 'publish', 'news', '--stores', 'all', '--title', 'N', '--body', ok, '--file', pdf);

    const bigBody = file('big.md', 'x'.repeat(64 * 1024 + 1));
    await refused(/over the limit of 65536/, 'publish', 'news', '--stores', 'all', '--title', 'N', '--body', bigBody);
    const latin1 = file('latin1.md', Buffer.from([0x63, 0x61, 0x66, 0xe9]));
    await refused(/not UTF-8 text/, 'publish', 'news', '--stores', 'all', '--title', 'N', '--body', latin1);
    const missingImage = file('img.md', '![x](nothere.png)');
    await refused(/shows image "nothere.png", which is not at/, 'publish', 'news', '--stores', 'all', '--title', 'N', '--body', missingImage);
    file('svgimg/evil.svg', fs.readFileSync(svg));
    const svgImage = file('svgimg/body.md', '![x](evil.svg)');
    await refused(/SVG/, 'publish', 'news', '--stores', 'all', '--title', 'N', '--body', svgImage);
    const escape = file('esc.md', '![x](../../etc/passwd.png)');
    await refused(/must be relative paths beside its Markdown file|which is not at/, 'publish', 'news', '--stores', 'all', '--title', 'N', '--body', escape);
  });

  it('refuses unknown languages, missing texts, bad targets and bad event periods', async () => {
    const ok = file('ok2.md', 'text');
    const news = (...more: string[]) => ['publish', 'news', '--stores', 'all', ...more];
    await refused(/unknown language "fr"/, ...news('--title', 'fr=Bonjour', '--body', `fr=${ok}`));
    await refused(/unknown language "de"/, ...news('--title', 'N', '--body', ok, '--file', 'de=x.png'));
    await refused(/--title for mx is given twice/, ...news('--title', 'mx=a', '--title', 'es=b', '--body', `mx=${ok}`));
    await refused(/--body mx=file.md is required/, ...news('--title', 'N', '--body', ok, '--title', 'mx=Sin cuerpo'));
    await refused(/--title zh_Hans=\.\.\. is required/, ...news('--title', 'N', '--body', ok, '--body', `cn=${ok}`));
    await refused(/give at least one language/, ...news());
    await refused(/title \(en\) has more than 200 characters/, ...news('--title', 'x'.repeat(201), '--body', ok));
    await refused(/title \(en\) must be one line/, ...news('--title', 'a\nb', '--body', ok));
    await refused(/--stores is required/, 'publish', 'news', '--title', 'N', '--body', ok);
    await refused(/no store with kiosk id 9999/, 'publish', 'news', '--stores', '1001,9999', '--title', 'N', '--body', ok);
    await refused(/--stores must be "all" or kiosk ids/, 'publish', 'news', '--stores', '1001;drop', '--title', 'N', '--body', ok);
    await refused(/say what to publish/, 'publish', 'memo', '--stores', 'all');
    const ev = (...more: string[]) => ['publish', 'event', '--stores', 'all', '--title', 'E', '--body', ok, ...more];
    await refused(/an event item needs --event/, ...ev());
    await refused(/is new: give its period with --starts and --ends/, ...ev('--event', 'brand-new'));
    await refused(/--ends must be after --starts/, ...ev('--event', 'backwards', '--starts', '2026-02-01', '--ends', '2026-01-01'));
    await refused(/--starts must be a date/, ...ev('--event', 'badtime', '--starts', 'tomorrow', '--ends', '2026-01-01'));
    await refused(/event name "bad name!" must be 1-64 letters/, ...ev('--event', 'bad name!', '--starts', '2026-01-01', '--ends', '2026-02-01'));
    await refused(/--event is only for event items/, ...news('--title', 'N', '--body', ok, '--event', 'x'));
    await refused(/no bulletin 999999/, 'withdraw', '999999');
    await refused(/say "bulletin update <id>"/, 'update', 'abc');
    await refused(/unknown bulletin command "frob"/, 'frob');
    await refused(/Unknown option/i, 'list', '--bogus');
  });

  it('finds the images a Markdown body shows, and leaves links with a scheme alone', () => {
    expect(imageRefs('![a](a.png) ![b](<dir/b c.png> "t") ![c](https://x/c.png) ![d](data:image/png;base64,xx) ![e](/abs.png) [f](f.png) ![g](javascript:alert(1))')).toEqual(['a.png', 'dir/b c.png']);
  });

  it('lists the help', async () => {
    const out: string[] = [];
    await runCli(['help'], s.handle, (l) => out.push(l));
    expect(out.join('\n')).toContain('bulletin publish <news|event|poster|regulation>');
    await expect(runCli(['bulletin'], s.handle, () => undefined)).rejects.toThrow(OperatorError);
  });
});

describe('bulletin commands through the entry point (npm run admin)', () => {
  it('exits 2 with "Refused: <why>" for a bad file, and 0 when it publishes', async () => {
    const { execFile } = await import('node:child_process');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mbx-cli-bulletin-'));
    const run = (...args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile('node_modules/.bin/tsx', ['packages/server/src/cli/main.ts', 'bulletin', ...args], { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' } }, (err, stdout, stderr) =>
          resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
        );
      });
    try {
      const svg = path.join(dir, 'p.svg');
      fs.writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const bad = await run('publish', 'poster', '--stores', 'all', '--title', 'P', '--file', svg);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/^Refused: .*SVG/);
      const png = path.join(dir, 'p.png');
      fs.writeFileSync(png, demoPng(4, 4, [[0, 0, 0]]));
      const ok = await run('publish', 'poster', '--stores', 'all', '--title', 'P', '--file', png);
      expect(ok).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Published poster 1 \(en\) for all stores\./) });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
