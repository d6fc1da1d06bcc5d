import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../app/query-client';
import { renderRoutes } from '../../test/render';
import { KioskSlip } from './KioskSlipDialog';

const base = { collection_id: 7, kiosk: '901', time: '2026-01-15T14:00:00.000Z', collector: 'boss01', expected: 70, reason: '' };

describe('kiosk collection slip', () => {
  it('lists the count by denomination, largest first, and the over/short; a box not collected shows its reason instead', async () => {
    const client = createQueryClient();
    client.setQueryData(['/config/localtime', {}], { status: 0, diff: -360 });
    client.setQueryDefaults(['/config/localtime'], { staleTime: Infinity });
    const slips = [
      { ...base, counted: 60.25, over_short: -9.75, count_detail: { '0.25': 1, '20': 3 } },
      { ...base, collection_id: 8, counted: null, over_short: null, count_detail: null, reason: 'key missing' },
    ];
    await renderRoutes([{ path: '/', element: <>{slips.map((s) => <KioskSlip key={s.collection_id} slip={s} />)}</> }], '/', client);
    const [short, skipped] = await screen.findAllByTestId('kiosk-slip', {}, { timeout: 10_000 });
    const lines = (el: HTMLElement) => [...el.querySelectorAll('tr')].map((tr) => `${tr.getAttribute('data-line')}=${tr.querySelector('td')?.textContent}`);
    expect(lines(short!)).toEqual(['kiosk=901', 'time=2026-01-15 08:00:00', 'collector=boss01', 'expected=$70.00', 'count-20=$60.00', 'count-0.25=$0.25', 'counted=$60.25', 'overShort=-$9.75']);
    expect(short!.querySelector('[data-line="count-20"] th')).toHaveTextContent('$20 × 3');
    expect(lines(skipped!)).toEqual(['kiosk=901', 'time=2026-01-15 08:00:00', 'collector=boss01', 'expected=$70.00', 'reason=key missing']);
  });
});
