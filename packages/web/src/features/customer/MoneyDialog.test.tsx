import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OneTimeKey } from '../../api/one-time-key';
import { fakeServer } from '../../test/fake-server';
import { renderRoutes } from '../../test/render';
import { customerRecord } from '../../test/customers';
import { MoneyDialog } from './MoneyDialog';

const alice = customerRecord({
  id: 1,
  first_name: 'Alice',
  last_name: 'Johnson',
  birthday: '1990-01-01',
  gender: 'F',
  phone: '2175550101',
  mail: 'alice@example.com',
  account_type: 0,
  entries: 50,
  winnings: 120,
});

describe('money dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names the customer and checks the amount before any call: empty, below 1.00, more than two decimals', async () => {
    const asked: string[] = [];
    const keys = new OneTimeKey({ fetchKey: async () => (asked.push('k'), `key-${asked.length}`), isKeyRefused: () => false });
    await renderRoutes(
      [{ path: '/', element: <MoneyDialog kind="redeem" customer={alice} blocked={false} revertable={null} purchaseLeft={null} keys={keys} onClose={() => {}} /> }],
      '/',
    );
    // Generous: the locale chunks load lazily and the test machine is shared.
    const amount = await screen.findByTestId('money-amount', {}, { timeout: 8000 });
    expect(screen.getByTestId('money-hint')).toHaveTextContent('Winnings: $120.00');
    // Who, beside the amount: name, customer id and mobile id.
    expect(screen.getByTestId('money-customer-name')).toHaveTextContent('Alice Johnson');
    expect(screen.getByTestId('money-customer-id')).toHaveTextContent(/^1$/);
    expect(screen.getByTestId('money-customer-mobile-id')).toHaveTextContent('10010001');
    await userEvent.type(amount, '{Enter}');
    expect(await screen.findByText('Please enter an amount')).toBeInTheDocument();
    await userEvent.type(amount, '0.99{Enter}');
    expect(await screen.findByText('The amount must be at least 1.00')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '5.555{Enter}');
    expect(await screen.findByText('Enter an amount with at most two decimals')).toBeInTheDocument();
    // Only the key taken when the form opened; nothing was sent with it.
    expect(asked).toEqual(['k']);
    expect(keys.peek()).toEqual({ value: 'key-1', intent: null });
  });

  it('above the store\'s ID-check threshold a redeem asks for the ID typed from the document: never prefilled, required; at or below it does not', async () => {
    const keys = new OneTimeKey({ fetchKey: async () => 'key-1', isKeyRefused: () => false });
    const carded = { ...alice, drivers_license: 'D123-456' };
    await renderRoutes(
      [{ path: '/', element: <MoneyDialog kind="redeem" customer={carded} blocked={false} revertable={null} purchaseLeft={null} idCheck={100} keys={keys} onClose={() => {}} /> }],
      '/',
    );
    const amount = await screen.findByTestId('money-amount', {}, { timeout: 8000 });
    await userEvent.type(amount, '100');
    expect(screen.queryByTestId('money-id-check')).toBeNull();
    await userEvent.type(amount, '.01');
    expect(screen.getByTestId('money-id-check')).toHaveTextContent('Above $100.00: check the customer\'s ID');
    expect(screen.getByTestId('money-id-check')).toHaveTextContent("Type the number from the customer's ID document");
    // The record's number is not shown in the field: the cashier types it from the card.
    expect(screen.getByTestId('money-id-number')).toHaveValue('');
    expect(screen.getByTestId('money-id-number')).toBeRequired();
    expect(screen.getByTestId('money-id-type')).toHaveValue("Driver's license");
    expect(screen.queryByTestId('money-paid-today')).toBeNull();
    await userEvent.type(amount, '{Enter}');
    expect(await screen.findByText("Enter the customer's ID number")).toBeInTheDocument();
  });

  it('the day\'s payouts count: after 75.00 paid today a redeem of 25.01 needs the ID; a mismatch is refused with a clear message', async () => {
    const keys = new OneTimeKey({ fetchKey: async () => 'key-1', isKeyRefused: () => false });
    const sent: Array<Record<string, unknown>> = [];
    fakeServer({
      '/customer/redeem': (body) => {
        sent.push(body);
        return { status: 17, reason: 'id_check', id_check: 'mismatch', above: 100, paid_today: 75 };
      },
    });
    await renderRoutes(
      [
        {
          path: '/',
          element: <MoneyDialog kind="redeem" customer={{ ...alice, drivers_license: 'D123-456' }} blocked={false} revertable={null} purchaseLeft={null} idCheck={100} paidToday={75} keys={keys} onClose={() => {}} />,
        },
      ],
      '/',
    );
    const amount = await screen.findByTestId('money-amount', {}, { timeout: 8000 });
    await userEvent.type(amount, '25');
    expect(screen.queryByTestId('money-id-check')).toBeNull();
    await userEvent.type(amount, '.01');
    expect(screen.getByTestId('money-paid-today')).toHaveTextContent('Already paid out today: $75.00');
    await userEvent.type(screen.getByTestId('money-id-number'), 'D999{Enter}');
    expect(await screen.findByTestId('money-problem')).toHaveTextContent("the ID number typed does not match the customer's record");
    expect(sent).toEqual([expect.objectContaining({ id: 1, amount: 25.01, id_type: 'drivers_license', id_number: 'D999' })]);
  });

  it('a customer without an ID on record: the dialog says the number typed is saved to the record', async () => {
    const keys = new OneTimeKey({ fetchKey: async () => 'key-1', isKeyRefused: () => false });
    await renderRoutes(
      [{ path: '/', element: <MoneyDialog kind="redeem" customer={{ ...alice, drivers_license: '' }} blocked={false} revertable={null} purchaseLeft={null} idCheck={100} keys={keys} onClose={() => {}} /> }],
      '/',
    );
    await userEvent.type(await screen.findByTestId('money-amount', {}, { timeout: 8000 }), '250');
    expect(screen.getByTestId('money-id-check')).toHaveTextContent("saved to the customer's record");
    expect(screen.getByTestId('money-id-number')).toHaveValue('');
  });
});
