import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OneTimeKey } from '../../api/one-time-key';
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
  it('names the customer and checks the amount before any call: empty, below 1.00, more than two decimals', async () => {
    const asked: string[] = [];
    const keys = new OneTimeKey({ fetchKey: async () => (asked.push('k'), `key-${asked.length}`), isKeyRefused: () => false });
    await renderRoutes(
      [{ path: '/', element: <MoneyDialog kind="redeem" customer={alice} blocked={false} revertable={null} limits={null} keys={keys} onClose={() => {}} /> }],
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

  it('above the store\'s ID-check threshold a redeem asks for the ID, prefilled from the record; at or below it does not', async () => {
    const keys = new OneTimeKey({ fetchKey: async () => 'key-1', isKeyRefused: () => false });
    const carded = { ...alice, drivers_license: 'D123-456' };
    await renderRoutes(
      [{ path: '/', element: <MoneyDialog kind="redeem" customer={carded} blocked={false} revertable={null} limits={null} idCheck={100} keys={keys} onClose={() => {}} /> }],
      '/',
    );
    const amount = await screen.findByTestId('money-amount', {}, { timeout: 8000 });
    await userEvent.type(amount, '100');
    expect(screen.queryByTestId('money-id-check')).toBeNull();
    await userEvent.type(amount, '.01');
    expect(screen.getByTestId('money-id-check')).toHaveTextContent('Above $100.00: check the customer\'s ID');
    expect(screen.getByTestId('money-id-number')).toHaveValue('D123-456');
    expect(screen.getByTestId('money-id-type')).toHaveValue("Driver's license");
    await userEvent.clear(screen.getByTestId('money-id-number'));
    await userEvent.type(amount, '{Enter}');
    expect(await screen.findByText("Enter the customer's ID number")).toBeInTheDocument();
  });
});
