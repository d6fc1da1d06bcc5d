import type { CallInput, CallReply } from '@moneybox/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callWith } from '../../api/call';
import { callKey } from '../../api/query-keys';
import { DRAWER_READS } from '../../api/stale-reads';
import type { ReadPath } from '../../api/call-kinds';

/** How often the Drawer page reads the drawer again while the cashier works elsewhere. */
const DRAWER_POLL_MS = 10_000;
export const MOVEMENTS_PAGE_SIZE = 10;

/**
 * A polled read: failures show inline instead of a message box every 10 s, except a lost session,
 * which still takes the spec's way back to login.
 */
function quietCall<P extends ReadPath>(path: P, payload: CallInput<P>): Promise<CallReply<P>> {
  return callWith(path, payload, { handle: 'quiet' });
}

/** The live state of the caller's drawer, or (boss) of drawer `id`. */
export function useDrawerInfo(id?: number, enabled = true) {
  const payload = id === undefined ? {} : { id };
  return useQuery({
    queryKey: callKey('/drawer/info', payload),
    queryFn: () => quietCall('/drawer/info', payload),
    enabled,
    refetchInterval: DRAWER_POLL_MS,
  });
}

export function useMovements(page: number, shiftId?: number, enabled = true) {
  const payload = { page, limit: MOVEMENTS_PAGE_SIZE, ...(shiftId === undefined ? {} : { shift_id: shiftId }) };
  return useQuery({
    queryKey: callKey('/drawer/movements', payload),
    queryFn: () => quietCall('/drawer/movements', payload),
    enabled,
    refetchInterval: DRAWER_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

export function useRecentShifts(enabled = true) {
  return useQuery({
    queryKey: callKey('/drawer/recentShifts', { limit: 10 }),
    queryFn: () => quietCall('/drawer/recentShifts', { limit: 10 }),
    enabled,
  });
}

/** After a money action: read the drawer, its movements and the shift list again. */
export function useRefreshDrawer() {
  const client = useQueryClient();
  return useCallback(() => {
    for (const path of DRAWER_READS) void client.invalidateQueries({ queryKey: callKey(path) });
  }, [client]);
}
