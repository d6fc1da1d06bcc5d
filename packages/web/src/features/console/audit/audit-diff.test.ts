// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { auditDiff, diffText, type DiffWords } from './audit-diff';

const LABELS: Record<string, string> = { shift_id: 'Shift', balance: 'Balance', counted: 'Counted', amount: 'Amount', frozen: 'Frozen', limit_hourly: 'Purchase cap per hour', host: 'Host', stores: 'Stores' };
const words: DiffWords = { label: (f) => LABELS[f] ?? f, money: (u) => `$${u.toFixed(2)}`, none: '(none)', yes: 'Yes', no: 'No' };
const text = (kind: string, before: unknown, after: unknown) => auditDiff(kind, before, after, words).map((l) => diffText(l));

describe('an audit row in words', () => {
  it("states a shift close's fields once, money as money, never 'undefined'", () => {
    const lines = text('drawer.force_close', { shift_id: 4, account: 'cashier01' }, { balance: 120.5, counted: 120 });
    expect(lines).toEqual(['Shift: 4', 'account: cashier01', 'Balance: $120.50', 'Counted: $120.00']);
    expect(lines.join(' ')).not.toMatch(/undefined|→/);
  });

  it('shows what changed, leaves out what did not and what is missing on both sides', () => {
    expect(text('console.store_freeze', { frozen: false, freeze_msg: '', note: undefined }, { frozen: true, freeze_msg: '', note: undefined })).toEqual(['Frozen: No → Yes']);
    expect(text('console.credit_give', { balance: 10, parent_balance: null }, { amount: 5, balance: 15, parent_balance: null, note: '' })).toEqual(['Balance: $10.00 → $15.00', 'Amount: $5.00']);
  });

  it("words a removed value as none, and a value set where there was none", () => {
    expect(text('console.store_host_remove', { host: 'a.example', layout: 2 }, null)).toEqual(['Host: a.example → (none)', 'layout: 2 → (none)']);
    expect(text('console.store_distributor', { distributor: 'north01' }, { distributor: null })).toEqual(['distributor: north01 → (none)']);
    expect(text('console.store_distributor', { distributor: null }, { distributor: 'north01' })).toEqual(['distributor: (none) → north01']);
  });

  it('reads amounts the operator steps keep in cents as money', () => {
    expect(text('console.store_quota', { limit_hourly: 50000 }, { limit_hourly: 25000 })).toEqual(['Purchase cap per hour: $500.00 → $250.00']);
    expect(text('store.update', { limit_hourly: 500 }, { limit_hourly: 250 })).toEqual(['Purchase cap per hour: $500.00 → $250.00']);
    // The cash log's thresholds set for a store (issue 40), kept in cents.
    expect(text('console.thresholds_set', { cash_log_cents: 0, cash_report_cents: 0 }, { cash_log_cents: 300000, cash_report_cents: 1000000 })).toEqual([
      'cash_log_cents: $0.00 → $3000.00',
      'cash_report_cents: $0.00 → $10000.00',
    ]);
  });

  it('spells out lists and nested records, an unknown field by its own name', () => {
    expect(text('operator.news_publish', null, { stores: [1001, 1002], files: [{ name: 'a.png', size: 12 }], kind: 'news' })).toEqual(['Stores: 1001, 1002', 'files: name: a.png, size: 12', 'kind: news']);
    expect(text('x.y', 'not an object', [1, 2])).toEqual([]);
  });
});
