import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallReply } from '@moneybox/contract';
import { i18n, i18nReady } from '../../../i18n/i18n';
import { renderRoutes } from '../../../test/render';
import { StoreDetails } from './ConsoleStorePage';

type ConsoleStore = CallReply<'/operator/store'>['store'];

const store: ConsoleStore = {
  kid: 2102, name: 'Colon Arcade', city: '', timezone: 'Asia/Shanghai', frozen: false, freeze_msg: '', distributor: null, open_shifts: 0, machines_connected: 0, machines_enrolled: 0,
  credit: 100, low_credit: false, days_left: null, today: { purchases: 0, redeems: 0, net: 0 }, last_activity: null, address: '', state: '', zip: '', phone: '',
  max_drawers: 2, max_machines: 2, limit_day: 45, caps: { hourly: 0, daily: 250, weekly: 0 }, min_amount: 0, special_comps: 0, created_at: '2026-01-01T00:00:00.000Z',
};

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const WORDS = {
  en: { hourly: 'Purchase cap per hour', daily: 'Purchase cap per day', min: 'Minimum amount', noCap: 'No cap', noMin: 'No minimum' },
  mx: { hourly: 'Tope de compras por hora', daily: 'Tope de compras por día', min: 'Monto mínimo', noCap: 'Sin tope', noMin: 'Sin mínimo' },
  zh_Hans: { hourly: '每小时购买上限', daily: '每日购买上限', min: '最低金额', noCap: '无上限', noMin: '无最低额' },
} as const;

describe("the console's store details", () => {
  it.each(Object.keys(WORDS) as (keyof typeof WORDS)[])('in %s, a cap or minimum of 0 reads as none, never as 0.00; a set cap as its amount', async (lang) => {
    await i18nReady;
    await i18n.changeLanguage(lang);
    await renderRoutes([{ path: '/', element: <StoreDetails store={store} /> }], '/');
    const table = await screen.findByTestId('console-store-details', {}, { timeout: 5000 });
    const value = (label: string) => within(table).getByText(label).closest('tr')!.querySelector('td')!.textContent;
    const w = WORDS[lang];
    expect(i18n.t('console:fields.capHourly')).toBe(w.hourly);
    expect(value(w.hourly)).toBe(w.noCap);
    expect(value(w.min)).toBe(w.noMin);
    expect(value(w.daily)).toMatch(/250/);
    expect(value(w.daily)).not.toBe(w.noCap);
  });
});
