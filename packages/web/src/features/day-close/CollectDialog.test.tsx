import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server';
import { renderRoutes } from '../../test/render';
import DayClosePage from './DayClosePage';
import { CollectDialog, KioskCollections } from './KioskCollections';

const box = { id: 9, name: '900', expected: 70, paid_out: 0, last_collection: null };

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'moneybox=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('kiosk collect dialog', () => {
  it('marks a box not collected with its reason only (no count), under a key of its own', async () => {
    const calls = fakeServer(
      {
        '/kiosk/collect': (body) => ({ status: 0, collection_id: 3, kiosk: '900', time: '2026-01-15T14:00:00.000Z', collector: 'boss01', expected: 70, counted: null, over_short: null, count_detail: null, reason: String(body.reason) }),
      },
      { status: 0, key: 'k-1', diff: -360 },
    );
    const onDone = vi.fn();
    await renderRoutes([{ path: '/', element: <CollectDialog box={box} denominations={['20', '10']} onDone={onDone} onCancel={() => undefined} /> }], '/');
    const mark = await screen.findByTestId('collect-not-collected', {}, { timeout: 10_000 });
    expect(mark).toBeDisabled();
    await userEvent.type(screen.getByTestId('collect-reason'), '  key missing ');
    await userEvent.click(mark);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const sent = calls.filter((c) => c.path === '/kiosk/collect');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ id: 9, reason: 'key missing' });
    expect(sent[0]!.body).not.toHaveProperty('counted');
    expect(typeof sent[0]!.body.key).toBe('string');
    expect(onDone.mock.calls[0]![0]).toMatchObject({ counted: null, reason: 'key missing' });
  });

  it('offers Collect only for a box that took cash since its last collection', async () => {
    document.cookie = 'moneybox=1; path=/';
    const empty = { id: 10, name: '901', expected: 0, paid_out: 0, last_collection: '2026-01-15T14:00:00.000Z' };
    fakeServer({ '/kiosk/boxes': () => ({ status: 0, list: [box, empty] }), '/store/info': () => ({ status: 0, info: { denominations: [] }, editable: [] }) });
    await renderRoutes([{ path: '/', element: <KioskCollections onCollected={() => undefined} /> }], '/');
    await screen.findByTestId('collect-900', {}, { timeout: 10_000 });
    await waitFor(() => expect(screen.getByTestId('collect-900')).toBeEnabled());
    expect(screen.queryByTestId('collect-901')).toBeNull();
    expect(screen.getByTestId('nothing-901')).toHaveTextContent('Nothing to collect');
  });
});

/** Today's open day as /dayClose/get answers it: blocked by the kiosk's box until it is collected. */
const openDay = (collected: boolean) => ({
  status: 0, closed: false, closed_at: null, closed_by: null, notes: [],
  blocked: collected ? [] : [{ reason: 'kiosk_uncollected', id: 9, name: '900' }],
  report: {
    day: '2026-01-15', store: 'Demo Arcade', timezone: 'America/Chicago', from: '2026-01-15T06:00:00.000Z', to: '2026-01-16T06:00:00.000Z', at: '2026-01-15T20:00:00.000Z', large_diff: 20,
    shifts: [], collections: [], machines: [], channels: [], gifts: { amount: 0, count: 0 }, store_credit_used: 0,
    totals: { purchases: 0, redeems: 0, net: 0, special_comps: 0, reverts: 0, purchase_count: 0, redeem_count: 0, special_comps_count: 0, revert_count: 0, drawers_expected: 0, drawers_counted: 0, drawers_over_short: 0, kiosks_expected: 0, kiosks_counted: 0, kiosks_over_short: 0, large_differences: 0, machines_mismatched: 0 },
  },
});

describe("the viewer's Day Close page (issue 37 item 11)", () => {
  it('a boss signed in as a viewer (no drawer) collects a box counted by the store’s denominations, gets the slip, and the close is no longer blocked', async () => {
    document.cookie = 'moneybox=-1; path=/';
    let collected = false;
    const calls = fakeServer(
      {
        '/dayClose/get': () => openDay(collected),
        '/kiosk/boxes': () => ({ status: 0, list: [collected ? { ...box, expected: 0, last_collection: '2026-01-15T20:00:00.000Z' } : box] }),
        '/store/info': () => ({ status: 0, info: { denominations: ['20', '10'] }, editable: [] }),
        '/kiosk/collect': (body) => {
          collected = true;
          return { status: 0, collection_id: 5, kiosk: '900', time: '2026-01-15T20:00:00.000Z', collector: 'boss01', expected: 70, counted: 60, over_short: -10, count_detail: body.count_detail, reason: '' };
        },
      },
      { status: 0, key: 'k-viewer', diff: -360 },
    );
    await renderRoutes([{ path: '/', element: <DayClosePage /> }], '/');
    expect(await screen.findByTestId('day-close-blocked', {}, { timeout: 10_000 })).toHaveTextContent('900');
    expect(screen.getByTestId('day-close-submit')).toBeDisabled();
    await waitFor(() => expect(screen.getByTestId('collect-900')).toBeEnabled());
    await userEvent.click(screen.getByTestId('collect-900'));
    const dialog = await screen.findByTestId('kiosk-collect-dialog');
    // The store's own denominations (Store Information's), not a drawer's.
    expect(dialog.querySelector('input[data-denomination="10"]')).not.toBeNull();
    expect(dialog.querySelector('input[data-denomination="5"]')).toBeNull();
    await userEvent.type(dialog.querySelector('input[data-denomination="20"]')!, '3');
    expect(screen.getByTestId('collect-over-short')).toHaveTextContent('-$10.00');
    await userEvent.click(screen.getByTestId('collect-submit'));
    const slip = await screen.findByTestId('kiosk-slip-dialog');
    expect(within(slip).getByTestId('kiosk-slip')).toHaveTextContent('boss01');
    const sent = calls.filter((c) => c.path === '/kiosk/collect');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ id: 9, counted: 60, count_detail: { '20': 3 } });
    expect(typeof sent[0]!.body.key).toBe('string');
    // The day is read again: nothing blocks it, and the viewer may close it.
    await waitFor(() => expect(screen.getByTestId('day-close-submit')).toBeEnabled());
    expect(screen.queryByTestId('day-close-blocked')).toBeNull();
    // No drawer was asked for or read on the way.
    expect(calls.some((c) => c.path.startsWith('/drawer/') || c.path === '/user/chooseDrawer')).toBe(false);
  });
});
