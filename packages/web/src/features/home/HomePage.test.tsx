import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/App';
import { renderRoutes } from '../../test/render';
import HomePage from './HomePage';

const menu = {
  status: 0,
  serverVer: '9.9.9',
  env: 'staging',
  menu: [
    { func_name: 'Customer Account', func_link: '/CustomerAccount', group: 'customer' },
    { func_name: 'Customer Info', func_link: '/Customer/CustomerInfo', group: 'customer', isNew: true },
    { func_name: 'Drawer', func_link: '/Drawer', group: 'drawer' },
  ],
};

/** The menu reply seeded into the query cache (the key useMenu uses), as the server would send it. */
function clientWithMenu() {
  const client = createQueryClient();
  // Outside the Default layout the page title state stays empty.
  client.setQueryData(['/user/menu', { lang: 'en' }, ''], menu);
  client.setQueryDefaults(['/user/menu'], { staleTime: Infinity });
  return client;
}

function setScreenWidth(width: number) {
  window.matchMedia = (query: string) =>
    ({
      matches: /max-width:\s*767/.test(query) ? width < 768 : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      onchange: null,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

describe('Home', () => {
  it('shows one tile per group the menu lists, and the version footer', async () => {
    setScreenWidth(1280);
    await renderRoutes([{ path: '/', element: <HomePage /> }], '/', clientWithMenu());
    await screen.findByTestId('tile-customer');
    expect(screen.getByTestId('tile-drawer')).toHaveAttribute('href', '/Drawer');
    expect(screen.queryByTestId('tile-report')).toBeNull();
    const customer = screen.getByTestId('tile-customer');
    expect(within(customer).getByRole('link', { name: /Customer Info/ })).toHaveAttribute('href', '/Customer/CustomerInfo');
    expect(within(customer).getByText('new')).toBeInTheDocument();
    const footer = screen.getByTestId('version-info');
    expect(footer).toHaveTextContent('POS version: 18720');
    expect(footer).toHaveTextContent('Server version: 9.9.9');
    expect(footer).toHaveTextContent('Environment: staging');
  });

  it('opens a dialog with the sub-entries of a group on a small screen', async () => {
    setScreenWidth(390);
    await renderRoutes([{ path: '/', element: <HomePage /> }], '/', clientWithMenu());
    const tile = await screen.findByTestId('tile-customer');
    expect(within(tile).queryByRole('link')).toBeNull();
    await userEvent.click(tile);
    expect(await screen.findByRole('link', { name: /Customer Account/ })).toHaveAttribute('href', '/CustomerAccount');
    expect(screen.getByRole('link', { name: /Customer Info/ })).toHaveAttribute('href', '/Customer/CustomerInfo');
  });
});
