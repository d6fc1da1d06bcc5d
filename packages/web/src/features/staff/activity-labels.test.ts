import { describe, expect, it } from 'vitest';
import { describeChange, kindKey } from './activity-labels';

describe('activity labels', () => {
  it('keys kinds without nesting and words a change as field: before → after', () => {
    expect(kindKey('login.failed')).toBe('kinds.login_failed');
    expect(describeChange({ phone: '1' }, { phone: '2' })).toBe('phone: 1 → 2');
    expect(describeChange(null, { type: 'cashier', account: 'abc123' })).toBe('type: cashier; account: abc123');
    expect(describeChange({ block: false }, { block: true })).toBe('block: false → true');
    expect(describeChange(null, { first_name: 'Ana', bank: '' })).toBe('first_name: Ana');
  });
});
