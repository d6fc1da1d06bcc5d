import type { CallReply } from '@moneybox/contract';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { i18n } from '../../i18n/i18n';
import { heldReply } from '../../test/fake-server';
import { renderRoutes } from '../../test/render';
import { demoStoreInfo } from '../../test/store-info';
import StoreInformationPage from './StoreInformationPage';

const info = { ...demoStoreInfo, min_age: 21, birthday_required: true, id_check: 600, large_payout: 1200 };

/** The page with `/store/info` answered by `reply` (the quota left waiting: not this test's subject). */
async function renderPage(reply: CallReply<'/store/info'>) {
  heldReply({ status: 0 });
  const client = createQueryClient();
  client.setQueryData(['/store/info', {}], reply);
  client.setQueryDefaults(['/store/info'], { staleTime: Infinity });
  return renderRoutes([{ path: '/', element: <StoreInformationPage /> }], '/', client);
}

const shown = (testId: string) => screen.getByTestId(testId).textContent;

describe('store information for a viewer boss', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await act(() => i18n.changeLanguage('en'));
  });
  const cases = [
    { lang: 'en', heading: 'Player protection and payouts', age: '21 years', on: 'On', never: 'Never', none: 'None' },
    { lang: 'mx', heading: 'Protección del jugador y pagos', age: '21 años', on: 'Activado', never: 'Nunca', none: 'Ninguno' },
    { lang: 'zh_Hans', heading: '玩家保护与兑奖', age: '21 岁', on: '开启', never: '从不', none: '无' },
  ];
  for (const c of cases) {
    it(`shows the protection settings read-only: minimum age, ID check, large payout, birthday required (${c.lang})`, async () => {
      await act(() => i18n.changeLanguage(c.lang));
      await renderPage({ status: 0, info, editable: [] });
      const section = await screen.findByTestId('store-protection-readonly', {}, { timeout: 10_000 });
      expect(section).toHaveTextContent(c.heading);
      expect(section).toHaveTextContent(i18n.t('store-info:fields.id_check'));
      expect(shown('store-ro-min_age')).toBe(c.age);
      expect(shown('store-ro-id_check')).toBe('$600.00');
      expect(shown('store-ro-large_payout')).toBe('$1,200.00');
      expect(shown('store-ro-birthday_required')).toBe(c.on);
      // Read-only: no form, no field to type in.
      expect(screen.queryByTestId('store-form')).toBeNull();
      expect(within(screen.getByTestId('store-info')).queryAllByRole('textbox')).toHaveLength(0);
    });

    it(`says what 0 means for the thresholds: never checked, no large payout (${c.lang})`, async () => {
      await act(() => i18n.changeLanguage(c.lang));
      await renderPage({ status: 0, info: { ...info, id_check: 0, large_payout: 0 }, editable: [] });
      await screen.findByTestId('store-protection-readonly', {}, { timeout: 10_000 });
      expect(shown('store-ro-id_check')).toBe(c.never);
      expect(shown('store-ro-large_payout')).toBe(c.none);
    });
  }

  it('a boss who may edit keeps the form with the protection fields, and no read-only copy', async () => {
    await renderPage({ status: 0, info, editable: ['min_age', 'id_check', 'large_payout', 'birthday_required'] });
    await screen.findByTestId('store-form', {}, { timeout: 10_000 });
    expect(screen.getByTestId('store-min_age')).toHaveValue('21');
    expect(screen.queryByTestId('store-protection-readonly')).toBeNull();
  });
});
