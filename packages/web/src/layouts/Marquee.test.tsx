import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../test/fake-server';
import { renderRoutes } from '../test/render';
import DefaultLayout from './DefaultLayout';
import { Marquee } from './Marquee';

Element.prototype.scrollTo ??= () => {};

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'uid=; max-age=0; path=/';
  document.cookie = 'token=; max-age=0; path=/';
});

/** The header height the app shell lays the page out under (its style sheet's variable). */
function headerHeight(): string | undefined {
  const sheets = [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
  return [...sheets.matchAll(/--app-shell-header-height:\s*([^;]+);/g)].map((m) => m[1]!.trim()).pop();
}

describe('the marquee keeps its band so the page does not move', () => {
  it('renders an empty 40px band (hidden from assistive technology) while there is nothing to announce', async () => {
    await renderRoutes([{ path: '/', element: <Marquee messages={[]} /> }], '/');
    const band = await screen.findByTestId('marquee-space');
    expect(band.className).toBe('mbx-marquee');
    expect(band.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByTestId('marquee')).toBeNull();
  });

  it('lays the page out under header and marquee from the first paint, before the announcement arrives a second later', async () => {
    document.cookie = 'uid=7; path=/';
    document.cookie = 'token=t; path=/';
    fakeServer({
      '/user/menu': () => ({ status: 0, list: [], opens: [] }),
      '/config/announce': () => ({ status: 0, msgInfo: [{ msg: 'Welcome', mode: [0, 1, 2, 3, 4] }] }),
    });
    await renderRoutes([{ path: '/', element: <DefaultLayout />, children: [{ index: true, element: <p data-testid="page">page</p> }] }], '/');
    await screen.findByTestId('page');
    expect(screen.queryByTestId('marquee')).toBeNull();
    const before = headerHeight();
    expect(before).toBeDefined();
    await waitFor(() => expect(screen.getByTestId('marquee').textContent).toContain('Welcome'), { timeout: 3000 });
    expect(headerHeight()).toBe(before);
  });
});
