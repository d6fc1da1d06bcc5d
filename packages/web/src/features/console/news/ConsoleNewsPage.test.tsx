import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Status } from '@moneybox/contract';
import { consoleSession, setConsoleSession } from '../../../auth/console-session';
import { consoleMeReply } from '../../../test/console-me';
import { i18n } from '../../../i18n/i18n';
import { fakeServer } from '../../../test/fake-server';
import { renderRoutes } from '../../../test/render';
import ConsoleNewsPage from './ConsoleNewsPage';

const routes = [{ path: '/operator/news', element: <ConsoleNewsPage /> }];

beforeEach(() => setConsoleSession({ uid: 7, token: 'console-token', username: 'admin0001', role: 'admin' }));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** The account's stores, as /operator/stores lists them (what the picker offers). */
const STORES = [
  { kid: 1001, name: 'Demo Arcade' },
  { kid: 1002, name: 'Lucky Corner' },
];

/** The console with no news, announcements or distributors yet, two stores, and the given calls. */
const emptyConsole = (more: Parameters<typeof fakeServer>[0]) =>
  fakeServer({
    '/operator/news': () => ({ status: 0, list: [] }),
    '/operator/announcements': () => ({ status: 0, list: [] }),
    '/operator/distributors': () => ({ status: 0, list: [] }),
    '/operator/stores': () => ({ status: 0, list: STORES }),
    '/operator/me': () => consoleMeReply(consoleSession()!.role),
    ...more,
  });

/** The stores picked, as the picker's pills show them. */
const picked = () => [...document.querySelectorAll('.mantine-Pill-label')].map((p) => p.textContent);

/** Picks stores in the target's picker: searched by kiosk id, chosen by their "name (kiosk id)". */
async function pickStores(...kids: number[]) {
  for (const kid of kids) {
    await userEvent.type(screen.getByTestId('console-news-stores'), String(kid));
    fireEvent.click(await screen.findByRole('option', { name: new RegExp(`\\(${kid}\\)`) }, { timeout: 5000 }));
  }
}

describe('the console news editor', () => {
  it('previews the Markdown as the store renders it (the store news card and its sanitizer), per language, and publishes what was typed', async () => {
    const calls = emptyConsole({ '/operator/newsPublish': () => ({ status: 0, id: 41 }) });
    await renderRoutes(routes, '/operator/news');
    fireEvent.change(await screen.findByTestId('console-news-title-en'), { target: { value: 'Lucky week' } });
    fireEvent.change(screen.getByTestId('console-news-body-en'), {
      target: { value: '# Prizes\n\nPlay **more** [here](javascript:alert(1)) <script>window.hacked = 1</script><img src=x onerror="window.hacked=1">' },
    });
    const preview = screen.getByTestId('news-preview-en');
    // The store's card: its title as the item's heading, the body's # one level under it, bold kept.
    expect(within(preview).getByRole('heading', { level: 2 }).textContent).toBe('Lucky week');
    expect(within(preview).getByRole('heading', { level: 3 }).textContent).toBe('Prizes');
    expect(within(preview).getByText('more').tagName).toBe('STRONG');
    // The sanitizer: no script, no handler, no javascript: link.
    const body = within(preview).getByTestId('news-body');
    expect(body.querySelector('script, [onerror]')).toBeNull();
    expect(within(body).getByText('here').getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect((window as { hacked?: number }).hacked).toBeUndefined();

    // Another language has its own tab and preview.
    fireEvent.click(screen.getByTestId('console-news-tab-zh_Hans'));
    fireEvent.change(await screen.findByTestId('console-news-title-zh_Hans'), { target: { value: '幸运周' } });
    fireEvent.change(screen.getByTestId('console-news-body-zh_Hans'), { target: { value: '多玩 *一点*' } });
    expect(within(screen.getByTestId('news-preview-zh_Hans')).getByText('一点').tagName).toBe('EM');

    await pickStores(1001, 1002);
    fireEvent.click(screen.getByTestId('console-news-publish'));
    await waitFor(() => expect(calls.some((c) => c.path === '/operator/newsPublish')).toBe(true));
    expect(calls.find((c) => c.path === '/operator/newsPublish')?.body).toMatchObject({
      UID: 7,
      kind: 'news',
      texts: [
        { lang: 'en', title: 'Lucky week' },
        { lang: 'zh_Hans', title: '幸运周', body: '多玩 *一点*' },
      ],
      target: { type: 'stores', kids: [1001, 1002] },
      files: [],
    });
  });

  it('edits a published item: Edit fills the editor with its texts per language, period and target, and saves the change through /operator/newsUpdate', async () => {
    const item = {
      id: 52,
      kind: 'event',
      event: { name: 'lucky_week', starts_at: '2026-12-01T10:00:30.000Z', ends_at: '2026-12-08T10:00:00.000Z', titles: { en: 'Lucky week' } },
      published_at: '2026-11-26T10:00:00.000Z',
      withdrawn_at: null,
      all_stores: false,
      kids: [1001, 1002],
      texts: [
        { lang: 'en', title: 'Lucky week', body: '# Prizes\n\nPlay **more**' },
        { lang: 'mx', title: 'Semana de suerte', body: 'Juegue *más*' },
      ],
      files: [{ id: 3, role: 'image', lang: null, name: 'prize.png', type: 'image/png', size: 120 }],
    };
    const calls = fakeServer({
      '/operator/news': () => ({ status: 0, list: [item] }),
      '/operator/announcements': () => ({ status: 0, list: [{ id: 9, msg: 'Closed on Sunday', modes: [0, 2], active: true, created_at: '2026-11-26T10:00:00.000Z' }] }),
      '/operator/distributors': () => ({ status: 0, list: [] }),
      '/operator/stores': () => ({ status: 0, list: STORES }),
      '/operator/me': () => consoleMeReply('admin'),
      '/operator/newsUpdate': () => ({ status: 0, id: 52 }),
      '/operator/announcementUpdate': () => ({ status: 0 }),
    });
    await renderRoutes(routes, '/operator/news');
    fireEvent.click(await screen.findByTestId('console-news-edit-52'));
    const editor = await screen.findByTestId('console-news-editing');
    // Filled with the item's content: texts and the live preview, period, target, the files kept.
    expect((screen.getByTestId('console-news-title-en') as HTMLInputElement).value).toBe('Lucky week');
    expect((screen.getByTestId('console-news-body-en') as HTMLTextAreaElement).value).toBe('# Prizes\n\nPlay **more**');
    expect(within(screen.getByTestId('news-preview-en')).getByText('more').tagName).toBe('STRONG');
    expect((screen.getByTestId('console-news-event') as HTMLInputElement).value).toBe('lucky_week');
    expect((screen.getByTestId('console-news-event') as HTMLInputElement).disabled).toBe(true);
    expect(new Date((screen.getByTestId('console-news-starts') as HTMLInputElement).value).toISOString()).toBe('2026-12-01T10:00:00.000Z'); // minutes shown
    // The target: its stores picked, shown by name and kiosk id.
    await waitFor(() => expect(picked()).toEqual(['Demo Arcade (1001)', 'Lucky Corner (1002)']));
    expect(screen.getByTestId('console-news-files-now').textContent).toContain('prize.png');
    fireEvent.click(screen.getByTestId('console-news-tab-mx'));
    expect((await within(editor).findByTestId('console-news-title-mx') as HTMLInputElement).value).toBe('Semana de suerte');

    // The change: the Spanish body, a longer period, one store fewer.
    fireEvent.change(screen.getByTestId('console-news-body-mx'), { target: { value: 'Juegue *mucho más*' } });
    fireEvent.change(screen.getByTestId('console-news-ends'), { target: { value: '2026-12-15T18:30' } });
    // Backspace in the empty search drops the last store picked.
    fireEvent.keyDown(screen.getByTestId('console-news-stores'), { key: 'Backspace' });
    await waitFor(() => expect(picked()).toEqual(['Demo Arcade (1001)']));
    fireEvent.click(screen.getByTestId('console-news-save'));
    await waitFor(() => expect(calls.some((c) => c.path === '/operator/newsUpdate')).toBe(true));
    expect(calls.find((c) => c.path === '/operator/newsUpdate')?.body).toEqual({
      UID: 7,
      TOKEN: 'console-token',
      id: 52,
      texts: [
        { lang: 'en', title: 'Lucky week', body: '# Prizes\n\nPlay **more**' },
        { lang: 'mx', title: 'Semana de suerte', body: 'Juegue *mucho más*' },
      ],
      target: { type: 'stores', kids: [1001] },
      event: { starts_at: '2026-12-01T10:00:30.000Z', ends_at: new Date('2026-12-15T18:30').toISOString() }, // the start untouched keeps its seconds
      files: [],
    });
    // Saved: the editor is a new item's again.
    await waitFor(() => expect(screen.queryByTestId('console-news-editing')).toBeNull());
    expect(calls.some((c) => c.path === '/operator/newsPublish')).toBe(false);

    // An announcement: the same form, filled, saved through /operator/announcementUpdate.
    fireEvent.click(await screen.findByTestId('console-announce-edit-9'));
    expect((screen.getByTestId('console-announce-msg') as HTMLInputElement).value).toBe('Closed on Sunday');
    expect(screen.getByTestId('console-announce-layout-2').getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(screen.getByTestId('console-announce-msg'), { target: { value: 'Closed on Sunday and Monday' } });
    fireEvent.click(screen.getByTestId('console-announce-layout-5'));
    fireEvent.click(screen.getByTestId('console-announce-save'));
    await waitFor(() => expect(calls.find((c) => c.path === '/operator/announcementUpdate')?.body).toMatchObject({ id: 9, msg: 'Closed on Sunday and Monday', modes: [0, 2, 5] }));
  });
  it('takes images through a picker in the screen\'s language and publishes them with the item, shown in the preview by name', async () => {
    const calls = emptyConsole({ '/operator/newsPublish': () => ({ status: 0, id: 42 }) });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:prize', revokeObjectURL: () => undefined }));
    await renderRoutes(routes, '/operator/news');
    const picker = await screen.findByTestId('console-news-images');
    // Mantine's picker, not the browser's: its text is the app's own ("Choose files"), not "No file chosen".
    expect(picker.textContent).toBe('Choose files');
    const input = document.querySelector<HTMLInputElement>('input[type="file"][multiple]')!;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'prize.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByTestId('console-news-images').textContent).toBe('prize.png'));
    fireEvent.change(screen.getByTestId('console-news-title-en'), { target: { value: 'Prize' } });
    fireEvent.change(screen.getByTestId('console-news-body-en'), { target: { value: '![the prize](prize.png)' } });
    await waitFor(() => expect(within(screen.getByTestId('news-preview-en')).getByAltText('the prize').getAttribute('src')).toBe('blob:prize'));
    await pickStores(1001);
    fireEvent.click(screen.getByTestId('console-news-publish'));
    await waitFor(() => expect(calls.some((c) => c.path === '/operator/newsPublish')).toBe(true));
    expect(calls.find((c) => c.path === '/operator/newsPublish')?.body).toMatchObject({ files: [{ role: 'image', name: 'prize.png', data: 'iVBORw==' }] });
  });
  it("takes a poster's file per language tab (each its language's; one alone serves every language) and keeps each tab's choice", async () => {
    const calls = emptyConsole({ '/operator/newsPublish': () => ({ status: 0, id: 43 }) });
    await renderRoutes(routes, '/operator/news');
    fireEvent.click(within(await screen.findByTestId('console-news-kind')).getByLabelText('Poster'));
    const pick = async (testId: string, name: string) => {
      await screen.findByTestId(testId);
      // The open tab's document picker (the others' are not mounted): the one that takes PDF.
      const input = document.querySelector<HTMLInputElement>('input[type="file"][accept*="pdf"]')!;
      fireEvent.change(input, { target: { files: [new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' })] } });
      await waitFor(() => expect(screen.getByTestId(testId).textContent).toBe(name));
    };
    fireEvent.change(screen.getByTestId('console-news-title-en'), { target: { value: 'Rules' } });
    expect(screen.getByTestId('console-news-document-en').closest('.mantine-InputWrapper-root')?.textContent).toContain('File in English');
    await pick('console-news-document-en', 'rules-en.png');
    await pickStores(1001);
    fireEvent.click(screen.getByTestId('console-news-publish'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/operator/newsPublish')).toHaveLength(1));
    // One file: for every language.
    expect(calls.find((c) => c.path === '/operator/newsPublish')?.body).toMatchObject({ texts: [{ lang: 'en', title: 'Rules' }], files: [{ role: 'document', lang: null, name: 'rules-en.png' }] });

    // Published: the form is a new item's again.
    await waitFor(() => expect((screen.getByTestId('console-news-title-en') as HTMLInputElement).value).toBe(''));
    fireEvent.click(within(screen.getByTestId('console-news-kind')).getByLabelText('Poster'));
    fireEvent.change(screen.getByTestId('console-news-title-en'), { target: { value: 'Rules' } });
    await pick('console-news-document-en', 'rules-en.png');
    fireEvent.click(screen.getByTestId('console-news-tab-mx'));
    fireEvent.change(await screen.findByTestId('console-news-title-mx'), { target: { value: 'Reglas' } });
    await pick('console-news-document-mx', 'reglas.png');
    // The English tab shown again still shows its own file.
    fireEvent.click(screen.getByTestId('console-news-tab-en'));
    expect((await screen.findByTestId('console-news-document-en')).textContent).toBe('rules-en.png');
    await pickStores(1001);
    fireEvent.click(screen.getByTestId('console-news-publish'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/operator/newsPublish')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/operator/newsPublish')[1]!.body.files).toEqual([
      { role: 'document', lang: 'en', name: 'rules-en.png', data: 'iVBORw==' },
      { role: 'document', lang: 'mx', name: 'reglas.png', data: 'iVBORw==' },
    ]);
  });

  it("offers a distributor 'All my stores' and its own stores to pick by name and kiosk id, never every store or another's", async () => {
    setConsoleSession({ uid: 31, token: 'console-token', username: 'dist0001', role: 'distributor' });
    const calls = emptyConsole({ '/operator/newsPublish': () => ({ status: 0, id: 44 }) });
    await renderRoutes(routes, '/operator/news');
    const target = await screen.findByTestId('console-news-target');
    expect(within(target).queryByLabelText('All stores')).toBeNull();
    expect(within(target).queryByLabelText("A distributor's stores")).toBeNull();
    // The picker lists the account's stores (its /operator/stores) by name and kiosk id; no kiosk id is typed.
    await userEvent.type(screen.getByTestId('console-news-stores'), 'lucky');
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Lucky Corner (1002)']), { timeout: 5000 });
    fireEvent.click(within(target).getByLabelText('All my stores'));
    fireEvent.change(screen.getByTestId('console-news-title-en'), { target: { value: 'Our week' } });
    fireEvent.click(screen.getByTestId('console-news-publish'));
    await waitFor(() => expect(calls.some((c) => c.path === '/operator/newsPublish')).toBe(true));
    expect(calls.find((c) => c.path === '/operator/newsPublish')?.body).toMatchObject({ target: { type: 'distributor', distributor_id: 31 } });
  });

  it.each([
    ['en', 'Choose at least one store', 'Permission error: Store 1007 is not one of yours', 'Input error: Stores: choose at least one'],
    ['mx', 'Elige al menos una tienda', 'Error de permisos: La tienda 1007 no es una de las tuyas', 'Error de entrada: Tiendas: elige al menos uno'],
    ['zh_Hans', '请至少选择一个门店', '权限错误: 门店 1007 不属于您', '输入错误: 门店：请至少选择一项'],
  ])("in %s, says what is wrong with the target in words: no store picked, a store not the account's, the server's refused field", async (lang, none, notYours, field) => {
    await i18n.changeLanguage(lang);
    try {
      let answer: object = { status: Status.PERMISSION_ERROR, kids: [1007], error: 'Permission error' };
      const calls = emptyConsole({ '/operator/newsPublish': () => answer });
      await renderRoutes(routes, '/operator/news');
      fireEvent.change(await screen.findByTestId('console-news-title-en'), { target: { value: 'Week' } });
      fireEvent.click(screen.getByTestId('console-news-publish'));
      expect((await screen.findByTestId('console-news-error')).textContent).toBe(none);
      expect(calls.some((c) => c.path === '/operator/newsPublish')).toBe(false);

      await pickStores(1001);
      fireEvent.click(screen.getByTestId('console-news-publish'));
      await waitFor(() => expect(screen.getByTestId('console-news-error').textContent).toBe(notYours));
      answer = { status: Status.INPUT_ERROR, field: 'target.kids', issue: 'too_small_array', error: 'target.kids: Too small: expected array to have >=1 items' };
      fireEvent.click(screen.getByTestId('console-news-publish'));
      await waitFor(() => expect(screen.getByTestId('console-news-error').textContent).toBe(field));
      expect(document.body.textContent).not.toContain('target.kids');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows a support account the items only: no editor, no edit or withdraw, no announcements (the matrix: support publishes nothing)', async () => {
    setConsoleSession({ uid: 40, token: 'console-token', username: 'supp0001', role: 'support' });
    const item = { id: 60, kind: 'news', event: null, published_at: '2026-11-26T10:00:00.000Z', withdrawn_at: null, all_stores: false, kids: [1001], texts: [{ lang: 'en', title: 'Read only', body: '' }], files: [] };
    emptyConsole({ '/operator/news': () => ({ status: 0, list: [item] }) });
    await renderRoutes(routes, '/operator/news');
    expect(await screen.findByTestId('console-news-item-60')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('console-news-publish')).toBeNull());
    expect(screen.queryByTestId('console-news-edit-60')).toBeNull();
    expect(screen.queryByTestId('console-announce')).toBeNull();
  });
});
