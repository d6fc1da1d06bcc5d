import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConsoleSession } from '../../../auth/console-session';
import { i18n } from '../../../i18n/i18n';
import { fakeServer, type Body } from '../../../test/fake-server';
import { renderRoutes } from '../../../test/render';
import ConsoleAuditPage from './ConsoleAuditPage';

const routes = [{ path: '/operator/audit', element: <ConsoleAuditPage /> }];
const STORES = { status: 0, list: [1001, 2002].map((kid) => ({ kid, name: `Arcade ${kid}`, city: '', timezone: 'UTC', frozen: false, freeze_msg: '', distributor: null, open_shifts: 0, machines_connected: 0, machines_enrolled: 0, credit: 0, low_credit: false, days_left: null, today: { purchases: 0, redeems: 0, net: 0 }, last_activity: null })) };

const row = (id: number, over: object = {}) => ({ id, at: '2024-03-02T10:00:00.000Z', kid: 1001, who: 'north0001', role: 'distributor', kind: 'console.credit_give', target: 'Arcade 1001', before: null, after: { amount: 5 }, ...over });
/** Two pages: ids 30..21 (next 21), then 20..18 (no more). */
function trail(b: Body) {
  if (b.before_id === undefined) return { status: 0, list: Array.from({ length: 10 }, (_, i) => row(30 - i)), next: 21, limit: 50 };
  return { status: 0, list: [row(20), row(19), row(18)], next: null, limit: 50 };
}
const auditCalls = (calls: { path: string; body: Body }[], path = '/operator/audit') => calls.filter((c) => c.path === path).map((c) => c.body);
/** The instant a day of the browser's calendar starts. */
const localMidnight = (y: number, m: number, d: number) => new Date(y, m - 1, d).toISOString();

beforeEach(() => setConsoleSession({ uid: 7, token: 't', username: 'admin1', role: 'admin' }));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStorage.clear();
  await i18n.changeLanguage('en');
});

describe('the console audit trail', () => {
  it('filters by account, store, action and period, and asks for exactly those', async () => {
    const calls = fakeServer({ '/operator/audit': trail, '/operator/stores': () => STORES });
    await renderRoutes(routes, '/operator/audit');
    await screen.findAllByText('north0001');
    expect(auditCalls(calls)[0]).toMatchObject({ limit: 50 });
    expect(auditCalls(calls)[0]).not.toHaveProperty('kid');

    await userEvent.type(screen.getByTestId('audit-who'), ' south0002 ');
    await waitFor(() => expect(within(screen.getByTestId('audit-store')).getByText('Arcade 2002 (2002)')).toBeTruthy());
    await userEvent.selectOptions(screen.getByTestId('audit-store'), '2002');
    // The action select names actions in words: a group and a kind.
    expect(within(screen.getByTestId('audit-kind')).getByRole('option', { name: 'Credit given' })).toBeTruthy();
    await userEvent.selectOptions(screen.getByTestId('audit-kind'), 'console.credit_give');
    fireEvent.change(screen.getByTestId('audit-from'), { target: { value: '2024-03-01' } });
    fireEvent.change(screen.getByTestId('audit-to'), { target: { value: '2024-03-31' } });
    await userEvent.click(screen.getByTestId('audit-apply'));

    await waitFor(() => expect(auditCalls(calls)).toHaveLength(2));
    expect(auditCalls(calls)[1]).toEqual({ UID: 7, TOKEN: 't', who: 'south0002', kid: 2002, kind: 'console.credit_give', from: localMidnight(2024, 3, 1), to: localMidnight(2024, 4, 1), limit: 50 });

    // Clear empties every filter.
    await userEvent.click(screen.getByTestId('audit-clear'));
    await waitFor(() => expect(screen.getByTestId('audit-who')).toHaveProperty('value', ''));
  });

  it("refuses a period whose 'To' is before its 'From' before asking", async () => {
    const calls = fakeServer({ '/operator/audit': trail, '/operator/stores': () => STORES });
    await renderRoutes(routes, '/operator/audit');
    await screen.findAllByText('north0001');
    fireEvent.change(screen.getByTestId('audit-from'), { target: { value: '2024-03-10' } });
    fireEvent.change(screen.getByTestId('audit-to'), { target: { value: '2024-03-01' } });
    expect(await screen.findByText("'To' cannot be before 'From'")).toBeTruthy();
    expect(screen.getByTestId('audit-apply')).toHaveProperty('disabled', true);
    fireEvent.submit(screen.getByTestId('audit-filters'));
    expect(auditCalls(calls)).toHaveLength(1);
  });

  it('pages by the cursor: "Show older" asks before the last row and adds the older rows, then is gone', async () => {
    const calls = fakeServer({ '/operator/audit': trail, '/operator/stores': () => STORES });
    await renderRoutes(routes, '/operator/audit');
    await screen.findAllByText('north0001');
    const rows = () => screen.getByTestId('console-audit').querySelectorAll('tbody tr');
    expect(rows()).toHaveLength(10);
    expect(screen.getByTestId('audit-count').textContent).toBe('The newest 10 entries; older ones follow below');
    await userEvent.click(screen.getByTestId('audit-more'));
    await waitFor(() => expect(rows()).toHaveLength(13));
    expect(auditCalls(calls)[1]).toMatchObject({ before_id: 21, limit: 50 });
    expect(screen.queryByTestId('audit-more')).toBeNull();
    expect(screen.getByTestId('audit-count').textContent).toBe('13 entries');
  });

  it('exports the trail as filtered (no cursor), and says when the CSV was cut', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => (blobs.push(blob), 'blob:audit'));
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const calls = fakeServer({ '/operator/audit': trail, '/operator/stores': () => STORES, '/operator/auditExport': () => ({ status: 0, csv: 'time,store\r\n', rows: 10000, truncated: true }) });
    await renderRoutes(routes, '/operator/audit');
    await screen.findAllByText('north0001');
    await userEvent.selectOptions(screen.getByTestId('audit-kind'), 'console');
    await userEvent.click(screen.getByTestId('audit-apply'));
    await userEvent.click(screen.getByTestId('audit-export'));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(auditCalls(calls, '/operator/auditExport')).toEqual([{ UID: 7, TOKEN: 't', kind: 'console' }]);
    // The server's CSV behind a byte-order mark, so a spreadsheet reads it as UTF-8 (text() drops the mark).
    expect([...new Uint8Array(await blobs[0]!.arrayBuffer())].slice(0, 3)).toEqual([0xef, 0xbb, 0xbf]);
    expect(await blobs[0]!.text()).toBe('time,store\r\n');
    expect(screen.getByTestId('audit-truncated').textContent).toContain('10000');
  });

  it.each([
    ['en', ['Shift: 4', 'Balance: $120.50', 'Counted: $120.00'], 'Purchase cap per hour: $500.00 → $250.00', 'Host: a.example → (none)'],
    ['mx', ['Turno: 4', 'Saldo: $120.50', 'Contado: $120.00'], 'Tope de compras por hora: $500.00 → $250.00', 'Dominio: a.example → (ninguno)'],
    ['zh_Hans', ['班次：4', '余额：$120.50', '实点金额：$120.00'], '每小时购买上限：$500.00 → $250.00', '域名：a.example → （无）'],
  ])('in %s shows each change in words, money as money, never raw JSON or undefined', async (lang, close, quota, removed) => {
    await i18n.changeLanguage(lang);
    const list = [
      row(3, { kind: 'drawer.force_close', before: { shift_id: 4, account: 'cashier01' }, after: { balance: 120.5, counted: 120 } }),
      row(2, { kind: 'console.store_quota', before: { limit_hourly: 50000, max_drawers: 5 }, after: { limit_hourly: 25000, max_drawers: 5 } }),
      row(1, { kind: 'console.store_host_remove', before: { host: 'a.example' }, after: null }),
    ];
    fakeServer({ '/operator/audit': () => ({ status: 0, list, next: null, limit: 50 }), '/operator/stores': () => STORES });
    await renderRoutes(routes, '/operator/audit');
    await screen.findAllByText('north0001');
    const cells = screen.getAllByTestId('audit-change').map((c) => [...c.querySelectorAll('p')].map((p) => p.textContent));
    expect(cells[0]).toEqual(expect.arrayContaining(close));
    expect(cells[1]).toEqual([quota]);
    expect(cells[2]).toEqual([removed]);
    const text = screen.getByTestId('console-audit').textContent ?? '';
    expect(text).not.toMatch(/undefined|[{}"]/);
  });
});
