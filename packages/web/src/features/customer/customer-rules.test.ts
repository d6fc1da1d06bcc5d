import { CUSTOMER_FIELD_MAX } from '@moneybox/contract/customer-fields';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../../i18n/i18n';
import { checkAmount, emptyProfile, isCustomerId, isEmail, validateProfile, type Problem } from './customer-rules';

const say = (p: Problem | undefined) => (p ? i18n.t(`customer:${p.key}`, p.values ?? {}) : undefined);

describe('amount rules', () => {
  it('refuses empty, malformed and below-minimum amounts, and parses the rest to cents', () => {
    expect(checkAmount('')).toEqual({ ok: false, problem: { key: 'errors.amountEmpty' } });
    expect(checkAmount('   ')).toEqual({ ok: false, problem: { key: 'errors.amountEmpty' } });
    for (const bad of ['abc', '-5', '1.005', '1e3', '1,5', '12.']) expect(checkAmount(bad), bad).toEqual({ ok: false, problem: { key: 'errors.amountFormat' } });
    expect(checkAmount('0.99')).toEqual({ ok: false, problem: { key: 'errors.amountMin', values: { min: '1.00' } } });
    expect(checkAmount('0')).toMatchObject({ ok: false });
    expect(checkAmount('1')).toEqual({ ok: true, cents: 100 });
    expect(checkAmount(' 12.5 ')).toEqual({ ok: true, cents: 1250 });
    expect(checkAmount('250.75')).toEqual({ ok: true, cents: 25075 });
    expect(checkAmount('4.99', 500)).toMatchObject({ ok: false, problem: { values: { min: '5.00' } } });
  });

  it('customer id must be a number', () => {
    expect(isCustomerId('42')).toBe(true);
    expect(isCustomerId(' 7 ')).toBe(true);
    for (const bad of ['', '0', 'abc', '4a', '-3', '1.5', '1234567890123456']) expect(isCustomerId(bad), bad).toBe(false);
  });
});

describe('profile rules', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.loadNamespaces('customer');
    await i18n.changeLanguage('en');
  });

  const valid = { ...emptyProfile, first_name: 'Ana', last_name: 'Ruiz', birthday: '1980-01-01' };

  it('requires first and last name and the birthday, accepts the rest empty', () => {
    expect(validateProfile(valid)).toEqual({});
    expect(validateProfile(emptyProfile)).toEqual({ first_name: { key: 'errors.required' }, last_name: { key: 'errors.required' }, birthday: { key: 'errors.required' } });
    expect(validateProfile({ ...valid, first_name: '   ' }).first_name).toEqual({ key: 'errors.required' });
  });

  it("says 'can not have more than N characters' with each field's maximum from the contract", () => {
    const long = (n: number) => 'x'.repeat(n + 1);
    const errors = validateProfile({ ...valid, first_name: long(CUSTOMER_FIELD_MAX.first_name), bank_account: long(CUSTOMER_FIELD_MAX.bank_account), drivers_license: long(30) });
    expect(say(errors.first_name)).toBe('can not have more than 50 characters');
    expect(say(errors.bank_account)).toBe('can not have more than 34 characters');
    expect(say(errors.drivers_license)).toBe('can not have more than 30 characters');
    expect(validateProfile({ ...valid, first_name: 'x'.repeat(50) })).toEqual({});
  });

  it('rejects an invalid e-mail', () => {
    for (const ok of ['ana@example.com', 'a.b+c@mail.example.mx']) expect(isEmail(ok), ok).toBe(true);
    for (const bad of ['ana', 'ana@', '@example.com', 'ana@example', 'a b@example.com', 'ana@@example.com', 'ana..b@example.com', 'ana.@example.com']) {
      expect(isEmail(bad), bad).toBe(false);
    }
    expect(say(validateProfile({ ...valid, mail: 'ana@' }).mail)).toBe('Invalid e-mail');
    expect(validateProfile({ ...valid, mail: '' }).mail).toBeUndefined();
  });

  it('checks phone characters and a real, past birthday', () => {
    expect(validateProfile({ ...valid, phone: '+1 (217) 555-0101' })).toEqual({});
    expect(validateProfile({ ...valid, phone: '555-CALL' }).phone).toEqual({ key: 'errors.phone' });
    expect(validateProfile({ ...valid, birthday: '1990-02-28' }, '2026-01-01')).toEqual({});
    for (const bad of ['1990-02-30', '2027-01-01', '1899-12-31', '01/02/1990']) expect(validateProfile({ ...valid, birthday: bad }, '2026-01-01').birthday, bad).toEqual({ key: 'errors.birthday' });    // Every store has a minimum age: the birthday is required.
    expect(validateProfile({ ...valid, birthday: '' }).birthday).toEqual({ key: 'errors.required' });
    expect(validateProfile({ ...valid, birthday: '  ' }).birthday).toEqual({ key: 'errors.required' });
  });

  it('has the max-length message in Spanish and Chinese too', async () => {
    await i18n.changeLanguage('mx');
    expect(say(validateProfile({ ...valid, phone: '1'.repeat(21) }).phone)).toBe('no puede tener más de 20 caracteres');
    await i18n.changeLanguage('zh_Hans');
    expect(say(validateProfile({ ...valid, phone: '1'.repeat(21) }).phone)).toBe('不能超过 20 个字符');
    await i18n.changeLanguage('en');
  });
});
