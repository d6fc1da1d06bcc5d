import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { i18n, i18nReady } from '../../i18n/i18n';
import { mantineTheme } from '../../theme/themes';
import { DrawerReport } from '../drawer-report/DrawerReport';
import { needsCount } from './useShiftClose';

const shift = {
  moneybox: 2,
  account: 'cashier01',
  closedBy: 'cashier01',
  createTime: '2026-01-15T14:00:00.000Z',
  shiftTime: '2026-01-15T22:00:00.000Z',
  initial_amount: 200,
  fills: 50,
  bleeds: 30,
  purchases: 100,
  redeems: 40,
  comps: 0,
  special_comps: 0,
  balance: 280,
};

async function show(report: typeof shift & { counted: number | null; over_short: number | null }) {
  await i18nReady;
  await i18n.loadNamespaces('drawer-report');
  render(
    <MantineProvider theme={mantineTheme('bluegreen')} env="test">
      <DrawerReport report={report} diffMinutes={-360} coinSign="$" data-testid="report" />
    </MantineProvider>,
  );
  const line = (key: string) => screen.getByTestId('report').querySelector(`[data-line="${key}"]`);
  return { line };
}

describe('drawer report after a blind count', () => {
  it('shows the expected balance, the count and a shortage', async () => {
    const { line } = await show({ ...shift, counted: 275.25, over_short: -4.75 });
    expect(line('balance')).toHaveTextContent('Expected balance$280.00');
    expect(line('counted')).toHaveTextContent('Counted$275.25');
    expect(line('overShort')).toHaveTextContent('Over/short-$4.75');
  });

  it('marks an overage with a plus sign', async () => {
    const { line } = await show({ ...shift, counted: 281, over_short: 1 });
    expect(line('overShort')).toHaveTextContent('+$1.00');
  });

  it('is the spec report, with Balance and no count lines, when no count was taken', async () => {
    const { line } = await show({ ...shift, counted: null, over_short: null });
    expect(line('balance')).toHaveTextContent('Balance$280.00');
    expect(line('counted')).toBeNull();
    expect(line('overShort')).toBeNull();
  });
});

describe('when shift close asks for a count', () => {
  it('only when the store wants one and the drawer has its initial amount', () => {
    expect(needsCount({ blind_count: true, initAmount: true })).toBe(true);
    expect(needsCount({ blind_count: false, initAmount: true })).toBe(false);
    expect(needsCount({ blind_count: true, initAmount: false })).toBe(false);
    expect(needsCount(null)).toBe(false);
  });
});
