import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { sharedInvalidator } from './invalidate';
import { liveFeed, type LiveFeed } from './live-feed';

/** While pushes arrive, a screen still polls this slowly, in case a message was lost. */
export const LIVE_FALLBACK_POLL_MS = 30_000;

/**
 * For a screen that shows live data: keeps the tab's live socket open while mounted, refetches
 * the screen's queries when the server says they changed, and says whether pushes are arriving.
 * Use with `livePoll`: `refetchInterval: livePoll(live, 2_000)`.
 */
export function useLive(feed: LiveFeed = liveFeed): boolean {
  const client = useQueryClient();
  useEffect(() => {
    return feed.use(sharedInvalidator(client).apply);
  }, [client, feed]);
  return useSyncExternalStore(feed.watch, feed.isLive);
}

/** The poll interval: slow while live, the screen's own rate while the socket is down. */
export const livePoll = (live: boolean, downMs: number): number => (live ? LIVE_FALLBACK_POLL_MS : downMs);
