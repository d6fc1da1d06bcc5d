import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { CashCountDialog, type CashCount } from './CashCountDialog';

async function open(onSubmit: (c: CashCount) => Promise<void> = () => Promise.resolve(), onCancel = vi.fn()) {
  await renderRoutes([{ path: '/', element: <CashCountDialog drawerNumber={2} onSubmit={onSubmit} onCancel={onCancel} /> }], '/');
  const dialog = await screen.findByTestId('cash-count-dialog');
  return { dialog, onCancel };
}

describe('blind cash count', () => {
  it('asks for the count without ever showing an amount the drawer should hold', async () => {
    await open();
    const text = document.body.textContent ?? '';
    expect(text).toContain('Count the cash in drawer 2');
    // Nothing that looks like money is on screen before the cashier types a count.
    expect(text).not.toMatch(/\$\s?\d/);
    expect(screen.getByTestId('count-total')).toHaveValue('');
  });

  it('sums a count by denomination live and sends the total with its detail', async () => {
    const submitted: CashCount[] = [];
    await open((c) => {
      submitted.push(c);
      return Promise.resolve();
    });
    await userEvent.click(screen.getByTestId('count-by-denomination'));
    expect(screen.getByTestId('count-sum')).toHaveTextContent('$0.00');
    await userEvent.type(screen.getByLabelText('Pieces of $100'), '3');
    await userEvent.type(screen.getByLabelText('Pieces of $5'), '1');
    await userEvent.type(screen.getByLabelText('Pieces of $0.10'), '3');
    expect(screen.getByTestId('count-sum')).toHaveTextContent('$305.30');
    await userEvent.type(screen.getByLabelText('Pieces of $0.25'), '1.5');
    expect(screen.getByTestId('count-sum')).toHaveTextContent('-');
    await userEvent.click(screen.getByTestId('count-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Pieces must be whole numbers');
    expect(submitted).toEqual([]);
    await userEvent.clear(screen.getByLabelText('Pieces of $0.25'));
    await userEvent.type(screen.getByLabelText('Pieces of $0.25'), '2');
    expect(screen.getByTestId('count-sum')).toHaveTextContent('$305.80');
    await userEvent.click(screen.getByTestId('count-submit'));
    expect(submitted).toEqual([{ counted: 305.8, count_detail: { '100': 3, '5': 1, '0.25': 2, '0.10': 3 } }]);
  });

  it('needs a total before it closes anything, and Cancel closes nothing', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const { onCancel } = await open(onSubmit);
    await userEvent.click(screen.getByTestId('count-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the cash you counted');
    await userEvent.type(screen.getByTestId('count-total'), '12.345');
    await userEvent.click(screen.getByTestId('count-submit'));
    expect(screen.getByRole('alert')).toHaveTextContent('at most two decimals');
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('count-cancel'));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(screen.getByTestId('count-total'));
    await userEvent.type(screen.getByTestId('count-total'), '150.25');
    await userEvent.click(screen.getByTestId('count-submit'));
    expect(onSubmit).toHaveBeenCalledWith({ counted: 150.25 });
  });

  it('stays open with the count when the shift close is refused', async () => {
    await open(() => Promise.reject(new Error('refused')));
    await userEvent.type(screen.getByTestId('count-total'), '99');
    await userEvent.click(screen.getByTestId('count-submit'));
    expect(screen.getByTestId('cash-count-dialog')).toBeInTheDocument();
    expect(screen.getByTestId('count-total')).toHaveValue('99');
    expect(screen.getByTestId('count-submit')).toBeEnabled();
  });

  it('hands over: the next cashier signs with username and password, sent with the count', async () => {
    const submitted: CashCount[] = [];
    const onSubmit = (c: CashCount) => {
      submitted.push(c);
      return Promise.resolve();
    };
    await renderRoutes([{ path: '/', element: <CashCountDialog drawerNumber={2} handover onSubmit={onSubmit} onCancel={vi.fn()} /> }], '/');
    await screen.findByTestId('cash-count-dialog');
    expect(document.body.textContent).toContain("the next cashier's shift starts with it as the initial amount");
    await userEvent.type(screen.getByTestId('count-total'), '98.50');
    await userEvent.click(screen.getByTestId('count-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The next cashier must enter their username and password');
    await userEvent.type(screen.getByTestId('handover-username'), 'cashier02');
    await userEvent.type(screen.getByTestId('handover-password'), 'cash1234');
    await userEvent.click(screen.getByTestId('count-submit'));
    expect(submitted).toEqual([{ counted: 98.5, next: { username: 'cashier02', password: 'cash1234' } }]);
  });

  it("the cashier's own close offers the handover: the same count, signed by the next cashier, is sent as a handover", async () => {
    const submitted: CashCount[] = [];
    const onSubmit = (c: CashCount) => {
      submitted.push(c);
      return Promise.resolve();
    };
    await renderRoutes([{ path: '/', element: <CashCountDialog drawerNumber={2} onSubmit={onSubmit} onCancel={vi.fn()} offerHandover /> }], '/');
    await screen.findByTestId('cash-count-dialog');
    expect(screen.queryByTestId('handover-username')).toBeNull();
    await userEvent.click(screen.getByTestId('count-handover'));
    expect(document.body.textContent).toContain('Hand over the drawer');
    await userEvent.type(screen.getByTestId('count-total'), '98.50');
    await userEvent.click(screen.getByTestId('count-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The next cashier must enter their username and password');
    await userEvent.type(screen.getByTestId('handover-username'), 'cashier02');
    await userEvent.type(screen.getByTestId('handover-password'), 'pass1234');
    await userEvent.click(screen.getByTestId('count-submit'));
    expect(submitted).toEqual([{ counted: 98.5, next: { username: 'cashier02', password: 'pass1234' } }]);
  });
});
