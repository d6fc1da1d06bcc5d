import { describe, expect, it } from 'vitest';
import { ACTIVITY_KINDS } from '@moneybox/contract/audit-kinds';
import en from '../../locales/en/staff.json';
import { KIND_GROUPS, describeChange, kindKey } from './activity-labels';

describe('activity labels', () => {
  it('keys kinds without nesting and words a change as field: before → after', () => {
    expect(kindKey('login.failed')).toBe('kinds.login_failed');
    expect(describeChange({ phone: '1' }, { phone: '2' })).toBe('phone: 1 → 2');
    expect(describeChange(null, { type: 'cashier', account: 'abc123' })).toBe('type: cashier; account: abc123');
    expect(describeChange({ block: false }, { block: true })).toBe('block: false → true');
    expect(describeChange(null, { first_name: 'Ana', bank: '' })).toBe('first_name: Ana');
  });

  it('has a text for every kind and group (add one to locales/*/staff.json when a kind is added)', () => {
    const kinds = en.kinds as Record<string, string>;
    expect(ACTIVITY_KINDS.filter((k) => !kinds[kindKey(k).slice('kinds.'.length)])).toEqual([]);
    const groups = en.groups as Record<string, string>;
    const all = new Set(ACTIVITY_KINDS.map((k) => k.split('.')[0]!));
    expect([...all].filter((g) => !groups[g] || !(KIND_GROUPS as readonly string[]).includes(g))).toEqual([]);
  });
});
