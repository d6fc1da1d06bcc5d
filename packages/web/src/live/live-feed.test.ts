import { LiveClose } from '@moneybox/contract/live';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LINGER_MS, LiveFeed, MAX_RETRY_MS, type LiveChange, type SocketLike } from './live-feed';

class FakeSocket implements SocketLike {
  onmessage: ((e: MessageEvent) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  closedWith: number | undefined;
  constructor(readonly url: string) {}
  close(code?: number) {
    this.closedWith = code;
  }
  say(m: object | string) {
    this.onmessage?.(new MessageEvent('message', { data: typeof m === 'string' ? m : JSON.stringify(m) }));
  }
  drop(code = 1006) {
    this.onclose?.(new CloseEvent('close', { code }));
  }
}

function setup(signedIn = true) {
  const sockets: FakeSocket[] = [];
  const feed = new LiveFeed({
    open: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    url: () => 'ws://pos.test/API/live',
    signedIn: () => signedIn,
  });
  const changes: LiveChange[] = [];
  return { feed, sockets, changes, use: () => feed.use((c) => changes.push(c)) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the live feed', () => {
  it('opens when a screen uses it, is live after hello (catching up once), passes changes on', () => {
    const { feed, sockets, changes, use } = setup();
    expect(sockets).toHaveLength(0);
    use();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url).toBe('ws://pos.test/API/live');
    expect(feed.isLive()).toBe(false);
    sockets[0]!.say({ type: 'hello', kiosk_id: 1001 });
    expect(feed.isLive()).toBe(true);
    expect(changes).toEqual(['all']);
    sockets[0]!.say({ type: 'changed', machines: [8], customers: [6] });
    sockets[0]!.say('not json at all');
    expect(changes).toEqual(['all', { machines: [8], customers: [6] }]);
  });

  it('a second screen shares the socket; it closes only a while after the last screen leaves', () => {
    const { sockets, use } = setup();
    const a = use();
    const b = use();
    expect(sockets).toHaveLength(1);
    a();
    b();
    vi.advanceTimersByTime(LINGER_MS - 1);
    expect(sockets[0]!.closedWith).toBeUndefined();
    // Back within the linger time: no reconnection.
    const c = use();
    vi.advanceTimersByTime(LINGER_MS * 2);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.closedWith).toBeUndefined();
    c();
    vi.advanceTimersByTime(LINGER_MS);
    expect(sockets[0]!.closedWith).toBe(1000);
  });

  it('reconnects after a drop with growing waits (1, 2, 4 s ±20 %), back to 1 s after a hello', () => {
    const { feed, sockets, use } = setup();
    const watcher = vi.fn();
    feed.watch(watcher);
    use();
    sockets[0]!.say({ type: 'hello', kiosk_id: 1001 });
    sockets[0]!.drop();
    expect(feed.isLive()).toBe(false);
    expect(watcher).toHaveBeenCalledTimes(2);
    const waits = [1000, 2000, 4000];
    for (const [i, w] of waits.entries()) {
      vi.advanceTimersByTime(w * 0.8 - 1);
      expect(sockets).toHaveLength(i + 1);
      vi.advanceTimersByTime(w * 0.4 + 1);
      expect(sockets).toHaveLength(i + 2);
      sockets[i + 1]!.drop();
    }
    vi.advanceTimersByTime(8000 * 1.2);
    sockets[4]!.say({ type: 'hello', kiosk_id: 1001 });
    sockets[4]!.drop();
    vi.advanceTimersByTime(1200);
    expect(sockets).toHaveLength(6);
  });

  it('a session that ended (4005) makes the screens refetch (they meet status 5) and waits long before trying again', () => {
    const { sockets, changes, use } = setup();
    use();
    sockets[0]!.say({ type: 'hello', kiosk_id: 1001 });
    sockets[0]!.drop(LiveClose.SESSION_ENDED);
    expect(changes).toEqual(['all', 'all']);
    vi.advanceTimersByTime(MAX_RETRY_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it('a session that ended by this tab\'s logout makes nobody refetch (the login page would meet 5\'s message)', () => {
    let signedIn = true;
    const sockets: FakeSocket[] = [];
    const changes: LiveChange[] = [];
    const feed = new LiveFeed({ open: (url) => (sockets.push(new FakeSocket(url)), sockets.at(-1)!), url: () => 'ws://pos.test/API/live', signedIn: () => signedIn });
    feed.use((c) => changes.push(c));
    sockets[0]!.say({ type: 'hello', kiosk_id: 1001 });
    signedIn = false;
    sockets[0]!.drop(LiveClose.SESSION_ENDED);
    expect(changes).toEqual(['all']);
  });

  it('does not connect without a session', () => {
    const { sockets, use } = setup(false);
    use();
    vi.advanceTimersByTime(MAX_RETRY_MS * 3);
    expect(sockets).toHaveLength(0);
  });
});
