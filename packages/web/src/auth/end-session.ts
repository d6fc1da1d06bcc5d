import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { runWrite } from '../api/write';
import { kioskData, loginPath, signOut } from './session';

/**
 * Ends the session on the server too, then clears the browser's auth. A failure to reach the
 * server must not keep the cashier logged in on this PC, so its errors are not shown.
 */
export async function endSession(client: QueryClient): Promise<void> {
  if (kioskData().account) {
    await runWrite(client, '/user/logout', {}, { handle: false }).catch(() => undefined);
  }
  signOut();
}

/** Logout's last step (and the Drawer page's after shift close): end the session, forget cached replies, go to login. */
export function useEndSession(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await endSession(queryClient);
    const to = loginPath();
    queryClient.clear();
    void navigate(to, { replace: true });
  }, [navigate, queryClient]);
}
