import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConsoleSession } from '../../api/console';
import { fakeServer } from '../../test/fake-server';
import { renderRoutes } from '../../test/render';
import ConsoleNewsPage from './ConsoleNewsPage';

const routes = [{ path: '/operator/news', element: <ConsoleNewsPage /> }];

beforeEach(() => setConsoleSession({ uid: 7, token: 'console-token', username: 'admin0001', role: 'admin' }));
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the console news editor', () => {
  it('previews the Markdown as the store renders it (the store news card and its sanitizer), per language, and publishes what was typed', async () => {
    const calls = fakeServer({
      '/operator/news': () => ({ status: 0, list: [] }),
      '/operator/announcements': () => ({ status: 0, list: [] }),
      '/operator/distributors': () => ({ status: 0, list: [] }),
      '/operator/stores': () => ({ status: 0, list: [] }),
      '/operator/newsPublish': () => ({ status: 0, id: 41 }),
    });
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

    fireEvent.change(screen.getByTestId('console-news-kids'), { target: { value: '1001, 1002 1001' } });
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
});
