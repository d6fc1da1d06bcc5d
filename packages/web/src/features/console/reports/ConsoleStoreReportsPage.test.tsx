import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test/fake-server';
import { renderRoutes } from '../../../test/render';
import { storeToday } from '../../../time/store-time';
import { setConsoleSession } from '../../../auth/console-session';
import { zoneDiff } from '../shell/console-time';
import ConsoleStoreReportsPage from './ConsoleStoreReportsPage';

// mantine-datatable shows a column while its media query matches; one without a query asks for ''.
const stubMatchMedia = window.matchMedia;
window.matchMedia = (query: string) => ({ ...stubMatchMedia(query), matches: query === '' });
Element.prototype.scrollTo ??= () => {};

const store = {
  kid: 2102, name: 'Colon Arcade', city: '', timezone: 'Asia/Shanghai', frozen: false, freeze_msg: '', distributor: null, open_shifts: 0, machines_connected: 0, machines_enrolled: 0,
  credit: 100, low_credit: false, days_left: null, today: { purchases: 0, redeems: 0, net: 0 }, last_activity: null, address: '', state: '', zip: '', phone: '',
  max_drawers: 2, max_machines: 2, limit_day: 45, caps: { hourly: 0, daily: 0, weekly: 0 }, min_amount: 0, special_comps: 0, created_at: '2026-01-01T00:00:00.000Z',
};
const zero = { purchases: 0, redeems: 0, net: 0, special_comps: 0, reverts: 0, purchase_count: 0, redeem_count: 0, special_comps_count: 0, revert_count: 0 };
/** A closed day's Z report of the store, as /operator/storeDayClose answers. */
const dayCloseReply = {
  status: 0, closed: true, closed_at: '2026-11-20T16:00:00.000Z', closed_by: 'boss01', blocked: [], notes: [],
  report: {
    day: '2026-11-20', store: 'Colon Arcade', timezone: 'Asia/Shanghai', from: '2026-11-19T16:00:00.000Z', to: '2026-11-20T16:00:00.000Z', at: '2026-11-20T16:00:00.000Z',
    large_diff: 50, shifts: [], collections: [], machines: [], channels: [], gifts: { amount: 0, count: 0 }, store_credit_used: 777,
    totals: { ...zero, drawers_expected: 0, drawers_counted: 0, drawers_over_short: 0, kiosks_expected: 0, kiosks_counted: 0, kiosks_over_short: 0, large_differences: 0 },
  },
};
const routes = [{ path: '/operator/stores/:kid/reports/:report', element: <ConsoleStoreReportsPage /> }];

beforeEach(() => setConsoleSession({ uid: 5, token: 'console-token', username: 'dist0001', role: 'distributor' }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  document.cookie = 'storename=; max-age=0; path=/';
  document.cookie = 'kioskId=; max-age=0; path=/';
});

/** Captures the CSV handed to the browser as a download, with its file name. */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let last: Blob | null = null;
  URL.createObjectURL = vi.fn((b: Blob) => {
    last = b;
    return 'blob:report';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: last! });
  });
  return files;
}

describe('a store’s reports in the console', () => {
  it("reads the daily report through the console call for the store's today in its zone, with its host's currency sign, and never a store call", async () => {
    const today = storeToday(zoneDiff('Asia/Shanghai'));
    const calls = fakeServer({
      '/operator/store': () => ({ status: 0, store, bosses: [], hosts: [{ host: 'colon.example.com', layout: 2 }] }),
      '/operator/storeDailyReport': () => ({
        status: 0,
        list: [{ day: today, channel: 'pos', ...zero, purchases: 1234.5, net: 1234.5, purchase_count: 3 }],
        channel_totals: [],
        day_totals: [],
        totals: { ...zero, purchases: 1234.5, net: 1234.5, purchase_count: 3 },
        period: { from: '', to: '', first_day: today, last_day: today, days: 1, timezone: 'Asia/Shanghai', limit_day: 45 },
      }),
    });
    await renderRoutes(routes, '/operator/stores/2102/reports/daily');
    const table = await screen.findByTestId('daily-table');
    await waitFor(() => expect(within(table).getAllByText('₡1,234.50').length).toBeGreaterThan(0));
    expect(calls.find((c) => c.path === '/operator/storeDailyReport')?.body).toEqual({ UID: 5, TOKEN: 'console-token', kid: 2102, startTime: today, endTime: today });
    // The day opens the console's own day close of that store, not the store app's screen.
    expect(within(table).getByTestId(`day-close-link-${today}`).getAttribute('href')).toBe(`/operator/stores/2102/reports/day-close?day=${today}`);
    expect(screen.getByTestId('period-limit').textContent).toContain('45');
    expect(calls.every((c) => c.path.startsWith('/operator/'))).toBe(true);
    expect(screen.getByTestId('console-report-daily').getAttribute('data-variant')).toBe('filled');
  });

  it('shows the Z report of the day asked for, read-only (no close button), in dollars for a store without a host', async () => {
    const calls = fakeServer({
      '/operator/store': () => ({ status: 0, store, bosses: [], hosts: [] }),
      '/operator/storeDayClose': () => dayCloseReply,
    });
    await renderRoutes(routes, '/operator/stores/2102/reports/day-close?day=2026-11-20');
    const body = await screen.findByTestId('z-report-body');
    // No host of its own: layout 0's dollar.
    await waitFor(() => expect(body.textContent).toContain('$777.00'));
    // The reply's day is closed: the badge says so (English, the test's language).
    expect(screen.getByTestId('day-close-state').textContent).toBe('Closed');
    expect(screen.queryByTestId('day-close-submit')).toBeNull();
    expect(calls.find((c) => c.path === '/operator/storeDayClose')?.body).toMatchObject({ kid: 2102, day: '2026-11-20' });
    expect(calls.every((c) => c.path.startsWith('/operator/'))).toBe(true);
  });

  it("shows the bosses' notes on the day's differences beneath the read-only Z report, as the store's Day Close does", async () => {
    const collection = { collection_id: 41, kiosk_id: 9, kiosk: '900', time: '2026-11-20T08:00:00.000Z', collector: 'boss01', expected: 70, counted: 60, over_short: -10, count_detail: null, reason: '', large: false };
    fakeServer({
      '/operator/store': () => ({ status: 0, store, bosses: [], hosts: [] }),
      '/operator/storeDayClose': () => ({
        ...dayCloseReply,
        report: { ...dayCloseReply.report, collections: [collection] },
        notes: [{ target: 'collection', target_id: 41, note: 'a 10 bill jammed in the acceptor', by: 'boss01', at: '2026-11-20T09:00:00.000Z' }],
      }),
    });
    await renderRoutes(routes, '/operator/stores/2102/reports/day-close?day=2026-11-20');
    const notes = await screen.findByTestId('z-notes');
    const line = within(notes).getByText(/a 10 bill jammed in the acceptor/).closest('tr')!;
    expect(line.getAttribute('data-line')).toBe('note-collection-41');
    expect(line.textContent).toContain('Kiosk 900');
    expect(line.textContent).toContain('boss01');
  });

  it("gives the shift report CSV and an A4 print headed by the console's store (name, kiosk id, zone), not the store this browser signed in to", async () => {
    // This browser is also signed in to another store: its cookies must not name the printed report.
    document.cookie = 'storename=Other Store; path=/';
    document.cookie = 'kioskId=1001; path=/';
    const today = storeToday(zoneDiff('Asia/Shanghai'));
    const row = {
      account: 'cash01', moneybox: 1, shift_id: 77, createTime: '2026-11-20T01:00:00.000Z', closeTime: null, open: true, initial_amount: 100, fills: 0, bleeds: 0, purchases: 1234.5, redeems: 0,
      comps: 0, special_comps: 0, reverts: 0, balance: 1334.5, counted: null, over_short: null,
    };
    fakeServer({
      '/operator/store': () => ({ status: 0, store, bosses: [], hosts: [{ host: 'colon.example.com', layout: 2 }] }),
      '/operator/storeShiftReport': () => ({ status: 0, list: [row], totals: { ...row }, period: { from: '', to: '', first_day: today, last_day: today, days: 1, timezone: 'Asia/Shanghai', limit_day: 45 } }),
    });
    const files = captureDownloads();
    await renderRoutes(routes, '/operator/stores/2102/reports/shift');
    await screen.findByTestId('shift-table');
    await waitFor(() => expect((screen.getByTestId('report-csv') as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(screen.getByTestId('report-csv'));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe(`shifts-2102-${today}-${today}.csv`);
    const csv = await files[0]!.blob.text();
    expect(csv).toContain('cash01');
    expect(csv).toContain('1234.50');
    const print = screen.getByTestId('report-print');
    expect(print.textContent).toContain('Colon Arcade (2102) · Asia/Shanghai');
    expect(print.textContent).not.toContain('Other Store');
    expect(within(print).getAllByText('₡1,234.50').length).toBeGreaterThan(0);
    const printed = vi.spyOn(window, 'print').mockImplementation(() => {});
    await userEvent.click(screen.getByTestId('report-print-button'));
    expect(printed).toHaveBeenCalledTimes(1);
  });

  it("pages the store's transaction report by its cursor and walks every page for the CSV, through the console call only, printed under the console's store", async () => {
    const today = storeToday(zoneDiff('Asia/Shanghai'));
    const period = { from: '', to: '', first_day: today, last_day: today, days: 1, timezone: 'Asia/Shanghai', limit_day: 45 };
    // 30 movements, newest first; a page of 20, then the rest after the cursor of the last row shown.
    const all = Array.from({ length: 30 }, (_, i) => ({
      id: 30 - i, time: '2026-11-20T01:00:00.000Z', store_time: '2026-11-20 09:00:00', fun_name: 'purchase', station: 'pos', drawer: 1, machine: null, shift_id: 1,
      account: 'cash01', customer_id: 7, mobile_id: '123456789', customer_name: 'Ann', amount: 30 - i + 0.5, drawer_change: 30 - i, reverts_id: null, reverted_by: null, note: '',
    }));
    const calls = fakeServer({
      '/operator/store': () => ({ status: 0, store, bosses: [], hosts: [{ host: 'colon.example.com', layout: 2 }] }),
      '/operator/storeTransactionReport': (b) => {
        const limit = Number(b.limit);
        const start = typeof b.cursor === 'string' ? all.findIndex((r) => r.id < Number(b.cursor!.toString().slice(1))) : (Number(b.page) - 1) * limit;
        const list = all.slice(start, start + limit);
        return { status: 0, list, total: all.length, page: b.page, limit, cursor: start + limit < all.length ? `c${list.at(-1)!.id}` : null, period };
      },
    });
    const files = captureDownloads();
    await renderRoutes(routes, '/operator/stores/2102/reports/transactions');
    const table = await screen.findByTestId('transaction-table');
    await within(table).findByText('₡30.50');
    expect(within(table).getByText('1–20 of 30')).toBeInTheDocument();
    expect(screen.getByTestId('console-report-transactions').getAttribute('data-variant')).toBe('filled');
    expect(screen.getByTestId('console-report-title').textContent).toBe('Transaction report · Colon Arcade (2102)');
    await userEvent.click(within(table).getByRole('button', { name: '2' }));
    await within(table).findByText('₡10.50');
    const reads = calls.filter((c) => c.path === '/operator/storeTransactionReport');
    expect(reads[0]!.body).toEqual({ UID: 5, TOKEN: 'console-token', kid: 2102, startTime: today, endTime: today, page: 1, limit: 20 });
    expect(reads.at(-1)!.body).toMatchObject({ kid: 2102, page: 2, limit: 20, cursor: 'c11' });

    await userEvent.click(screen.getByTestId('report-csv'));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]!.name).toBe(`transactions-2102-${today}-${today}.csv`);
    const lines = (await files[0]!.blob.text()).replace(/^\ufeff/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(31);
    expect(calls.filter((c) => c.path === '/operator/storeTransactionReport' && c.body.limit === 200).every((c) => c.body.kid === 2102)).toBe(true);
    expect(screen.getByTestId('report-print').textContent).toContain('Colon Arcade (2102) · Asia/Shanghai');
    expect(calls.every((c) => c.path.startsWith('/operator/'))).toBe(true);
  });

  it('prints the Z report as the store does: the 300px receipt and A4', async () => {
    fakeServer({
      '/operator/store': () => ({ status: 0, store, bosses: [], hosts: [] }),
      '/operator/storeDayClose': () => dayCloseReply,
    });
    await renderRoutes(routes, '/operator/stores/2102/reports/day-close?day=2026-11-20');
    await screen.findByTestId('z-report-body');
    await userEvent.click(screen.getByTestId('z-receipt'));
    expect((await screen.findByTestId('z-receipt-dialog')).textContent).toContain('$777.00');
    const printed = vi.spyOn(window, 'print').mockImplementation(() => {});
    await userEvent.click(screen.getByTestId('z-a4'));
    await waitFor(() => expect(printed).toHaveBeenCalledTimes(1));
  });

  it("lists the store's cash log through the console call, the day log and then its reports", async () => {
    const today = storeToday(zoneDiff('Asia/Shanghai'));
    const entry = {
      id: 3, day: today, direction: 'out', level: 'log', threshold: 3000, movement_id: 9, time: '2026-11-20T03:00:00.000Z', store_time: `${today} 11:00:00`, channel: 'reload_kiosk', account: null,
      machine: '4', amount: 500, day_total: 3100, movements: 2, last_time: '2026-11-20T04:00:00.000Z', customer_id: 12, mobile_id: '555', identity: { first_name: 'Wei', last_name: 'Zhang', birthday: '', drivers_license: '', address: '' },
    };
    const calls = fakeServer({
      '/operator/store': () => ({ status: 0, store, bosses: [], hosts: [] }),
      '/operator/storeCashLog': (b) => ({ status: 0, list: b.level === 'log' ? [entry] : [], thresholds: { log: 3000, report: 10000 }, period: { from: '', to: '', first_day: today, last_day: today, days: 1, timezone: 'Asia/Shanghai', limit_day: 45 } }),
    });
    await renderRoutes(routes, '/operator/stores/2102/reports/cash');
    const table = await screen.findByTestId('cash-log-table');
    expect(await within(table).findByText('Wei Zhang')).toBeInTheDocument();
    expect(within(table).getByText('Reload kiosk 4')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/operator/storeCashLog')?.body).toEqual({ UID: 5, TOKEN: 'console-token', kid: 2102, level: 'log', startTime: today, endTime: today });
    await userEvent.click(screen.getByText('Reports'));
    await waitFor(() => expect(calls.some((c) => c.path === '/operator/storeCashLog' && c.body.level === 'report')).toBe(true));
    expect(calls.some((c) => !c.path.startsWith('/operator/'))).toBe(false);
  });
});
