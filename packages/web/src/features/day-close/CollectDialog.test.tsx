import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/fake-server';
import { renderRoutes } from '../../test/render';
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
    fakeServer({ '/kiosk/boxes': () => ({ status: 0, list: [box, empty] }) }, { status: 0, denominations: [] });
    await renderRoutes([{ path: '/', element: <KioskCollections onCollected={() => undefined} /> }], '/');
    expect(await screen.findByTestId('collect-900', {}, { timeout: 10_000 })).toBeEnabled();
    expect(screen.queryByTestId('collect-901')).toBeNull();
    expect(screen.getByTestId('nothing-901')).toHaveTextContent('Nothing to collect');
  });
});
