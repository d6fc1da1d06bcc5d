import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { markEventRead } from '../../layouts/event-reads';
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

const newsMenu = {
  ...menu,
  menu: [
    { func_name: 'View All', func_link: '/News/view-all-news', group: 'news', isNew: true },
    { func_name: 'Download posters', func_link: '/News/download-poster', group: 'news' },
    { func_name: 'Regulations', func_link: '/News/regulations', group: 'news' },
    {
      func_name: 'Winter Festival',
      func_link: '/News/event_news/winter-festival',
      group: 'news',
      isNew: true,
      event: { name: 'winter-festival', items: [12, 9], latest: '2026-11-23T18:00:00.000Z', period: { start: '2026-11-20T00:00:00.000Z', end: '2026-12-20T00:00:00.000Z' } },
    },
  ],
};

/** The menu reply seeded into the query cache (the key useMenu uses), as the server would send it. */
function clientWithMenu(reply: object = menu) {
  const client = createQueryClient();
  // Outside the Default layout the page title state stays empty.
  client.setQueryData(['/user/menu', { lang: 'en' }, ''], reply);
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
    // A one-entry tile says what is behind it; a tile with a list does not repeat it.
    expect(screen.getByTestId('tile-drawer')).toHaveTextContent('Your cash drawer: initial amount, fills, bleeds and movements');
    expect(screen.getByTestId('tile-customer')).not.toHaveTextContent('Customers, their balances and money');
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

  it("shows '!' on the Platform News tile while an event item is unread, and lists the event among its entries", async () => {
    setScreenWidth(1280);
    await renderRoutes([{ path: '/', element: <HomePage /> }], '/', clientWithMenu(newsMenu));
    const tile = await screen.findByTestId('tile-news');
    expect(within(tile).getAllByText('!')).toHaveLength(2); // the tile and the event's entry
    expect(within(tile).getByRole('link', { name: /Winter Festival/ })).toHaveAttribute('href', '/News/event-news?eventName=winter-festival');
    expect(within(tile).getByRole('link', { name: /View All/ })).toHaveAttribute('href', '/News/view-all-news');
    expect(within(within(tile).getByRole('link', { name: /View All/ })).getByText('new')).toBeInTheDocument();
    // Opening the event (the event page marks it read) clears every '!' at once.
    act(() => markEventRead('winter-festival', [12, 9]));
    expect(within(tile).queryByText('!')).toBeNull();
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });

  it("keeps the '!' and the event entry in the small-screen dialog", async () => {
    setScreenWidth(390);
    await renderRoutes([{ path: '/', element: <HomePage /> }], '/', clientWithMenu(newsMenu));
    const tile = await screen.findByTestId('tile-news');
    expect(within(tile).getByText('!')).toBeInTheDocument();
    await userEvent.click(tile);
    const link = await screen.findByRole('link', { name: /Winter Festival/ });
    expect(link).toHaveAttribute('href', '/News/event-news?eventName=winter-festival');
    expect(within(link).getByText('!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Regulations/ })).toHaveAttribute('href', '/News/regulations');
  });

  it("shows no '!' when the event was read on an earlier visit", async () => {
    setScreenWidth(1280);
    markEventRead('winter-festival', [12, 9]);
    await renderRoutes([{ path: '/', element: <HomePage /> }], '/', clientWithMenu(newsMenu));
    const tile = await screen.findByTestId('tile-news');
    expect(within(tile).queryByText('!')).toBeNull();
  });
});
