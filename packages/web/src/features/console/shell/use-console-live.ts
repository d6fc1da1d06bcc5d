import { CONSOLE_LIVE_PATH, LiveClose, type ConsoleLiveMessage } from '@moneybox/contract/live';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ReadPath } from '@moneybox/contract';
import { consoleSession } from '../../../auth/console-session';
import { callKey } from '../../../api/query-keys';

const RETRY_MS = 3_000;
/**
 * How often the header's count and the Alerts screen's list are read again besides the live socket's
 * pushes: a push lost (a socket between reconnects, a bus notification missed on PostgreSQL, a refetch
 * that failed under load) is then only this late, never for good.
 */
export const ALERTS_POLL_MS = 15_000;
const ALERT_KEYS: readonly ReadPath[] = ['/operator/alertCount', '/operator/alerts'];
const STORE_KEYS: readonly ReadPath[] = ['/operator/stores', '/operator/store'];

/**
 * The console's live socket (contract live.ts CONSOLE_LIVE_PATH): sends the tab's console session
 * first, then refetches the alert count and lists whenever the server says alerts moved, and the stores
 * list and store page whenever a store of the account's scope moved (the stores screen's poll stays as
 * the fallback). Reconnects after a drop, not after the server ended the session: then every read is
 * fetched again, and the first to meet status 5 signs the console out.
 */
export function useConsoleLive(uid: number | undefined): void {
  const client = useQueryClient();
  useEffect(() => {
    if (uid === undefined) return;
    let socket: WebSocket | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const refetch = (keys: readonly ReadPath[]) => {
      for (const path of keys) void client.invalidateQueries({ queryKey: callKey(path) });
    };
    const open = () => {
      const s = consoleSession();
      if (!s || stopped) return;
      socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${CONSOLE_LIVE_PATH}`);
      socket.onopen = () => socket?.send(JSON.stringify({ UID: s.uid, TOKEN: s.token }));
      socket.onmessage = (e: MessageEvent<string>) => {
        const m = JSON.parse(e.data) as ConsoleLiveMessage;
        // After a hello: everything that moved while the socket was away.
        if (m.type === 'alerts' || m.type === 'hello') refetch(ALERT_KEYS);
        if (m.type === 'stores' || m.type === 'hello') refetch(STORE_KEYS);
      };
      socket.onclose = (e) => {
        if (stopped) return;
        // The server ended the session (the account disabled, removed, given a new password): the
        // screen's reads are fetched again now, meet status 5 and sign the console out at once.
        if (e.code === LiveClose.SESSION_ENDED) void client.invalidateQueries();
        else retry = setTimeout(open, RETRY_MS);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [uid, client]);
}
