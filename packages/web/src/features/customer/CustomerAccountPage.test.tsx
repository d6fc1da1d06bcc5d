import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOMER_ID_KEY } from '../../auth/session';
import { i18n } from '../../i18n/i18n';
import { customerRecord } from '../../test/customers';
import { fakeServer } from '../../test/fake-server';
import { renderRoutes } from '../../test/render';
import CustomerAccountPage from './CustomerAccountPage';
import { ageLockText } from './movement';

const window_ = { left: null, total: 0 };

/** The counter with customer 7 open at drawer 1, getDayLimit answering the customer's age as `age`. */
async function counterWith(age: { min_age: number; age_short: 'birthday' | 'under' | null }, limits: Record<string, unknown> = {}) {
  document.cookie = 'uid=7; path=/';
  document.cookie = 'token=t; path=/';
  document.cookie = 'moneybox=1; path=/';
  document.cookie = 'initAmount=true; path=/';
  sessionStorage.setItem(CUSTOMER_ID_KEY, '7');
  const customer = customerRecord({ id: 7, first_name: 'Ann', last_name: 'Young', birthday: '2008-01-01', entries: 5, winnings: 20 });
  fakeServer(
    {
      '/customer/info': () => ({ status: 0, customer, revertable: null }),
      '/customer/getDayLimit': () => ({ status: 0, hourly: window_, daily: window_, weekly: window_, limit_day: 31, id_check: 0, paid_today: 0, ...age, ...limits }),
      '/customer/blockState': () => ({ status: 0, id: 7, block: false }),
    },
    { status: 0, list: [], total: 0 },
  );
  await renderRoutes([{ path: '/', element: <CustomerAccountPage /> }], '/');
  return screen.findByTestId('customer-card', {}, { timeout: 8000 });
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the counter and the minimum age', () => {
  it("says on the card that the customer is under the store's minimum age and holds Purchase and Special comps, as for an excluded customer", async () => {
    const card = await counterWith({ min_age: 21, age_short: 'under' });
    const badge = await within(card).findByTestId('customer-age');
    expect(badge).toHaveTextContent('Under 21');
    // Red, as a refusal is: the warning stands out from the card's other badges before Purchase is tried.
    expect(badge.style.getPropertyValue('--badge-bg')).toContain('red');
    const why = "Customer error: the customer is younger than the store's minimum age of 21. Purchases and special comps are not allowed; redeem is.";
    expect(within(card).getByTestId('customer-underage')).toHaveTextContent(why);
    for (const k of ['purchase', 'comps']) {
      expect(within(card).getByTestId(`action-${k}`)).toBeDisabled();
      expect(within(card).getByTestId(`action-${k}`)).toHaveAttribute('title', why);
    }
    // Payouts stay allowed.
    expect(within(card).getByTestId('action-redeem')).toBeEnabled();
    expect(within(card).getByTestId('action-revert')).toBeEnabled();
  });

  it('says nothing of age for a customer old enough', async () => {
    const card = await counterWith({ min_age: 21, age_short: null });
    expect(await within(card).findByTestId('action-purchase')).toBeEnabled();
    expect(within(card).queryByTestId('customer-age')).toBeNull();
    expect(within(card).queryByTestId('customer-underage')).toBeNull();
  });

  it('says it in each language, a missing birthday too', async () => {
    await i18n.loadLanguages(['mx', 'zh_Hans']);
    await i18n.loadNamespaces('customer');
    const say = (lng: string, age_short: 'birthday' | 'under') => ageLockText({ min_age: 21, age_short }, i18n.getFixedT(lng));
    expect(say('mx', 'under')).toMatch(/^Error de cliente: el cliente es menor que la edad mínima de la tienda \(21 años\)/);
    expect(say('zh_Hans', 'under')).toMatch(/^客户错误：该客户未满本店的最低年龄 21 岁/);
    expect(say('en', 'birthday')).toMatch(/the store's minimum age is 21, so the customer's birthday is needed/);
    expect(ageLockText({ min_age: 21, age_short: null }, i18n.getFixedT('en'))).toBeNull();
  });
});

describe("the purchase dialog's limit left", () => {
  it("shows the least of the store's and the customer's own limits left, as the server reckons it", async () => {
    // The store allows $500.00 an hour, all of it left; the customer's own $100.00 an hour has $50.00 left.
    const store = { left: 500, total: 500 };
    const personal = { hourly: { left: 50, total: 100 }, daily: window_, weekly: window_, pending: null };
    const card = await counterWith({ min_age: 0, age_short: null }, { hourly: store, personal, purchase_left: 50 });
    await userEvent.click(await within(card).findByTestId('action-purchase'));
    const hint = await screen.findByTestId('money-hint', {}, { timeout: 8000 });
    expect(hint).toHaveTextContent('Purchase limit left: $50.00');
    expect(hint).not.toHaveTextContent('$500.00');
  });
});
