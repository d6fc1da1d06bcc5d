import { screen } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { CustomerFormDialog } from '../features/customer/CustomerFormDialog';
import { fakeServer } from './fake-server';
import { renderRoutes } from './render';

const window_ = { left: null, total: 0 };

/** The sign-up form, open, at a store whose minimum age is 21 (its getDayLimit answered): the calls it made. */
export async function openSignUpForm() {
  document.cookie = 'uid=7; path=/';
  document.cookie = 'token=t; path=/';
  const calls = fakeServer({
    '/customer/getDayLimit': () => ({ status: 0, hourly: window_, daily: window_, weekly: window_, limit_day: 31, id_check: 0, min_age: 21 }),
    '/customer/create': () => ({ status: 0, id: 9 }),
  });
  await renderRoutes([{ path: '/', element: <CustomerFormDialog opened editing={null} onClose={() => {}} onCreated={() => {}} onUpdated={() => {}} /> }], '/');
  await screen.findByTestId('field-first_name', {}, { timeout: 8000 });
  await vi.waitFor(() => expect(calls.some((c) => c.path === '/customer/getDayLimit')).toBe(true));
  return calls;
}

/** A field's value in the form. */
export const fieldValue = (field: string) => (screen.getByTestId(`field-${field}`) as HTMLInputElement).value;
