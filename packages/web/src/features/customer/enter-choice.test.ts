// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { customerRecord, demoCustomers } from '../../test/customers';
import { enterChoice, isExactMatch } from './enter-choice';

const demo = demoCustomers;
const customer = (id: number, mobile_id: string, phone: string, first_name: string) => customerRecord({ id, mobile_id, phone, first_name });
const opened = (c: ReturnType<typeof enterChoice>) => (c.action === 'open' ? c.customer.first_name : c.action);

describe('which customer a fast Enter may open', () => {
  it('opens nobody on a phone prefix that five customers share: it shows them to choose from', () => {
    const choice = enterChoice(demo, 'any', '2175550');
    expect(choice).toEqual({ action: 'choose', list: demo });
    expect(enterChoice(demo, 'phone', '217-555-0')).toMatchObject({ action: 'choose' });
    expect(enterChoice(demo.slice(0, 2), 'name', 'a')).toMatchObject({ action: 'choose' });
  });

  it('opens the exact customer id, mobile id or whole phone, even among prefix matches', () => {
    expect(opened(enterChoice(demo, 'any', '3'))).toBe('Carmen');
    expect(opened(enterChoice(demo, 'any', ' 10010004 '))).toBe('David');
    expect(opened(enterChoice(demo, 'any', '2175550105'))).toBe('Eva');
    expect(opened(enterChoice(demo, 'phone', '(217) 555-0102'))).toBe('Bob');
    expect(opened(enterChoice(demo, 'id', '1'))).toBe('Alice');
    expect(opened(enterChoice(demo, 'mobile_id', '10010002'))).toBe('Bob');
  });

  it('opens the only match of any kind, and nobody when nothing matched', () => {
    expect(opened(enterChoice([demo[2]!], 'name', 'carm'))).toBe('Carmen');
    expect(opened(enterChoice([demo[4]!], 'any', '21755501'))).toBe('Eva');
    expect(enterChoice([], 'any', '999')).toEqual({ action: 'none' });
  });

  it('opens nobody when two different customers are exact (an id that is another one’s phone)', () => {
    const twins = [customer(42, '900000001', '2175559999', 'Id'), customer(7, '900000002', '42', 'Phone')];
    expect(enterChoice(twins, 'any', '42')).toMatchObject({ action: 'choose' });
    // Asked by type, only that kind is exact.
    expect(opened(enterChoice(twins, 'id', '42'))).toBe('Id');
    expect(opened(enterChoice(twins, 'phone', '42'))).toBe('Phone');
  });

  it('an exact match is by the search type and whole value, never a prefix or a name', () => {
    const alice = demo[0]!;
    expect(isExactMatch(alice, 'any', '217555010')).toBe(false);
    expect(isExactMatch(alice, 'name', '1')).toBe(false);
    expect(isExactMatch(alice, 'mobile_id', '1')).toBe(false);
    expect(isExactMatch(alice, 'id', '10010001')).toBe(false);
    expect(isExactMatch(alice, 'any', '10010001')).toBe(true);
    // A name search is not read as a phone by its digits.
    expect(isExactMatch(customer(9, '9', '12', 'X'), 'any', 'a12')).toBe(false);
  });
});
