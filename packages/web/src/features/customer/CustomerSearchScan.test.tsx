import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoCustomers } from '../../test/customers';
import { renderRoutes } from '../../test/render';
import { scannerClock, typist, wedgeKeys } from '../../test/scanner';
import type { CustomerRecord } from './customer-api';
import { CustomerSearch } from './CustomerSearch';
import { loginQrValue } from './format';

let restore: () => void;
const asked: Array<{ type: string; rule: string }> = [];
beforeEach(() => {
  restore = scannerClock();
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as { type: string; rule: string };
      asked.push(body);
      const list = demoCustomers.filter((c) => (body.type === 'mobile_id' ? c.mobile_id === body.rule : c.phone.startsWith(body.rule)));
      return new Response(JSON.stringify({ status: 0, list }), { status: 200 });
    }),
  );
});
afterEach(() => restore());

/** The counter as it behaves: a customer opened, focus goes to their Purchase button. */
function Counter({ opened }: { opened: CustomerRecord[] }) {
  const [current, setCurrent] = useState<CustomerRecord | null>(null);
  return (
    <>
      <CustomerSearch
        onOpen={(c) => {
          opened.push(c);
          setCurrent(c);
          setTimeout(() => document.getElementById('purchase')?.focus(), 0);
        }}
        onSearchingChange={() => {}}
      />
      <button type="button" id="purchase" data-testid="purchase">
        purchase {current?.first_name}
      </button>
    </>
  );
}

const scanner = typist(4);
/** Half a second, in steps React renders between (as a browser would). */
async function pause() {
  for (let i = 0; i < 25; i++) {
    await act(async () => {
      vi.advanceTimersByTime(20);
    });
  }
}

describe('a customer card scanned at the counter', () => {
  it('opens the card’s customer at once, again right after another customer opened, the PIN never searched', async () => {
    const opened: CustomerRecord[] = [];
    await renderRoutes([{ path: '/', element: <Counter opened={opened} /> }], '/');
    const box = await screen.findByTestId('customer-search', {}, { timeout: 8000 });
    await scanner.click(box);
    await scanner.keyboard(wedgeKeys(loginQrValue('10010002', '111111')));
    await pause();
    await vi.waitFor(() => expect(opened.map((c) => c.id)).toEqual([2]));
    expect(box).toHaveValue('');
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('purchase')));
    // The next customer's card, scanned while focus sits on the first one's Purchase button.
    await scanner.keyboard(wedgeKeys(loginQrValue('10010004', '222222')));
    await pause();
    await vi.waitFor(() => expect(opened.map((c) => c.id)).toEqual([2, 4]));
    expect(screen.getByTestId('purchase')).toHaveTextContent('purchase David');
    expect(asked.filter((a) => a.rule.includes('222222') || a.rule.includes('111111'))).toEqual([]);
  });

  it('typed at a person’s speed the same text is a search for that text, nobody opened', async () => {
    const opened: CustomerRecord[] = [];
    await renderRoutes([{ path: '/', element: <Counter opened={opened} /> }], '/');
    const box = await screen.findByTestId('customer-search', {}, { timeout: 8000 });
    await typist(120).type(box, 'moneybox:mobile_id=10010002;pin=1{Enter}');
    await pause();
    expect(await screen.findByTestId('customer-search-empty')).toBeInTheDocument();
    expect(opened).toEqual([]);
  });

  it('another code scanned into the box is searched as typed and Enter pressed (a phone barcode)', async () => {
    const opened: CustomerRecord[] = [];
    await renderRoutes([{ path: '/', element: <Counter opened={opened} /> }], '/');
    const box = await screen.findByTestId('customer-search', {}, { timeout: 8000 });
    await scanner.click(box);
    await scanner.keyboard(wedgeKeys('2175550103'));
    await pause();
    await vi.waitFor(() => expect(opened.map((c) => c.id)).toEqual([3]));
  });
});
