import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../../i18n/i18n';
import { customerFormRefusal } from './form-refusal';

const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o ?? {});
const date = (iso: string) => iso.slice(0, 10);

describe('why a registration or an edit of a customer was refused', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.loadNamespaces('customer');
    await i18n.changeLanguage('en');
  });

  const person = { status: 17, reason: 'protected', protection: 'exclusion', until: '2027-11-25T20:00:00.000Z', excluded: 'person' };

  it("tells the boss that the ID number is a self-excluded person's, or that an excluded customer keeps theirs, in each language", async () => {
    expect(customerFormRefusal(person, t, date)).toBe(
      'This ID number belongs to a self-excluded customer (until 2027-11-25). The person cannot be registered again, and no customer can take this ID number.',
    );
    expect(customerFormRefusal({ ...person, excluded: 'id_change', until: null }, t, date)).toBe(
      'This customer is self-excluded (permanently). Their ID number cannot be changed while the exclusion runs; the same number written another way is accepted.',
    );
    await i18n.changeLanguage('mx');
    expect(customerFormRefusal(person, t, date)).toMatch(/^Este número de identificación pertenece a un cliente autoexcluido \(hasta el 2027-11-25\)/);
    await i18n.changeLanguage('zh_Hans');
    expect(customerFormRefusal({ ...person, excluded: 'id_change' }, t, date)).toMatch(/^该客户已自我排除（至 2027-11-25）/);
    await i18n.changeLanguage('en');
  });

  it("says the birthday is required by the store's minimum age, or the customer is too young", () => {
    expect(customerFormRefusal({ status: 13, reason: 'birthday', min_age: 21, error: 'x' }, t, date)).toBe("The birthday is required: this store's minimum age is 21.");
    expect(customerFormRefusal({ status: 13, min_age: 18, error: 'x' }, t, date)).toBe("The customer must be at least 18 years old (this store's minimum age).");
  });

  it('leaves every other refusal to the status message', () => {
    expect(customerFormRefusal({ status: 17 }, t, date)).toBeNull();
    expect(customerFormRefusal({ status: 17, reason: 'protected', protection: 'cool_off' }, t, date)).toBeNull();
    expect(customerFormRefusal({ status: 13, error: 'invalid e-mail' }, t, date)).toBeNull();
  });
});
