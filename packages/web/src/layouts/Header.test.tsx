import { screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteCookie, writeCookie } from '../auth/cookies';
import { renderRoutes } from '../test/render';
import { Header } from './Header';

const css = readFileSync(path.resolve(import.meta.dirname, '../app/styles/pages.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The declarations of the rules whose selector is `selector`, the phone's (below 576px) apart. */
function declarations(selector: string, phone = false): Record<string, string> {
  const phoneAt = css.indexOf('@media (max-width: 575.98px)');
  const out: Record<string, string> = {};
  for (const m of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (!m[1]!.split(',').some((s) => s.trim() === selector) || (m.index > phoneAt) !== phone) continue;
    for (const d of m[2]!.split(';')) {
      const [k, v] = d.split(':').map((x) => x.trim());
      if (k && v) out[k] = v;
    }
  }
  return out;
}

afterEach(() => {
  for (const c of ['storename', 'kioskId', 'account', 'moneybox']) deleteCookie(c);
});

describe('the header on a phone', () => {
  it("never cuts the store's name: it wraps onto a second line, smaller, the kiosk id whole after it", async () => {
    writeCookie('storename', 'Demo Arcade of the Riverside Mall');
    writeCookie('kioskId', '1001');
    writeCookie('account', 'cashier01');
    writeCookie('moneybox', '2');
    await renderRoutes([{ path: '/', element: <Header onMenu={() => {}} menuOpen={false} /> }], '/');
    const line = await screen.findByTestId('kiosk-label', {}, { timeout: 8000 });
    expect(line).toHaveTextContent('Demo Arcade of the Riverside Mall (1001)');
    const name = screen.getByTestId('store-name');
    // No ellipsis on the name (Mantine's truncate), nor on its line.
    expect(name).not.toHaveAttribute('data-truncate');
    expect(line.className).toContain('mbx-header-store');
    const store = declarations('.mbx-header-line.mbx-header-store');
    expect(store['white-space']).toBe('normal');
    expect(store['text-overflow']).toBeUndefined();
    expect(store['overflow']).toBeUndefined();
    // Two lines of the name and the account's line within the 60px header: 2 × 14px × 1.15 + the account's.
    expect(declarations('.mbx-header-line.mbx-header-store', true)).toMatchObject({ 'font-size': '14px', 'line-height': '1.15' });
    expect(declarations('.mbx-header-store > .mbx-keep')['white-space']).toBe('nowrap');
    expect(screen.getByTestId('kiosk-id').className).toContain('mbx-keep');
  });
});
