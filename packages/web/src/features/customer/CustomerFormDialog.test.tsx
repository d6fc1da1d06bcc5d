import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { fakeServer } from '../../test/fake-server';
import { renderRoutes } from '../../test/render';
import { CustomerFormDialog } from './CustomerFormDialog';

// jsdom has no scrollIntoView: the test's stand-in records what was brought into view.
const jsdomScroll = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
afterEach(() => {
  vi.unstubAllGlobals();
  if (jsdomScroll) Object.defineProperty(Element.prototype, 'scrollIntoView', jsdomScroll);
  else delete (Element.prototype as Partial<Element>).scrollIntoView;
});

/** A new customer's form filled and saved (signed in; the server's answer is the test's fakeServer). */
async function registerEzra() {
  document.cookie = 'uid=7; path=/';
  document.cookie = 'token=t; path=/';
  await renderRoutes([{ path: '/', element: <CustomerFormDialog opened editing={null} onClose={() => {}} onCreated={() => {}} onUpdated={() => {}} /> }], '/');
  await userEvent.type(await screen.findByTestId('field-first_name', {}, { timeout: 8000 }), 'Ezra');
  await userEvent.type(screen.getByTestId('field-last_name'), 'Again');
  await userEvent.type(screen.getByTestId('field-birthday'), '1979-03-03');
  await userEvent.selectOptions(screen.getByTestId('field-gender'), screen.getAllByRole('option')[1]!);
  await userEvent.click(screen.getByTestId('customer-form-save'));
}

describe('the customer form refused', () => {
  it('says why under the fields and brings the message into view whole with the buttons under it (on a phone the dialog scrolls), wrapping long words', async () => {
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    fakeServer({ '/customer/create': () => ({ status: 17, reason: 'protected', protection: 'exclusion', until: null, excluded: 'person', error: 'Customer error' }) });
    await registerEzra();
    const problem = await screen.findByTestId('customer-form-problem');
    expect(problem).toHaveTextContent('This ID number belongs to a self-excluded customer (permanently).');
    expect(scrolled).toContain(problem);
    // The buttons under it too, so the box does not end on the dialog's edge and Save is at hand.
    expect(scrolled.some((el) => el !== problem && el.contains(screen.getByTestId('customer-form-save')))).toBe(true);
    expect(getComputedStyle(problem.querySelector('.mantine-Alert-message')!).overflowWrap).toBe('anywhere');
  });
});

describe('the customer form refused with an input error', () => {
  it('says the catalogue\'s message in the user\'s language alone, never the server\'s English words', async () => {
    fakeServer({ '/customer/create': () => ({ status: 13, error: 'phone: Too big: expected string to have <=30 characters' }) });
    await i18n.changeLanguage('mx');
    try {
      await registerEzra();
      expect(await screen.findByTestId('customer-form-problem')).toHaveTextContent(/^Error de entrada$/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('the customer form and the store minimum age', () => {
  const window_ = { left: null, total: 0 };
  const fill = async (birthday: string) => {
    document.cookie = 'uid=7; path=/';
    document.cookie = 'token=t; path=/';
    const calls = fakeServer({
      '/customer/getDayLimit': () => ({ status: 0, hourly: window_, daily: window_, weekly: window_, limit_day: 31, id_check: 0, min_age: 21 }),
      '/customer/create': () => ({ status: 0, id: 9 }),
    });
    const created = vi.fn();
    await renderRoutes([{ path: '/', element: <CustomerFormDialog opened editing={null} onClose={() => {}} onCreated={created} onUpdated={() => {}} /> }], '/');
    await userEvent.type(await screen.findByTestId('field-first_name', {}, { timeout: 8000 }), 'Ann');
    await userEvent.type(screen.getByTestId('field-last_name'), 'Young');
    await userEvent.type(screen.getByTestId('field-birthday'), birthday);
    await userEvent.selectOptions(screen.getByTestId('field-gender'), screen.getAllByRole('option')[1]!);
    // The store's minimum is read when the dialog opens.
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/customer/getDayLimit')).toBe(true));
    await userEvent.click(screen.getByTestId('customer-form-save'));
    return { calls, created };
  };

  it('says at the birthday that a customer younger than the store minimum cannot be registered, without sending it', async () => {
    // Twenty on every day of this year: under 21.
    const { calls, created } = await fill(`${new Date().getUTCFullYear() - 20}-01-01`);
    expect(await screen.findByText('The customer must be at least 21 years old (this store\'s minimum age).')).toBeVisible();
    expect(calls.filter((c) => c.path === '/customer/create')).toEqual([]);
    expect(created).not.toHaveBeenCalled();
  });

  it('registers a customer of the minimum age', async () => {
    const { calls, created } = await fill(`${new Date().getUTCFullYear() - 22}-01-01`);
    await vi.waitFor(() => expect(created).toHaveBeenCalled());
    expect(calls.filter((c) => c.path === '/customer/create')).toHaveLength(1);
  });
});
