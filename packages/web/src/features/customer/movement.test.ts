import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../../i18n/i18n';
import { movementRefusal } from './movement';

const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o ?? {});
const ctx = { blocked: false, coinSign: '$' };

describe('refused movement messages', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.loadNamespaces('customer');
    await i18n.changeLanguage('en');
  });

  it("says 'purchase limit reached, contact your provider' for 35 with reason purchase_limit", async () => {
    expect(movementRefusal({ status: 35, reason: 'purchase_limit', limit: 'hourly', left: 0 }, t, 'Amount error', ctx)).toBe('Purchase limit reached, contact your provider');
    await i18n.changeLanguage('zh_Hans');
    expect(movementRefusal({ status: 35, reason: 'purchase_limit' }, t, '金额错误', ctx)).toBe('已达购买限额，请联系您的供应商');
    await i18n.changeLanguage('en');
  });

  it('names the minimum, what a revert may take back, a blocked customer and a short drawer', () => {
    expect(movementRefusal({ status: 35, min_amount: 1 }, t, 'Amount error', ctx)).toBe('Amount error: the minimum is $1.00');
    expect(movementRefusal({ status: 35, reason: 'over_revertable', revertable: 20 }, t, 'Amount error', ctx)).toContain('at most $20.00 can be reverted');
    expect(movementRefusal({ status: 35, reason: 'winnings' }, t, 'Amount error', ctx)).toBe("Amount error: the customer's winnings are not enough");
    expect(movementRefusal({ status: 17 }, t, 'Customer error', { ...ctx, blocked: true })).toBe('Customer error: this customer is blocked');
    expect(movementRefusal({ status: 17 }, t, 'Customer error', ctx)).toBe('Customer error');
    expect(movementRefusal({ status: 38 }, t, 'Drawer balance error', ctx)).toBe('Drawer balance not enough');
    expect(movementRefusal({ status: 25 }, t, 'Cannot purchase, customer playing', ctx)).toBe('Cannot purchase, customer playing');
  });
});
