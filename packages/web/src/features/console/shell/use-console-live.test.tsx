import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveClose } from '@moneybox/contract/live';
import { setConsoleSession } from '../../../auth/console-session';
import { useConsoleLive } from './use-console-live';

/** The browser's WebSocket as the hook uses it: what it sent, and messages the test makes it hear. */
class FakeSocket {
  static all: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: MessageEvent<string>) => void) | null = null;
  onclose: ((e: CloseEvent) => void) | null = null;
  sent: string[] = [];
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {}
  hear(m: object) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(m) }));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeSocket.all = [];
  sessionStorage.clear();
});

/** A query cache holding the console's reads; which of them a push makes stale. */
function setup() {
  vi.stubGlobal('WebSocket', FakeSocket);
  setConsoleSession({ uid: 7, token: 'tok', username: 'dist0001', role: 'distributor' });
  const client = new QueryClient();
  const keys = [['/operator/stores', {}], ['/operator/store', { kid: 1001 }], ['/operator/alertCount', {}], ['/operator/alerts', {}], ['/operator/accounts', {}]];
  for (const k of keys) client.setQueryData(k, { status: 0 });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  renderHook(() => useConsoleLive(7), { wrapper });
  const socket = FakeSocket.all[0]!;
  socket.onopen?.();
  const stale = () => keys.filter((k) => client.getQueryState(k)?.isInvalidated).map((k) => k[0]);
  return { socket, stale };
}

describe('the console live socket', () => {
  it('sends the console session first; a stores push makes the stores list and store page stale, and nothing else', () => {
    const { socket, stale } = setup();
    expect(socket.url).toMatch(/\/API\/operator\/live$/);
    expect(JSON.parse(socket.sent[0]!)).toEqual({ UID: 7, TOKEN: 'tok' });
    socket.hear({ type: 'stores' });
    expect(stale()).toEqual(['/operator/stores', '/operator/store']);
  });

  it('an alerts push makes the alert count and list stale; a hello everything that moved while away', () => {
    const first = setup();
    first.socket.hear({ type: 'alerts' });
    expect(first.stale()).toEqual(['/operator/alertCount', '/operator/alerts']);
    first.socket.hear({ type: 'hello' });
    expect(first.stale()).toEqual(['/operator/stores', '/operator/store', '/operator/alertCount', '/operator/alerts']);
  });

  it('a close with the session-ended code makes every read stale (the next meets 5 and signs out) and opens no new socket; a drop reconnects', () => {
    vi.useFakeTimers();
    try {
      const ended = setup();
      ended.socket.onclose?.(new CloseEvent('close', { code: LiveClose.SESSION_ENDED }));
      expect(ended.stale()).toEqual(['/operator/stores', '/operator/store', '/operator/alertCount', '/operator/alerts', '/operator/accounts']);
      vi.advanceTimersByTime(10_000);
      expect(FakeSocket.all).toHaveLength(1);

      FakeSocket.all = [];
      const dropped = setup();
      dropped.socket.onclose?.(new CloseEvent('close', { code: 1006 }));
      expect(dropped.stale()).toEqual([]);
      vi.advanceTimersByTime(10_000);
      expect(FakeSocket.all).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
