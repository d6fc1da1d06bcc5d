import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/render';
import { demoCustomers } from '../../test/customers';
import type { CustomerRecord } from './customer-api';
import { CustomerSearch } from './CustomerSearch';

const five = demoCustomers;

function fakeSearch() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as { rule: string };
      const list = five.filter((c) => c.phone.startsWith(body.rule));
      return new Response(JSON.stringify({ status: 0, list }), { status: 200 });
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

function Counter({ opened }: { opened: CustomerRecord[] }) {
  const [, setSearching] = useState(false);
  return (
    <>
      <CustomerSearch onOpen={(c) => opened.push(c)} onSearchingChange={setSearching} />
      <button type="button" data-testid="purchase">
        purchase
      </button>
    </>
  );
}

describe('customer search', () => {
  it('a fast Enter right after the box got focus back still shows the matches to choose from (a stale close never hides them)', async () => {
    fakeSearch();
    const opened: CustomerRecord[] = [];
    await renderRoutes([{ path: '/', element: <Counter opened={opened} /> }], '/');
    const box = await screen.findByTestId('customer-search', {}, { timeout: 8000 });
    // As after a customer opens: the box had focus, Purchase takes it (the box's list starts to close)…
    act(() => screen.getByTestId('purchase').focus());
    // …and a scanner types the shared prefix and Enter within the close's delay.
    act(() => box.focus());
    fireEvent.change(box, { target: { value: '2175550' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await screen.findByTestId('customer-search-choose', {}, { timeout: 4000 });
    // Past the close's delay and the fetch delay: the list is still there, and nobody was opened.
    await new Promise((r) => setTimeout(r, 400));
    await waitFor(() => expect(within(screen.getByTestId('customer-search-results')).getAllByRole('option')).toHaveLength(5));
    expect(screen.getByTestId('customer-search-choose')).toBeTruthy();
    expect(opened).toEqual([]);
  });
});
