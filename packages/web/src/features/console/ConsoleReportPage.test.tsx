import type { ConsoleReport, ConsoleReportRow } from '@moneybox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConsoleSession } from '../../auth/console-session';
import { fakeServer, type Body } from '../../test/fake-server';
import { renderRoutes } from '../../test/render';
import ConsoleReportPage from './ConsoleReportPage';

// mantine-datatable shows a column while its media query matches; a column without one asks for ''.
const stubMatchMedia = window.matchMedia;
window.matchMedia = (query: string) => ({ ...stubMatchMedia(query), matches: query === '' });
Element.prototype.scrollTo ??= () => {};

const zero = { purchases: 0, redeems: 0, net: 0, special_comps: 0, reverts: 0, purchase_count: 0, redeem_count: 0, special_comps_count: 0, revert_count: 0 };
const row = (kid: number, day: string, purchases: number): ConsoleReportRow => ({ ...zero, kid, store: `Arcade ${kid}`, day, channel: 'pos', purchases, net: purchases, purchase_count: 1 });

/** 45 stores (3 pages of 20): page p holds stores 20(p-1)+1 … each with one row. */
function report(b: Body): ConsoleReport & { status: 0 } {
  const page = Number(b.page);
  const kids = Array.from({ length: 45 }, (_, i) => 1001 + i).slice((page - 1) * 20, page * 20);
  return {
    status: 0,
    list: kids.map((k) => row(k, String(b.from), k - 1000)),
    credit: page === 1 ? [{ kid: 1001, store: 'Arcade 1001', day: String(b.from), credit_given: 500, credit_count: 1 }] : [],
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
    const lines = (await blobs[0]!.text()).replace(/^\ufeff/, '').trimEnd().split('\r\n');
    // Header, 45 rows (3 pages), totals.
    expect(lines).toHaveLength(47);
    expect(lines[0]!.startsWith('Store,Day,Channel,Purchases')).toBe(true);
    expect(lines.at(-2)!.startsWith('1045 Arcade 1045,')).toBe(true);
    expect(lines.at(-1)!.startsWith('Total,,,1035.00')).toBe(true);
    expect(calls.filter((c) => c.path === '/operator/report').map((c) => c.body.page)).toEqual(expect.arrayContaining([2, 3]));
  });
});
