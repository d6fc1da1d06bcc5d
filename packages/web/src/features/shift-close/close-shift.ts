import type { CallInput, CallReply, DrawerShiftReply } from '@moneybox/contract';
import { call } from '../../api/call';
import type { QueryClient } from '@tanstack/react-query';
import { runWrite } from '../../api/write';

/** The blind cash count sent with shift close (currency units; denominations optional): the call's input. */
type ShiftCount = CallInput<'/drawer/shift'>;

/** Shift close: the drawer's numbers, frozen from now on; with the cashier's count when one was taken. */
export function closeShift(client: QueryClient, count: ShiftCount = {}): Promise<DrawerShiftReply> {
  return runWrite(client, '/drawer/shift', count);
}

/**
 * One-step handover: closes the shift with its count and starts the next cashier's shift from it
 * (their username and password sign for the count), under a fresh one-time key.
 */
export async function handOver(client: QueryClient, input: Omit<CallInput<'/drawer/handover'>, 'key'>): Promise<CallReply<'/drawer/handover'>> {
  const { key } = await call('/config/key', {}, { auth: false });
  return runWrite(client, '/drawer/handover', { ...input, key });
}
