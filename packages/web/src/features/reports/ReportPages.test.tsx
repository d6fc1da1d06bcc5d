import type { ShiftLogRow, TransactionRow } from '@moneybox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer as fakeApi, type Body } from '../../test/fake-server';
import { renderRoutes } from '../../test/render';
import { i18n } from '../../i18n/i18n';
import CashLogPage from './CashLogPage';
import LargePayoutsPage, { largePayoutColumns } from './LargePayoutsPage';
import ShiftReportsPage from './ShiftReportsPage';
import TransactionReportsPage from './TransactionReportsPage';


// mantine-datatable shows a column while its media query matches; a column without one asks for ''
// (always true in a browser; the shared jsdom stub answers false to everything).
const stubMatchMedia = window.matchMedia;
window.matchMedia = (query: string) => ({ ...stubMatchMedia(query), matches: query === '' });
Element.prototype.scrollTo ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

/** The server as the page sees it: each /API path answers from `replies`; every call is recorded. */
function fakeServer(replies: Record<string, (body: Body) => object>) {
  return fakeApi(replies, { status: 0, diff: -360, hourly: { left: null, total: 0 }, daily: { left: null, total: 0 }, weekly: { left: null, total: 0 }, limit_day: 31 });
}

/** Captures the CSV handed to the browser as a download. */
function captureDownloads() {
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((b: Blob) => {
    blobs.push(b);
    return 'blob:report';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  return blobs;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const period = { from: '2026-03-01T06:00:00.000Z', to: '2026-03-09T05:00:00.000Z', first_day: '2026-03-01', last_day: '2026-03-08', days: 8, timezone: 'America/Chicago', limit_day: 31 };

/** 450 movements, newest first (id 450 down to 1); purchase 439 was reverted by 440. */
const ALL: TransactionRow[] = Array.from({ length: 450 }, (_, i) => {
  const id = 450 - i;
  return {
    id, time: '2026-03-08T15:00:00.000Z', store_time: '2026-03-08 09:00:00', fun_name: id === 440 ? 'revert' : 'purchase', station: 'pos', drawer: 1, machine: null, shift_id: 1,
    account: 'cashier01', customer_id: 7, mobile_id: '123456789', customer_name: 'Ann 李', amount: id + 0.5, drawer_change: id, reverts_id: id === 440 ? 439 : null, reverted_by: id === 439 ? 440 : null, note: '',
  };
});

/** The transaction call: offset paging, or after the cursor (the last id of the page before). */
function transactions(b: Body) {
  const limit = Number(b.limit);
  const cursor = typeof b.cursor === 'string' ? Number(b.cursor.slice(1)) : null;
  const start = cursor !== null ? ALL.findIndex((r) => r.id < cursor) : (Number(b.page) - 1) * limit;
  const list = ALL.slice(start, start + limit);
  const last = list.at(-1);
  return { status: 0, list, total: ALL.length, page: b.page, limit, cursor: start + limit < ALL.length && last ? `c${last.id}` : null, period };
}

describe('Transaction report page', () => {
  it("checks 'To date' against 'From date' in the form, without a call", async () => {
    const calls = fakeServer({ '/drawer/transaction': transactions });
    await renderRoutes([{ path: '/', element: <TransactionReportsPage /> }], '/');
    const table = await screen.findByTestId('transaction-table', {}, { timeout: 5000 });
    await within(table).findByText('$450.50');
    const before = calls.filter((c) => c.path === '/drawer/transaction').length;
    await userEvent.clear(screen.getByTestId('period-to'));
    await userEvent.type(screen.getByTestId('period-to'), '2020-01-01');
    await userEvent.click(screen.getByTestId('period-show'));
    expect(await screen.findByText("'To date' must be later than 'From date'")).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/drawer/transaction').length).toBe(before);
  });

  it('pages with the reply’s cursor and links a reverted purchase to its revert', async () => {
    const calls = fakeServer({ '/drawer/transaction': transactions });
    await renderRoutes([{ path: '/', element: <TransactionReportsPage /> }], '/');
    const table = await screen.findByTestId('transaction-table', {}, { timeout: 5000 });
    await within(table).findByText('$450.50');
    expect(within(table).getByText('1–20 of 450')).toBeInTheDocument();
    // The reverted purchase links to its revert: the link shows that row.
    await userEvent.click(within(table).getByTestId('revert-link-439'));
    expect(document.activeElement).toHaveAttribute('data-row', '440');
    expect(within(table).getByTestId('revert-link-440')).toHaveTextContent('Reverts #439');
    await userEvent.click(within(table).getByRole('button', { name: '2' }));
    await within(table).findByText('$430.50');
    expect(calls.filter((c) => c.path === '/drawer/transaction').at(-1)!.body).toMatchObject({ page: 2, limit: 20, cursor: 'c431' });
  });

  it('downloads every row of the period as CSV (all pages, by cursor), not only the page shown', async () => {
    const calls = fakeServer({ '/drawer/transaction': transactions });
    const blobs = captureDownloads();
    await renderRoutes([{ path: '/', element: <TransactionReportsPage /> }], '/');
    await within(await screen.findByTestId('transaction-table', {}, { timeout: 5000 })).findByText('$450.50');
    await userEvent.click(screen.getByTestId('report-csv'));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const text = await blobs[0]!.text();
    const lines = text.replace(/^\ufeff/, '').trimEnd().split('\r\n');
    expect(lines).toHaveLength(451);
    expect(lines[1]).toBe('450,2026-03-08 09:00:00,Purchase,Drawer 1,cashier01,7,123456789,Ann 李,450.50,');
    expect(lines.at(-1)).toBe('1,2026-03-08 09:00:00,Purchase,Drawer 1,cashier01,7,123456789,Ann 李,1.50,');
    expect(lines).toContain('439,2026-03-08 09:00:00,Purchase,Drawer 1,cashier01,7,123456789,Ann 李,439.50,Reverted by #440');
    expect(lines).toContain('440,2026-03-08 09:00:00,Revert purchase,Drawer 1,cashier01,7,123456789,Ann 李,440.50,Reverts #439');
    const pages = calls.filter((c) => c.path === '/drawer/transaction' && c.body.limit === 200).map((c) => [c.body.page, c.body.cursor]);
    expect(pages).toEqual([[1, undefined], [2, 'c251'], [3, 'c51']]);
  });

  it('renders the page shown for the A4 print, without the form', async () => {
    fakeServer({ '/drawer/transaction': transactions });
    await renderRoutes([{ path: '/', element: <TransactionReportsPage /> }], '/');
    await within(await screen.findByTestId('transaction-table', {}, { timeout: 5000 })).findByText('$450.50');
    const print = document.querySelector<HTMLElement>('.mbx-print-root.mbx-print-a4')!;
    expect(print.parentElement).toBe(document.body);
    expect(print.querySelectorAll('tbody tr')).toHaveLength(20);
    expect(print).toHaveTextContent('Rows 1–20 of 450');
    expect(print.querySelector('input, button')).toBeNull();
  });
});

const shiftRow = (over: Partial<ShiftLogRow>): ShiftLogRow => ({
  shift_id: 1, moneybox: 1, account: 'cashier01', closedBy: null, createTime: '2026-03-08T14:00:00.000Z', shiftTime: '2026-03-08T20:00:00.000Z',
  initial_amount: 100, fills: 20, bleeds: 5, purchases: 40, redeems: 7, comps: 3, special_comps: 3, balance: 148, counted: 150, over_short: 2,
  open: false, store_start: '2026-03-08 08:00:00', store_end: '2026-03-08 14:00:00', ...over,
});

describe('Shift report page', () => {
  it('lists shifts with a totals row; only closed ones reprint, as the 300px receipt alone', async () => {
    const list = [shiftRow({}), shiftRow({ shift_id: 2, moneybox: 2, open: true, shiftTime: null, store_end: null, counted: null, over_short: null })];
    const calls = fakeServer({
      '/drawer/shiftLog': () => ({ status: 0, list, totals: { shifts: 2, initial_amount: 200, fills: 40, bleeds: 10, purchases: 80, redeems: 14, comps: 6, special_comps: 6, balance: 296 }, period }),
      '/drawer/shiftReport': () => ({ status: 0, ...shiftRow({}), count_detail: null }),
    });
    await renderRoutes([{ path: '/', element: <ShiftReportsPage /> }], '/');
    const table = await screen.findByTestId('shift-table', {}, { timeout: 5000 });
    await within(table).findByText('Total (2 shifts)');
    expect(within(table).getByText('Open')).toBeInTheDocument();
    expect(within(table).getByText('$296.00')).toBeInTheDocument();
    expect(screen.queryByTestId('reprint-2')).toBeNull();
    expect(document.querySelector('.mbx-print-a4')).toHaveTextContent('Total (2 shifts)');
    // The open shift has no count yet: no total of counts passes for the two shifts' (the server sends none).
    expect(footer(table, 'Counted')).toBe('-');
    expect(footer(table, 'Over/short')).toBe('-');

    await userEvent.click(screen.getByTestId('reprint-1'));
    await screen.findByTestId('drawer-report-print');
    expect(calls.find((c) => c.path === '/drawer/shiftReport')!.body).toMatchObject({ shift_id: 1 });
    // While the receipt is open, it is the only print copy.
    expect(document.querySelector('.mbx-print-a4')).toBeNull();
  });

  it("under blind count, totals the cashier's hidden figures as '-', never as $0.00", async () => {
    // The server's reply to a cashier whose one shift is open: its figures and every total over them left out.
    const hidden = { shift_id: 3, moneybox: 2, account: 'cashier01', closedBy: null, createTime: '2026-03-08T14:00:00.000Z', shiftTime: null, counted: null, over_short: null, open: true, store_start: '2026-03-08 08:00:00', store_end: null };
    const blobs = captureDownloads();
    fakeServer({ '/drawer/shiftLog': () => ({ status: 0, list: [hidden], totals: { shifts: 1 }, period }) });
    await renderRoutes([{ path: '/', element: <ShiftReportsPage /> }], '/');
    const table = await screen.findByTestId('shift-table', {}, { timeout: 5000 });
    await within(table).findByText('Total (1 shift)');
    for (const column of ['Initial amount', 'Fills', 'Bleeds', 'Purchases', 'Redeems', 'Comps', 'Special comps', 'Balance', 'Counted', 'Over/short']) expect(footer(table, column), column).toBe('-');
    expect(table).not.toHaveTextContent('$0.00');
    expect(document.querySelector('.mbx-print-a4')).not.toHaveTextContent('$0.00');
    await userEvent.click(screen.getByTestId('report-csv'));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect((await blobs[0]!.text()).trim().split('\n').at(-1)).toBe('Total (1 shift),,,,,,,,,,,,,,');
  });
});

/** The totals row's cell under the column headed `header`. */
function footer(table: HTMLElement, header: string): string {
  const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim());
  const at = headers.indexOf(header);
  if (at < 0) throw new Error(`no column ${header} in ${headers.join(', ')}`);
  return table.querySelectorAll('tfoot th, tfoot td')[at]!.textContent!.trim();
}

describe('Report period errors', () => {
  it('shows a 39 once, in place (no message box), and clears it when the period is changed or fixed', async () => {
    const totals = { shifts: 0, initial_amount: 0, fills: 0, bleeds: 0, purchases: 0, redeems: 0, comps: 0, special_comps: 0, balance: 0, counted: null, over_short: null };
    fakeServer({
      '/drawer/shiftLog': (b) => (String(b.startTime) < '2026-01-01' ? { status: 39, limit_day: 31, error: 'Improper time period' } : { status: 0, list: [], totals, period }),
    });
    await renderRoutes([{ path: '/', element: <ShiftReportsPage /> }], '/');
    await screen.findByTestId('shift-table', {}, { timeout: 5000 });
    const from = screen.getByTestId('period-from');
    const to = screen.getByTestId('period-to');
    await userEvent.clear(from);
    await userEvent.type(from, '2025-10-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-03-08');
    await userEvent.click(screen.getByTestId('period-show'));
    await screen.findByText('Improper time period: 31 days');
    // One message: inline, no message box beside it.
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.getAllByText('Improper time period: 31 days')).toHaveLength(1);
    expect(screen.queryByTestId('message-box-text')).toBeNull();

    // A new problem replaces the old message rather than standing beside it.
    await userEvent.clear(to);
    await userEvent.type(to, '2025-09-01');
    expect(screen.queryByText('Improper time period: 31 days')).toBeNull();
    await userEvent.click(screen.getByTestId('period-show'));
    expect(await screen.findByText("'To date' must be later than 'From date'")).toBeInTheDocument();
    expect(screen.queryByText('Improper time period: 31 days')).toBeNull();

    // Fixed: no message at all.
    await userEvent.clear(from);
    await userEvent.type(from, '2026-03-01');
    await userEvent.clear(to);
    await userEvent.type(to, '2026-03-08');
    await userEvent.click(screen.getByTestId('period-show'));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.queryByText("'To date' must be later than 'From date'")).toBeNull();
  });
});

describe('An empty report', () => {
  it('shows its empty state alone, without a totals row of zeros over it', async () => {
    const calls = fakeServer({ '/drawer/largePayouts': () => ({ status: 0, list: [], total: 0, count: 0, period }) });
    await renderRoutes([{ path: '/', element: <LargePayoutsPage /> }], '/');
    const table = await screen.findByTestId('large-payouts-table', {}, { timeout: 5000 });
    await waitFor(() => expect(calls.some((c) => c.path === '/drawer/largePayouts')).toBe(true));
    await within(table).findByText('No records in this period');
    await new Promise((r) => setTimeout(r, 300));
    expect(within(table).queryByText(/^Total \(/)).toBeNull();
  });
});

describe('Large payouts totals', () => {
  const payout = (id: number) => ({
    movement_id: id, time: '2026-03-08T15:00:00.000Z', store_time: '2026-03-08 09:00:00', drawer: 1, account: 'cashier01', customer_id: 7, mobile_id: '123456789',
    customer_name: 'Ann 李', id_type: 'dl', id_number: 'D123', amount: 600, day_total: 600 * id,
  });

  it('counts one payout in the singular in its totals row', async () => {
    fakeServer({ '/drawer/largePayouts': () => ({ status: 0, list: [payout(1)], total: 600, count: 1, period }) });
    await renderRoutes([{ path: '/', element: <LargePayoutsPage /> }], '/');
    const table = await screen.findByTestId('large-payouts-table', {}, { timeout: 5000 });
    expect(await within(table).findByText('Total (1 payout)')).toBeInTheDocument();
  });

  it('says one and many in each language', async () => {
    await i18n.loadLanguages(['mx', 'zh_Hans']);
    await i18n.loadNamespaces('reports');
    const label = (lng: string, count: number) => {
      const t = i18n.getFixedT(lng);
      return largePayoutColumns((k, o) => t(k, o), '$', { total: 0, count })[0]!.total?.text;
    };
    expect([label('en', 1), label('en', 3)]).toEqual(['Total (1 payout)', 'Total (3 payouts)']);
    expect([label('mx', 1), label('mx', 3)]).toEqual(['Total (1 pago)', 'Total (3 pagos)']);
    // Chinese has one form: 1 and 3 read alike, from the one `_other` text.
    expect([label('zh_Hans', 1), label('zh_Hans', 3)]).toEqual(['合计（1 笔兑奖）', '合计（3 笔兑奖）']);
  });
});

describe('Cash log', () => {
  const entry = {
    id: 1, day: '2026-03-08', direction: 'in', level: 'log', threshold: 3000, movement_id: 41, time: '2026-03-08T15:00:00.000Z', store_time: '2026-03-08 09:00:00',
    channel: 'pos', account: 'cashier01', machine: null, amount: 1000, day_total: 3200, movements: 1, last_time: '2026-03-08T15:00:00.000Z', customer_id: 7, mobile_id: '123456789',
    identity: { first_name: 'Ann', last_name: 'Lee', birthday: '1980-02-03', drivers_license: 'D123', address: '=HYPERLINK("http://x")' },
  };

  it('lists the day log, switches to the reports, and writes a CSV whose formula cells are guarded', async () => {
    const blobs = captureDownloads();
    const calls = fakeServer({ '/drawer/cashLog': (b) => ({ status: 0, list: b.level === 'log' ? [entry] : [], thresholds: { log: 3000, report: 10000 }, period }) });
    await renderRoutes([{ path: '/', element: <CashLogPage /> }], '/');
    const table = await screen.findByTestId('cash-log-table', {}, { timeout: 5000 });
    expect(await within(table).findByText('Ann Lee')).toBeInTheDocument();
    expect(screen.getByTestId('cash-log-thresholds')).toHaveTextContent('reaches $3,000.00; a report above $10,000.00');
    await userEvent.click(screen.getByTestId('report-csv'));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const csv = await blobs[0]!.text();
    expect(csv).toContain('Cash in');
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    await userEvent.click(screen.getByText('Reports'));
    await waitFor(() => expect(calls.some((c) => c.path === '/drawer/cashLog' && c.body.level === 'report')).toBe(true));
    await within(table).findByText('No records in this period');
  });
});
