import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DayCloseView } from '@moneybox/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { i18n } from '../../i18n/i18n';
import { renderRoutes } from '../../test/render';
import { PRINTER_KEY } from '../hardware/printer-settings';
import DayClosePage from './DayClosePage';
import { sealPayload } from './DaySeal';
import { zReportReceipt } from './z-report-receipt';

const report: DayCloseView['report'] = {
  day: '2026-01-15',
  store: 'Demo Arcade',
  timezone: 'America/Mexico_City',
  from: '2026-01-15T06:00:00.000Z',
  to: '2026-01-16T06:00:00.000Z',
  at: '2026-01-16T05:00:00.000Z',
  large_diff: 20,
  shifts: [{ shift_id: 4, moneybox: 1, cashier: 'cashier01', closed_by: 'cashier01', start: '2026-01-15T14:00:00.000Z', end: '2026-01-15T22:00:00.000Z', expected: 100, counted: 95, over_short: -5, count_detail: null, large: false }],
  collections: [{ collection_id: 7, kiosk_id: 3, kiosk: '901', time: '2026-01-15T20:00:00.000Z', collector: 'boss01', expected: 70, counted: 80, over_short: 10, count_detail: null, reason: '', large: false }],
  machines: [{ id: 2, name: 'Lucky 7', played: 50, won: 20, meters: { played: 5000, won: 2000, games: 40 }, ledger: { played: 5000, won: 1900, games: 40 }, metersMatch: false }],
  channels: [],
  gifts: { amount: 0, count: 0 },
  store_credit_used: 30,
  totals: { purchases: 100, redeems: 70, net: 30, special_comps: 0, reverts: 0, purchase_count: 2, redeem_count: 1, special_comps_count: 0, revert_count: 0, drawers_expected: 100, drawers_counted: 95, drawers_over_short: -5, kiosks_expected: 70, kiosks_counted: 80, kiosks_over_short: 10, large_differences: 0, machines_mismatched: 1 },
};

const view = (notes: DayCloseView['notes']): DayCloseView => ({ status: 0, closed: true, closed_at: '2026-01-16T05:00:00.000Z', closed_by: 'boss01', report, blocked: [], notes });

const notes: DayCloseView['notes'] = [
  { target: 'shift', target_id: 4, note: 'a $5 bill fell behind the drawer', by: 'boss01', at: '2026-01-16T05:10:00.000Z' },
  { target: 'collection', target_id: 7, note: 'yesterday’s jam', by: 'boss02', at: '2026-01-16T05:20:00.000Z' },
  { target: 'machine', target_id: 2, note: 'meter card replaced', by: 'boss01', at: '2026-01-16T05:30:00.000Z' },
];

async function renderPage(v: DayCloseView) {
  const client = createQueryClient();
  client.setQueryData(['/config/localtime', {}], { status: 0, diff: -360 });
  client.setQueryDefaults(['/config/localtime'], { staleTime: Infinity });
  client.setQueryData(['/dayClose/get', {}], v);
  client.setQueryDefaults(['/dayClose/get'], { staleTime: Infinity });
  return renderRoutes([{ path: '/', element: <DayClosePage /> }], '/', client);
}

/** Every printed line of a report body: its data-line and text. */
const lines = (el: HTMLElement) => [...el.querySelectorAll('[data-line]')].map((l) => `${l.getAttribute('data-line')}=${l.textContent}`);

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('the Z report prints the notes on its differences', () => {
  const cases = [
    { lang: 'en', heading: 'Notes on differences', shift: 'Shift #1 cashier01', kiosk: 'Kiosk 901', machine: 'Machine Lucky 7', by: 'by boss01, 2026-01-15 23:10:00: a $5 bill fell behind the drawer' },
    { lang: 'mx', heading: 'Notas sobre diferencias', shift: 'Turno #1 cashier01', kiosk: 'Quiosco 901', machine: 'Máquina Lucky 7', by: 'por boss01, 2026-01-15 23:10:00: a $5 bill fell behind the drawer' },
    { lang: 'zh_Hans', heading: '差异备注', shift: '班次 #1 cashier01', kiosk: '充值机 901', machine: '机台 Lucky 7', by: 'boss01 于 2026-01-15 23:10:00: a $5 bill fell behind the drawer' },
  ];
  for (const c of cases) {
    it(`beneath the report on the receipt and on A4, the report's lines as closed (${c.lang})`, async () => {
      await act(() => i18n.changeLanguage(c.lang));
      const bare = await renderPage(view([]));
      const receipt = async () => {
        fireEvent.click(await screen.findByTestId('z-receipt', {}, { timeout: 10_000 }));
        return within(await screen.findByTestId('z-receipt-dialog')).getByTestId('z-report-body');
      };
      const without = await receipt();
      expect(within(without).queryByTestId('z-notes')).toBeNull();
      const asClosed = lines(without);
      bare.unmount();

      await renderPage(view(notes));
      const body = await receipt();
      const printed = within(body).getByTestId('z-notes');
      expect(printed).toHaveTextContent(c.heading);
      // The notes come after the report's last line.
      expect(body.lastElementChild).toBe(printed);
      expect(lines(body).slice(0, asClosed.length)).toEqual(asClosed);
      const rows = [...printed.querySelectorAll('tr')];
      expect(rows.map((r) => r.querySelector('th')?.textContent)).toEqual([c.shift, c.kiosk, c.machine]);
      expect(rows[0]!.querySelector('td')).toHaveTextContent(c.by);
      expect(rows[1]!.querySelector('td')).toHaveTextContent('boss02');
      expect(rows[2]!.querySelector('td')).toHaveTextContent('meter card replaced');

      const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
      fireEvent.click(screen.getByTestId('z-a4'));
      const a4 = screen.getByTestId('z-a4-print');
      expect(within(a4).getByTestId('z-notes')).toHaveTextContent(c.heading);
      expect(within(a4).getByTestId('z-notes')).toHaveTextContent('yesterday’s jam');
      await waitFor(() => expect(print).toHaveBeenCalled());
      print.mockRestore();
    });
  }
});

describe("the Z report prints the day's ledger seal", () => {
  /** The receipt once it may be printed: the button waits for the seal's QR code (useSealQr). */
  const receipt = async () => {
    const button = await screen.findByTestId('z-receipt', {}, { timeout: 10_000 });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false), { timeout: 10_000 });
    fireEvent.click(button);
    return within(await screen.findByTestId('z-receipt-dialog')).getByTestId('z-report-body');
  };
  const seal = { text: 'mbx-day-seal v1\nstore 1001\nday 2026-01-15\nrows_sha256 ab12', signature: 'c2lnbmF0dXJl', public_key: 'MCowBQYDK2VwAyEAkey' };

  it('last, with the signed text, the signature, the key and a QR code of all three', async () => {
    await renderPage({ ...view([]), seal });
    const body = await receipt();
    const part = within(body).getByTestId('z-report-seal');
    expect(within(part).getByRole('heading', { name: 'Ledger seal' })).toBeTruthy();
    expect(lines(part)).toEqual([`seal-text=${seal.text}`, `seal-signature=Signature: ${seal.signature}`, `seal-key=Public key: ${seal.public_key}`]);
    // Drawn before the receipt could open, so the print and every reprint carry it.
    const qr = within(part).getByTestId('z-report-seal-qr');
    expect(qr.getAttribute('data-payload')).toBe(`${seal.text}\nsignature ${seal.signature}\npublic_key ${seal.public_key}`);
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(body.lastElementChild).toBe(part);
  });

  it('leaves the seal out of a day closed before seals', async () => {
    await renderPage({ ...view([]), seal: null });
    const body = await receipt();
    expect(within(body).queryByTestId('z-report-seal')).toBeNull();
  });
});

describe('the Z report on the counter receipt printer', () => {
  const seal = { text: 'mbx-day-seal v1\nstore 1001\nday 2026-01-15\nrows_sha256 ab12', signature: 'c2lnbmF0dXJl', public_key: 'MCowBQYDK2VwAyEAkey' };
  afterEach(() => {
    localStorage.removeItem(PRINTER_KEY);
    vi.unstubAllGlobals();
  });

  it('the same sections and figures as the dialog, the notes, the seal as text and its QR code; no pulse', () => {
    const t = i18n.getFixedT('en');
    const money = (u: number | null | undefined) => `$${(u ?? 0).toFixed(2)}`;
    const doc = zReportReceipt(report, { closedAt: '2026-01-16T05:00:00.000Z', closedBy: 'boss01', diff: -360, notes, seal, money, signed: (u) => `${(u ?? 0) < 0 ? '-' : '+'}${money(Math.abs(u ?? 0))}` }, t);
    const rows = doc.lines.map((l) => (l.type === 'pair' ? `${l.left}=${l.right}` : l.type === 'center' ? l.text : '--'));
    expect(rows.slice(0, 4)).toEqual(['Z Report', 'Demo Arcade · 2026-01-15', 'From 2026-01-15 00:00:00 to 2026-01-16 00:00:00', 'Closed 2026-01-15 23:00:00 by boss01']);
    expect(rows).toEqual(
      expect.arrayContaining(['Shifts', '#1 cashier01=-$5.00', '  Expected=$100.00', '  Counted=$95.00', 'Kiosk collections', '901=+$10.00', 'Machines', 'Lucky 7 !=Meters differ', 'By channel', 'None']),
    );
    expect(rows).toEqual(expect.arrayContaining(['Purchases=$100.00', 'Drawers over/short=-$5.00', 'Kiosks over/short=+$10.00', 'Differences above $20.00=1']));
    expect(rows).toEqual(expect.arrayContaining(['Shift #1 cashier01=', 'by boss01, 2026-01-15 23:10:00: a $5 bill fell behind the drawer', 'Machine Lucky 7=']));
    const sealAt = rows.indexOf('Ledger seal');
    expect(rows.slice(sealAt + 1)).toEqual([...seal.text.split('\n'), `Signature: ${seal.signature}`, `Public key: ${seal.public_key}`]);
    expect(doc.qr).toBe(sealPayload(seal));
    expect(doc.pulse).toBe(false);
  });

  it("with a network printer set up, the receipt dialog's Print posts the report to it, and says so when it does not answer", async () => {
    localStorage.setItem(PRINTER_KEY, JSON.stringify({ transport: 'network', width: 80, address: 'http://192.168.1.50', device: null }));
    const posted: string[] = [];
    let answer = true;
    const apiFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
      if (!String(url).startsWith('http://192.168.1.50')) return apiFetch(url, init);
      posted.push(String(init?.body));
      if (!answer) return Promise.reject(new TypeError('Failed to fetch'));
      return Promise.resolve(new Response('<response success="true" code="" status="251658262"/>', { status: 200 }));
    });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    print.mockClear();
    await renderPage({ ...view(notes), seal });
    const button = await screen.findByTestId('z-receipt', {}, { timeout: 10_000 });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false), { timeout: 10_000 });
    fireEvent.click(button);
    const dialog = await screen.findByTestId('z-receipt-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toContain('Z Report');
    expect(posted[0]).toContain('mbx-day-seal v1');
    expect(posted[0]).toMatch(/<symbol type="qrcode_model_2"[^>]*>mbx-day-seal v1/);
    expect(posted[0]).not.toContain('<pulse');
    expect(print).not.toHaveBeenCalled();
    answer = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(await within(dialog).findByTestId('z-receipt-printer-offline', {}, { timeout: 20_000 })).toHaveTextContent('The printer did not answer');
  });
});
