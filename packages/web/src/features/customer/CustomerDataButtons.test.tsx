import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { fakeServer } from '../../test/fake-server';
import { renderRoutes } from '../../test/render';
import { CustomerEraseButton, CustomerExportButton } from './CustomerDataButtons';

const menu = (calls: string[]) => () => ({ status: 0, menu: [], opens: [], calls, serverVer: '1', env: 'test' });
const exported = { status: 0, exported_at: '2026-12-03T10:00:00.000Z', store: { kid: 1001, name: 'Demo Arcade' }, customer: { id: 7, first_name: 'Dana' }, movements: [{ id: 1, at: '2026-12-03T09:00:00.000Z', kind: 'purchase', channel: 'pos', amount: 12.5 }], actions: [], cash_log: [] };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a customer's data export on the customer's page", () => {
  it('is offered to an account the server lets export, and saves the reply (without its status) as a JSON file', async () => {
    const calls = fakeServer({ '/user/menu': menu(['/customer/info', '/customer/export']), '/customer/export': () => exported });
    const saved: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (saved.push(b), 'blob:export'), revokeObjectURL: () => {} }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await renderRoutes([{ path: '/', element: <CustomerExportButton customerId={7} /> }], '/');
    await userEvent.click(await screen.findByTestId('action-export', {}, { timeout: 8000 }));
    await waitFor(() => expect(clicked).toEqual(['customer-7-2026-12-03.json']));
    expect(calls.filter((c) => c.path === '/customer/export').map((c) => c.body.id)).toEqual([7]);
    const { status: _status, ...data } = exported;
    expect(JSON.parse(await saved[0]!.text())).toEqual(data);
    click.mockRestore();
  });

  it('is not offered to an account the server does not let export (a cashier)', async () => {
    const calls = fakeServer({ '/user/menu': menu(['/customer/info', '/customer/purchase']) });
    const client = createQueryClient();
    await renderRoutes([{ path: '/', element: <CustomerExportButton customerId={7} /> }], '/', client);
    // Once the menu has answered (its data in the cache), still nothing.
    await waitFor(() => expect(client.getQueryCache().findAll({ queryKey: ['/user/menu'] }).some((q) => q.state.data !== undefined)).toBe(true));
    expect(calls.some((c) => c.path === '/user/menu')).toBe(true);
    expect(screen.queryByTestId('action-export')).toBeNull();
  });
});

describe("a customer's personal data erased on the customer's page", () => {
  it('asks first, then erases; a refusal is said in words and nothing is shown as erased', async () => {
    let answer: object = { status: 13, reason: 'erase_retention', error: 'kept until', kept_until: '2031-01-01T00:00:00.000Z' };
    const calls = fakeServer({ '/user/menu': menu(['/customer/erase']), '/customer/erase': () => answer });
    const onErased = vi.fn();
    await renderRoutes([{ path: '/', element: <CustomerEraseButton customerId={7} onErased={onErased} /> }], '/');
    await userEvent.click(await screen.findByTestId('action-erase', {}, { timeout: 8000 }));
    // The confirmation says what goes and what stays; Cancel sends nothing.
    expect(await screen.findByText(/Their name, ID number, birthday, contact, bank and address are emptied/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.path === '/customer/erase')).toEqual([]);
    await userEvent.click(screen.getByTestId('action-erase'));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText(/the retention period has passed since their last movement/)).toBeInTheDocument();
    expect(onErased).not.toHaveBeenCalled();
    answer = { status: 0, customer: { id: 7, erased: true } };
    await userEvent.click(screen.getByTestId('action-erase'));
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(onErased).toHaveBeenCalledOnce());
    expect(calls.filter((c) => c.path === '/customer/erase').map((c) => c.body.id)).toEqual([7, 7]);
  });
});
