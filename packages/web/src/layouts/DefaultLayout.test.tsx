import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import DefaultLayout from './DefaultLayout';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'uid=; max-age=0; path=/';
  document.cookie = 'token=; max-age=0; path=/';
});

describe('the page waits for the store time zone', () => {
  it('draws no page (so no time in UTC) until /config/localtime has answered', async () => {
    document.cookie = 'uid=7; path=/';
    document.cookie = 'token=t; path=/';
    let answerZone: () => void = () => {};
    const zone = new Promise<void>((resolve) => (answerZone = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = String(url).replace(/^.*\/API/, '');
        if (path === '/config/localtime') {
          await zone;
          return new Response(JSON.stringify({ status: 0, diff: -360, timezone: 'America/Chicago', now: new Date().toISOString() }));
        }
        return new Response(JSON.stringify(path === '/user/menu' ? { status: 0, menu: [] } : { status: 0 }));
      }),
    );
    await renderRoutes([{ path: '/', element: <DefaultLayout />, children: [{ index: true, element: <p data-testid="page">page</p> }] }], '/');
    await screen.findByTestId('side-menu', {}, { timeout: 5000 });
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTestId('page')).toBeNull();
    answerZone();
    await waitFor(() => expect(screen.getByTestId('page')).toBeTruthy());
  });
});
