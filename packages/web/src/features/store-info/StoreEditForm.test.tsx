import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { fakeServer } from '../../test/fake-server';
import { renderRoutes } from '../../test/render';
import { limitProblem } from './limit-rules';
import { StoreEditForm } from './StoreEditForm';
import { demoStoreInfo } from '../../test/store-info';

const info = demoStoreInfo;

describe('store information: purchase limits', () => {
  it('says "0 = no limit" only where 0 is allowed, and the message for 0 under a cap agrees with its hint', async () => {
    await renderRoutes([{ path: '/', element: <StoreEditForm info={info} onSaved={() => undefined} /> }], '/');
    const form = await screen.findByTestId('store-form');
    // Issue 20: the section said "(0 = no limit)" while 0 was refused under a cap.
    expect(screen.getByText('Purchase limits per customer')).toBeInTheDocument();
    const hourly = screen.getByTestId('store-limit_hourly');
    const daily = screen.getByTestId('store-limit_daily');
    const hint = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent ?? '';
    expect(hint(hourly)).toBe('From $0.01 to $500.00: capped by your provider, so never 0 (no limit)');
    expect(hint(daily)).toBe('No cap from your provider; 0 = no limit');
    expect(form.textContent).not.toMatch(/\(0 = no limit\)/);

    await userEvent.clear(hourly);
    await userEvent.type(hourly, '0');
    await userEvent.clear(daily);
    await userEvent.type(daily, '0');
    await userEvent.click(screen.getByTestId('store-save'));
    expect(await screen.findByText('Can not be 0 (no limit): your provider caps it at $500.00')).toBeInTheDocument();
    // 0 where there is no cap is "no limit", as its hint says: no error on that field.
    expect(daily).not.toHaveAttribute('aria-invalid', 'true');
  }, 20_000);

  it('has the right message for each failure', () => {
    expect(limitProblem('', 500)).toEqual({ key: 'limitFormat' });
    expect(limitProblem(-1, 0)).toEqual({ key: 'limitFormat' });
    expect(limitProblem(0, 500)).toEqual({ key: 'capNeedsLimit', cap: 500 });
    expect(limitProblem(500.01, 500)).toEqual({ key: 'aboveCap', cap: 500 });
    expect(limitProblem(500, 500)).toBeNull();
    expect(limitProblem(0.01, 500)).toBeNull();
    expect(limitProblem(0, 0)).toBeNull();
    expect(limitProblem(1e6, 0)).toBeNull();
  });
});

describe('store information: the server refuses the form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the status and its reason in the user\'s language, never the server\'s English words', async () => {
    document.cookie = 'uid=7; path=/';
    document.cookie = 'token=t; path=/';
    // The provider's cap changed after the page was read: the form's own check let 400 pass.
    const error = "The hourly purchase limit can not be above the provider's 300";
    fakeServer({ '/store/update': () => ({ status: 35, reason: 'above_cap', limit: 'hourly', cap: 300, error }) });
    await i18n.changeLanguage('mx');
    try {
      await renderRoutes([{ path: '/', element: <StoreEditForm info={info} onSaved={() => undefined} /> }], '/');
      const hourly = await screen.findByTestId('store-limit_hourly');
      await userEvent.clear(hourly);
      await userEvent.type(hourly, '400');
      await userEvent.click(screen.getByTestId('store-save'));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(/^Error de monto: un límite de compra no puede superar el tope de su proveedor$/);
      expect(alert.textContent).not.toContain(error);
    } finally {
      await i18n.changeLanguage('en');
    }
  }, 20_000);
});
