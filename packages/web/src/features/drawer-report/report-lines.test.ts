// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { balanceCents, reportLines } from './report-lines';
import { drawerReportReceipt } from './report-receipt';

const report = {
  moneybox: 2,
  account: 'cashier01',
  closedBy: 'cashier01',
  createTime: '2026-01-15T14:00:00.000Z',
  shiftTime: '2026-01-15T22:30:05.000Z',
  initial_amount: 100.1,
  fills: 50.2,
  bleeds: 20.3,
  purchases: 300.45,
  redeems: 80.05,
  comps: 0,
  special_comps: 12.5,
  counted: null,
  over_short: null,
};

describe('drawer report lines', () => {
  it('balance = initial + fills - bleeds + purchases - redeems, exact in cents', () => {
    expect(balanceCents(report)).toBe(10010 + 5020 - 2030 + 30045 - 8005);
  });

  it('lists the spec content in order, without count lines when no count was taken', () => {
    const lines = reportLines(report, { diffMinutes: -360, coinSign: '$' });
    expect(lines.map((l) => l.key)).toEqual(['drawerNumber', 'cashierAccount', 'shiftAccount', 'shiftStart', 'shiftEnd', 'initialAmount', 'fills', 'bleeds', 'totalPurchase', 'totalRedeem', 'balance', 'specialComps']);
    expect(lines.find((l) => l.key === 'balance')!.value).toBe('$350.40');
    expect(lines.find((l) => l.key === 'shiftEnd')!.value).toBe('2026-01-15 16:30:05');
  });

  it('adds counted and over/short when given, with the layout currency sign', () => {
    const lines = reportLines({ ...report, balance: 350.4, counted: 1350, over_short: -0.4 }, { diffMinutes: 0, coinSign: '₡', cashierAccount: 'boss01' });
    expect(lines.find((l) => l.key === 'counted')!.value).toBe('₡1,350.00');
    expect(lines.find((l) => l.key === 'overShort')!.value).toBe('-₡0.40');
    expect(lines.find((l) => l.key === 'cashierAccount')!.value).toBe('boss01');
  });
});

describe('X report and the count by denomination', () => {
  it('an X report prints when it was read instead of a shift end, and no balance when the server left it out (blind count)', () => {
    const x = { ...report, shiftTime: null, printedAt: '2026-01-15T20:00:00.000Z' };
    const lines = reportLines(x, { diffMinutes: 0, coinSign: '$' });
    expect(lines.map((l) => l.key)).toEqual(['drawerNumber', 'cashierAccount', 'shiftAccount', 'shiftStart', 'printedAt', 'initialAmount', 'fills', 'bleeds', 'totalPurchase', 'totalRedeem', 'specialComps']);
    expect(lines.find((l) => l.key === 'printedAt')!.value).toBe('2026-01-15 20:00:00');
    expect(reportLines({ ...x, balance: 350.4 }, { diffMinutes: 0, coinSign: '$' }).find((l) => l.key === 'balance')!.value).toBe('$350.40');
  });

  it('lists each counted denomination, largest first, with its subtotal', () => {
    const lines = reportLines({ ...report, counted: 147.25, over_short: 0, count_detail: { '0.25': 1, '100': 1, '20': 2, '5': 0, '7': 1 } }, { diffMinutes: 0, coinSign: '$' });
    const denominations = lines.filter((l) => l.text);
    expect(denominations.map((l) => [l.text, l.value])).toEqual([
      ['$100 × 1', '$100.00'],
      ['$20 × 2', '$40.00'],
      ['$7 × 1', '$7.00'],
      ['$0.25 × 1', '$0.25'],
    ]);
  });
});

describe('the drawer opened with No sale', () => {
  it('is the last line, zero included, when the report carries it', () => {
    expect(reportLines({ ...report, no_sales: 0 }, { diffMinutes: 0, coinSign: '$' }).at(-1)).toEqual({ key: 'noSales', value: '0' });
    const counted = reportLines({ ...report, counted: 350.4, over_short: 0, no_sales: 3 }, { diffMinutes: 0, coinSign: '$' });
    expect(counted.slice(-2).map((l) => [l.key, l.value])).toEqual([
      ['overShort', '$0.00'],
      ['noSales', '3'],
    ]);
    expect(reportLines(report, { diffMinutes: 0, coinSign: '$' }).some((l) => l.key === 'noSales')).toBe(false);
  });
});

describe('the drawer report on the counter printer', () => {
  const t = (key: string) => `<${key}>`;
  it('prints the same lines as the dialog, as label and value pairs, between its title and footer; no QR, never the drawer pulse', () => {
    const r = { ...report, counted: 350.4, over_short: 0, no_sales: 1, count_detail: { '20': 2 } };
    const ctx = { diffMinutes: 0, coinSign: '$' };
    const doc = drawerReportReceipt(r, ctx, t);
    expect(doc.qr).toBeNull();
    expect(doc.pulse).toBe(false);
    expect(doc.lines[0]).toEqual({ type: 'center', text: '<drawer-report:title>', bold: true, big: true });
    expect(doc.lines.at(-1)).toEqual({ type: 'center', text: '<drawer-report:footer>' });
    const pairs = doc.lines.filter((l) => l.type === 'pair');
    expect(pairs.map((l) => [l.left, l.right])).toEqual(reportLines(r, ctx).map((l) => [l.text ? `  ${l.text}` : `<drawer-report:${l.label ?? l.key}>`, l.value]));
    expect(pairs.find((l) => l.left === '<drawer-report:balance>' || l.left === '<drawer-report:expected>')).toMatchObject({ bold: true });
  });

  it('an X report says it is one, and that the shift is still open', () => {
    const doc = drawerReportReceipt({ ...report, shiftTime: null, printedAt: '2026-01-15T20:00:00.000Z' }, { diffMinutes: 0, coinSign: '$' }, t);
    expect(doc.lines.slice(0, 2)).toEqual([
      { type: 'center', text: '<drawer-report:xTitle>', bold: true, big: true },
      { type: 'center', text: '<drawer-report:xNote>' },
    ]);
  });
});
