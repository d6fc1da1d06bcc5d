import { LIVE_PATH, LiveClose, type LiveIds, type LiveMessage } from '@moneybox/contract/live';

/** What changed, or 'all' when the screens must catch up (a (re)connection, a lost session). */
export type LiveChange = { machines: LiveIds; customers: LiveIds } | 'all';

/** The part of a browser WebSocket the feed uses (tests pass a fake). */
export interface SocketLike {
  onmessage: ((e: MessageEvent) => void) | null;
  onclose: ((e: CloseEvent) => void) | null;
  close(code?: number): void;
}

interface LiveFeedOptions {
  open(url: string): SocketLike;
  url(): string;
  /** Only a signed-in browser has the cookies the socket is authenticated by. */
  signedIn(): boolean;
}

/** Reconnection waits 1, 2, 4… seconds up to this, ±20 %, so a restarted server is not stormed. */
export const MAX_RETRY_MS = 30_000;
/** The socket stays open this long after the last screen that wanted it, so moving between screens does not reconnect. */
export const LINGER_MS = 5_000;

/**
 * The browser's end of the live socket (GET /API/live): one socket for the whole tab, open while
 * a screen uses it, reconnecting with backoff. It only passes on what changed; the screens'
 * queries refetch through their calls (live/invalidate.ts), and poll fast while it is down.
 */
export class LiveFeed {
  private socket: SocketLike | undefined;
  private live = false;
  private users = new Set<(c: LiveChange) => void>();
  private watchers = new Set<() => void>();
  private retry: ReturnType<typeof setTimeout> | undefined;
  private linger: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;

  constructor(private readonly opts: LiveFeedOptions) {}

  /** True while the socket is open and its session accepted: pushes arrive, slow polling is enough. */
  isLive = (): boolean => this.live;

  /** For useSyncExternalStore: called when isLive() changes. */
  watch = (fn: () => void): (() => void) => {
    this.watchers.add(fn);
    return () => void this.watchers.delete(fn);
  };

  /** A screen that wants pushes; the returned function says it no longer does. */
  use(onChange: (c: LiveChange) => void): () => void {
    this.users.add(onChange);
    clearTimeout(this.linger);
    this.linger = undefined;
    if (!this.socket && !this.retry) this.connect();
    return () => {
      this.users.delete(onChange);
      if (this.users.size === 0) this.linger ??= setTimeout(() => this.stop(), LINGER_MS);
    };
  }

  private connect(): void {
    this.retry = undefined;
    if (this.users.size === 0) return;
    if (!this.opts.signedIn()) return this.later(MAX_RETRY_MS);
    let s: SocketLike;
    try {
      s = this.opts.open(this.opts.url());
    } catch {
      return this.later(this.backoff());
    }
    this.socket = s;
    s.onmessage = (e) => this.receive(e.data);
    s.onclose = (e) => {
      if (this.socket !== s) return;
      this.socket = undefined;
      this.setLive(false);
      // The session is over: the screens' next calls meet status 5 and go to login; no hurry to reconnect.
      if (e.code === LiveClose.SESSION_ENDED) {
        // Signed out here (a logout): nothing to refetch, or the login page would meet 5's message.
        if (this.opts.signedIn()) this.emit('all');
        return this.later(MAX_RETRY_MS);
      }
      this.later(this.backoff());
    };
  }

  private receive(data: unknown): void {
    let m: LiveMessage;
    try {
      m = JSON.parse(String(data)) as LiveMessage;
    } catch {
      return;
    }
    if (m.type === 'hello') {
      this.failures = 0;
      this.setLive(true);
      // Whatever changed while the socket was down (or before it opened) is fetched now.
      this.emit('all');
    } else if (m.type === 'changed') {
      this.emit({ machines: m.machines, customers: m.customers });
    }
  }

  private backoff(): number {
    const base = Math.min(MAX_RETRY_MS, 1000 * 2 ** this.failures++);
    return Math.round(base * (0.8 + Math.random() * 0.4));
  }

  private later(ms: number): void {
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.connect(), ms);
  }

  private stop(): void {
    this.linger = undefined;
    clearTimeout(this.retry);
    this.retry = undefined;
    const s = this.socket;
    this.socket = undefined;
    s?.close(1000);
    this.setLive(false);
  }

  private emit(c: LiveChange): void {
    for (const u of this.users) u(c);
  }

  private setLive(live: boolean): void {
    if (this.live === live) return;
    this.live = live;
    for (const w of this.watchers) w();
  }
}

/** The tab's feed: the page's own origin, its cookies. */
export const liveFeed = new LiveFeed({
  open: (url) => new WebSocket(url),
  url: () => `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${LIVE_PATH}`,
  signedIn: () => document.cookie.split('; ').some((c) => c.startsWith('token=')),
});
