import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keysFor, liveInvalidator, THROTTLE_MS } from './invalidate';
import { LiveFeed, type SocketLike } from './live-feed';
import { LIVE_FALLBACK_POLL_MS, livePoll, useLive } from './useLive';

afterEach(() => vi.useRealTimers());

describe('what a change makes stale', () => {
  it('a machine: the machine list; a customer: their card, limits, block, history, gifts, the customer list and search', () => {
    expect(keysFor({ machines: [8], customers: [] })).toEqual([['/machine/list']]);
    expect(keysFor({ machines: [], customers: [6] })).toEqual([
      ['/customer/info', { type: 'id', rule: '6' }],
      ['/customer/history', { id: 6 }],
      ['/customer/giftHistory', { id: 6 }],
      ['/customer/getDayLimit', { id: 6 }],
      ['/customer/blockState', { id: 6 }],
      ['/customer/customerInfo'],
      ['/customer/search'],
    ]);
    expect(keysFor({ machines: 'all', customers: 'all' })).toEqual(keysFor('all'));
  });
});

describe('the live invalidator', () => {
  it('marks stale only the named customer\'s queries, whatever their other payload fields', async () => {
    const client = new QueryClient();
    const keys = [
      ['/customer/info', { type: 'id', rule: '6' }],
      ['/customer/info', { type: 'id', rule: '7' }],
      ['/customer/history', { id: 6, startTime: 'a', endTime: 'b', page: 2, limit: 10 }],
      ['/customer/giftHistory', { id: 7, startTime: 'a', endTime: 'b', page: 1, limit: 10 }],
      ['/machine/list', {}],
    ];
    for (const key of keys) client.setQueryData(key, { status: 0 });
    liveInvalidator(client).apply({ machines: [], customers: [6] });
    await Promise.resolve();
    expect(keys.map((k) => client.getQueryState(k)?.isInvalidated)).toEqual([true, false, true, false, false]);
    liveInvalidator(client).apply({ machines: [3], customers: [] });
    expect(client.getQueryState(['/machine/list', {}])?.isInvalidated).toBe(true);
  });
});

/** A fake socket the test speaks for. */
class FakeSocket implements SocketLike {
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  close() {}
  say(m: object) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(m) }));
  }
}

function Card({ feed, id, fetched }: { feed: LiveFeed; id: number; fetched: (id: number) => void }) {
  const live = useLive(feed);
  const q = useQuery({
    queryKey: ['/customer/info', { type: 'id', rule: String(id) }],
    queryFn: async () => {
      fetched(id);
      return { n: Math.random() };
    },
    refetchInterval: livePoll(live, 3_000),
  });
  return (
    <p data-testid={`card-${id}`} data-live={live}>
      {q.data ? 'loaded' : 'loading'}
    </p>
  );
}

describe('useLive', () => {
  it('a screen refetches its customer when told, not another customer; throttled; polls slowly only while live', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sockets: FakeSocket[] = [];
    const feed = new LiveFeed({ open: () => (sockets.push(new FakeSocket()), sockets.at(-1)!), url: () => 'ws://x/API/live', signedIn: () => true });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const fetched: number[] = [];
    render(
      <QueryClientProvider client={client}>
        <Card feed={feed} id={6} fetched={(id) => fetched.push(id)} />
        <Card feed={feed} id={7} fetched={(id) => fetched.push(id)} />
      </QueryClientProvider>,
    );
    await screen.findAllByText('loaded');
    expect(sockets).toHaveLength(1);
    expect(livePoll(false, 3_000)).toBe(3_000);
    expect(livePoll(true, 3_000)).toBe(LIVE_FALLBACK_POLL_MS);

    await act(async () => sockets[0]!.say({ type: 'hello', kiosk_id: 1001 }));
    expect(screen.getByTestId('card-6').dataset.live).toBe('true');
    await act(() => vi.advanceTimersByTimeAsync(THROTTLE_MS + 10));
    fetched.length = 0;

    // A burst for customer 6: one refetch at once, one more after the throttle, none for 7.
    await act(async () => {
      for (let i = 0; i < 20; i++) sockets[0]!.say({ type: 'changed', machines: [8], customers: [6] });
    });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(fetched).toEqual([6]);
    await act(() => vi.advanceTimersByTimeAsync(THROTTLE_MS));
    expect(fetched).toEqual([6, 6]);
    // Live: no 3 s poll any more.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fetched).toEqual([6, 6]);
  });
});
