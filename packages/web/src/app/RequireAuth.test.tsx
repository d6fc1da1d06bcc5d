import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readCookie, writeCookie } from '../auth/cookies';
import { renderRoutes } from '../test/render';
import { RequireAuth } from './RequireAuth';

const routes = [
  { path: '/pos/login', element: <p>login page</p> },
  { element: <RequireAuth />, children: [{ path: '/Drawer', element: <p>drawer page</p> }] },
];

describe('protected pages', () => {
  it('send a visitor without uid and token to login and remember the page', async () => {
    writeCookie('kioskId', '1001');
    writeCookie('uid', '7');
    const { router } = await renderRoutes(routes, '/Drawer?tab=2');
    await screen.findByText('login page');
    expect(router.state.location.search).toBe('?kioskId=1001');
    expect(readCookie('beforePage')).toBe('/Drawer?tab=2');
  });

  it('open for a visitor with uid and token', async () => {
    writeCookie('uid', '7');
    writeCookie('token', 'abc');
    await renderRoutes(routes, '/Drawer');
    await screen.findByText('drawer page');
    expect(readCookie('beforePage')).toBeUndefined();
  });
});
