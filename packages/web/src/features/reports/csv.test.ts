// @vitest-environment node
import type { DailyRow, ShiftLogRow, TransactionRow } from '@moneybox/contract';
import { describe, expect, it } from 'vitest';
import { BOM, buildCsv } from './csv';
import { dailyColumns, netByDay } from './daily-columns';
import { moneyColumn, textColumn, type ReportColumn } from './report-columns';
import { shiftColumns } from './shift-columns';
import { transactionColumns } from './transaction-columns';

/** Texts as keys, options appended, so tests see which text and values a column asked for. */
const t = (key: string, o?: Record<string, unknown>) => (o && Object.keys(o).some((k) => k !== 'defaultValue') ? `${key}${JSON.stringify(Object.fromEntries(Object.entries(o).filter(([k]) => k !== 'defaultValue')))}` : key);

const row = (over: Partial<TransactionRow>): TransactionRow => ({
  id: 1,
  time: '2026-03-08T15:00:00.000Z',
  store_time: '2026-03-08 09:00:00',
  fun_name: 'purchase',
  station: 'pos',
  drawer: 2,
  machine: null,
  shift_id: 5,
  account: 'cashier01',
  customer_id: 7,
  mobile_id: '123456789',
  customer_name: 'Ann 李',
  amount: 60,
  drawer_change: 60,
  reverts_id: null,
  reverted_by: null,
  note: '',
  ...over,
});

const lines = (csv: string) => csv.slice(1).split('\r\n');

describe('report CSV', () => {
  it('starts with the UTF-8 BOM, ends lines with CRLF, and writes amounts plain with two decimals', () => {
    const csv = buildCsv(transactionColumns(t, '$'), [row({ amount: 1234.5 }), row({ id: 2, amount: 0.1 + 0.2, fun_name: 'revert', reverts_id: 1 })]);
    expect(csv.startsWith(BOM)).toBe(true);
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv.endsWith('\r\n')).toBe(true);
    const [header, first, second] = lines(csv);
    expect(header).toBe(['id', 'time', 'type', 'station', 'staff', 'customerId', 'mobileId', 'name', 'amount', 'revert'].map((c) => `reports:col.${c}`).join(','));
    expect(first).toBe('1,2026-03-08 09:00:00,reports:kinds.purchase,"reports:stations.pos{""n"":2}",cashier01,7,123456789,Ann 李,1234.50,');
    // A cell with a quote or comma is quoted (RFC 4180); the revert link is its text.
    expect(second).toBe('2,2026-03-08 09:00:00,reports:kinds.revert,"reports:stations.pos{""n"":2}",cashier01,7,123456789,Ann 李,0.30,"reports:revertOf{""id"":1}"');
  });

  it('keeps the same columns as the screen, without its action buttons, and ends with the totals row', () => {
    type R = { name: string; amount: number };
    const cols: ReportColumn<R>[] = [
      { id: 'act', header: '', screenOnly: true, text: () => 'Reprint' },
      textColumn<R>('name', 'Name', (r) => r.name, 'Total'),
      moneyColumn<R>('amount', 'Amount', (r) => r.amount, '$', 12.5),
    ];
    expect(buildCsv(cols, [{ name: 'a, b', amount: 12.5 }])).toBe(`${BOM}Name,Amount\r\n"a, b",12.50\r\nTotal,12.50\r\n`);
  });

  it('guards text cells a spreadsheet would run as a formula, never the amounts', () => {
    type R = { name: string; amount: number };
    const cols = [textColumn<R>('name', 'Name', (r) => r.name), moneyColumn<R>('amount', 'Amount', (r) => r.amount, '$')];
    expect(lines(buildCsv(cols, [{ name: '=HYPERLINK("x")', amount: -3 }]))[1]).toBe(`"'=HYPERLINK(""x"")",-3.00`);
    expect(lines(buildCsv(cols, [{ name: '@SUM', amount: 0 }]))[1]).toBe("'@SUM,0.00");
    expect(lines(buildCsv(cols, [{ name: '\t=1+1', amount: -12.5 }]))[1]).toBe("'\t=1+1,-12.50");
  });

  it('guards headers, totals labels and cells a column writes for the CSV alone, with the one guard of the contract', () => {
    type R = { name: string };
    const cols: ReportColumn<R>[] = [
      textColumn<R>('name', '=HEAD()', (r) => r.name, '@TOTAL'),
      { id: 'note', header: 'Note', text: () => 'shown', csv: (r) => `-2+3+${r.name}` },
    ];
    const [header, row, total] = lines(buildCsv(cols, [{ name: "cmd|' /C calc'!A0" }]));
    expect(header).toBe("'=HEAD(),Note");
    expect(row).toBe(`cmd|' /C calc'!A0,'-2+3+cmd|' /C calc'!A0`);
    expect(total).toBe("'@TOTAL,");
  });

  it('shift report: open shifts, uncounted shifts and the totals row', () => {
    const shift: ShiftLogRow = {
      shift_id: 9, moneybox: 1, account: 'cashier01', closedBy: null, createTime: '2026-03-08T14:00:00.000Z', shiftTime: null,
      initial_amount: 100, fills: 20, bleeds: 5, purchases: 40, redeems: 7, comps: 3, special_comps: 3, balance: 148, counted: null, over_short: null,
      open: true, store_start: '2026-03-08 08:00:00', store_end: null,
    };
    // No total of counts: the one shift is not counted (the server leaves out a total some row lacks).
    const totals = { shifts: 1, initial_amount: 100, fills: 20, bleeds: 5, purchases: 40, redeems: 7, comps: 3, special_comps: 3, balance: 148 };
    const [, first, total] = lines(buildCsv(shiftColumns(t, '$', totals), [shift]));
    expect(first).toBe('1,cashier01,2026-03-08 08:00:00,reports:open,100.00,20.00,5.00,40.00,7.00,3.00,3.00,148.00,,,');
    expect(total).toBe('"reports:totalShifts{""count"":1}",,,,100.00,20.00,5.00,40.00,7.00,3.00,3.00,148.00,,,');
    const closed = { ...shift, open: false, shiftTime: '2026-03-08T20:00:00.000Z', store_end: '2026-03-08 14:00:00', counted: 150, over_short: 2, closedBy: 'boss01' };
    expect(lines(buildCsv(shiftColumns(t, '$', null), [closed]))[1]).toBe('1,cashier01,2026-03-08 08:00:00,2026-03-08 14:00:00,100.00,20.00,5.00,40.00,7.00,3.00,3.00,148.00,150.00,2.00,boss01');
  });

  it('daily report: a row per day and channel, and the chart data of net per day', () => {
    const fig = { purchases: 0, redeems: 0, net: 0, special_comps: 0, reverts: 0, purchase_count: 0, redeem_count: 0, special_comps_count: 0, revert_count: 0 };
    const rows: DailyRow[] = [
      { ...fig, day: '2026-03-08', channel: 'pos', purchases: 90.5, purchase_count: 2, net: 80.5, redeems: 10, redeem_count: 1 },
      { ...fig, day: '2026-03-08', channel: 'online', purchases: 12, purchase_count: 1, net: 12 },
      { ...fig, day: '2026-03-09', channel: 'pos', net: -4, redeems: 4, redeem_count: 1 },
    ];
    const csv = lines(buildCsv(dailyColumns(t, '$', { ...fig, purchases: 102.5, net: 88.5 }), rows));
    expect(csv[1]).toBe('2026-03-08,reports:channels.pos,90.50,2,10.00,1,80.50,0.00,0,0.00,0');
    expect(csv[3]).toBe('2026-03-09,reports:channels.pos,0.00,0,4.00,1,-4.00,0.00,0,0.00,0');
    expect(csv[4]!.startsWith('reports:total,,102.50,')).toBe(true);
    expect(netByDay(rows, ['pos', 'online'])).toEqual([
      { day: '2026-03-08', pos: 80.5, online: 12 },
      { day: '2026-03-09', pos: -4 },
    ]);
    expect(netByDay(rows, ['online'])).toEqual([{ day: '2026-03-08', online: 12 }]);
  });
});
