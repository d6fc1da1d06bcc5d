import type { ConsoleReport, ConsoleReportRow, ConsoleReportStore } from '@moneybox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConsoleSession } from '../../../auth/console-session';
import { i18n } from '../../../i18n/i18n';
import { fakeServer, type Body } from '../../../test/fake-server';
import { renderRoutes } from '../../../test/render';
import ConsoleReportPage from './ConsoleReportPage';

// mantine-datatable shows a column while its media query matches; a column without one asks for ''.
const stubMatchMedia = window.matchMedia;
window.matchMedia = (query: string) => ({ ...stubMatchMedia(query), matches: query === '' });
Element.prototype.scrollTo ??= () => {};

const zero = { purchases: 0, redeems: 0, net: 0, special_comps: 0, reverts: 0, purchase_count: 0, redeem_count: 0, special_comps_count: 0, revert_count: 0 };
const row = (kid: number, day: string, purchases: number): ConsoleReportRow => ({ ...zero, kid, store: `Arcade ${kid}`, day, channel: 'pos', purchases, net: purchases, purchase_count: 1 });
/** A store's totals: its one row, and store 1001's credit given. */
const storeTotals = (kid: number): ConsoleReportStore => ({ ...zero, kid, store: `Arcade ${kid}`, purchases: kid - 1000, net: kid - 1000, purchase_count: 1, credit_given: kid === 1001 ? 500 : 0, credit_count: kid === 1001 ? 1 : 0 });

/** 45 stores (3 pages of 20): page p holds stores 20(p-1)+1 … each with one row. */
function report(b: Body): ConsoleReport & { status: 0 } {
  const page = Number(b.page);
  const kids = Array.from({ length: 45 }, (_, i) => 1001 + i).slice((page - 1) * 20, page * 20);
  return {
    status: 0,
    list: kids.map((k) => row(k, String(b.from), k - 1000)),
    credit: page === 1 ? [{ kid: 1001, store: 'Arcade 1001', day: String(b.from), credit_given: 500, credit_count: 1 }] : [],
    store_totals: kids.map(storeTotals),
    day_channels: [{ ...zero, day: String(b.from), channel: 'pos', purchases: 1035, net: 1035 }],
    channel_totals: [],
    totals: { ...zero, purchases: 1035, net: 1035, purchase_count: 45, credit_given: 500, credit_count: 1 },
    stores: 45,
    page,
    page_stores: 20,
    period: { first_day: String(b.from), last_day: String(b.to), days: 1, limit_day: 92 },
  };
}

function captureDownloads() {
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:report'));
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return blobs;
}

beforeEach(() => setConsoleSession({ uid: 7, token: 't', username: 'admin1', role: 'admin' }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Console Reports screen', () => {
  it('shows the totals of every selected store and a page of rows; filters by distributor and kiosk ids; CSV holds every page', async () => {
    const calls = fakeServer({ '/operator/report': report, '/operator/distributors': () => ({ status: 0, list: [{ id: 31, username: 'north', parent: null, parent_id: null, credit: 0, stores: [1001] }] }) });
    const blobs = captureDownloads();
    await renderRoutes([{ path: '/', element: <ConsoleReportPage /> }], '/');
    const totals = await screen.findByTestId('cross-totals', {}, { timeout: 5000 });
    expect(within(totals).getByText('45')).toBeInTheDocument();
    expect(within(totals).getAllByText('$1,035.00').length).toBeGreaterThan(0);
    expect(within(totals).getByText('$500.00')).toBeInTheDocument();
    const table = screen.getByTestId('cross-table');
    expect(within(table).getByText('1001 Arcade 1001')).toBeInTheDocument();
    expect(within(table).queryByText('1021 Arcade 1021')).toBeNull();
    expect(within(table).getByText('Stores 1–20 of 45')).toBeInTheDocument();
    expect(screen.getByTestId('cross-credit')).toHaveTextContent('$500.00');

    await userEvent.selectOptions(await screen.findByTestId('cross-distributor'), '31');
    await userEvent.type(screen.getByTestId('cross-stores'), '1001, 1002 x');
    await userEvent.click(screen.getByTestId('period-show'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/operator/report').at(-1)!.body).toMatchObject({ distributor_id: 31, kids: [1001, 1002], page: 1 }));

    await userEvent.click(screen.getByTestId('report-csv'));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const text = await blobs[0]!.text();
    expect(text.indexOf('\ufeff', 1)).toBe(-1);
    const lines = text.replace(/^\ufeff/, '').trimEnd().split('\r\n');
    // The totals per store (header, 45 stores of 3 pages, totals), a blank line, then the rows (header, 45 rows, totals).
    expect(lines).toHaveLength(47 + 1 + 47);
    expect(lines[0]).toBe('Kiosk id,Store,Purchases,Purchases (count),Redeems,Redeems (count),Net,Special comps,Special comps (count),Reverts,Reverts (count),Credit given,Moves');
    expect(lines[1]).toBe('1001,Arcade 1001,1.00,1,0.00,0,1.00,0.00,0,0.00,0,500.00,1');
    expect(lines[45]!.startsWith('1045,Arcade 1045,45.00,')).toBe(true);
    expect(lines[46]).toBe('Total,,1035.00,45,0.00,0,1035.00,0.00,0,0.00,0,500.00,1');
    expect(lines[47]).toBe('');
    expect(lines[48]!.startsWith('Store,Day,Channel,Purchases')).toBe(true);
    expect(lines.at(-2)!.startsWith('1045 Arcade 1045,')).toBe(true);
    expect(lines.at(-1)!.startsWith('Total,,,1035.00')).toBe(true);
    expect(calls.filter((c) => c.path === '/operator/report').map((c) => c.body.page)).toEqual(expect.arrayContaining([2, 3]));
  });

  it.each([
    ['en', 'Totals per store', 'Kiosk id', 'Credit given'],
    ['mx', 'Totales por tienda', 'Id de kiosco', 'Crédito dado'],
    ['zh_Hans', '各门店合计', '亭号', '已给额度'],
  ] as const)('shows the totals per store of the page (%s): kiosk id, name, figures and credit given, paged with the rows', async (lang, title, kid, credit) => {
    await i18n.changeLanguage(lang);
    try {
      fakeServer({ '/operator/report': report, '/operator/distributors': () => ({ status: 0, list: [] }) });
      await renderRoutes([{ path: '/', element: <ConsoleReportPage /> }], '/');
      const box = await screen.findByTestId('cross-per-store', {}, { timeout: 5000 });
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
      // Its own scroll region (it scrolls sideways inside its box at 390 px, never the page).
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
      const headers = within(box).getAllByRole('columnheader').map((h) => h.textContent);
      expect(headers[0]).toBe(kid);
      expect(headers).toContain(credit);
      const bodyRows = within(box).getAllByRole('row').filter((r) => within(r).queryAllByRole('cell').length > 0);
      // 20 stores of page 1 and the totals row.
      expect(bodyRows.some((r) => r.textContent?.startsWith('1001Arcade 1001$1.00'))).toBe(true);
      const first = bodyRows.find((r) => r.textContent?.startsWith('1001Arcade 1001'))!;
      expect(within(first).getByText('$500.00')).toBeInTheDocument();
      expect(within(box).getByText('1020')).toBeInTheDocument();
      expect(within(box).queryByText('1021')).toBeNull();
      expect(within(box).getAllByText('$1,035.00').length).toBeGreaterThan(0);
      // Paging the stores moves both tables to the next stores.
      await userEvent.click(within(box).getByRole('button', { name: '2' }));
      await waitFor(() => expect(within(screen.getByTestId('cross-per-store')).getByText('1021')).toBeInTheDocument(), { timeout: 5000 });
      expect(within(screen.getByTestId('cross-per-store')).queryByText('1001')).toBeNull();
      expect(within(screen.getByTestId('cross-table')).getByText('1021 Arcade 1021')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
