import type { CallInput, CallReply, DrawerShiftReply } from '@moneybox/contract';
import type { OneTimeKey } from '../../api/one-time-key';
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
export function handOver(client: QueryClient, keys: OneTimeKey, input: Omit<CallInput<'/drawer/handover'>, 'key'>): Promise<CallReply<'/drawer/handover'>> {
  return keys.submit('/drawer/handover', (key) => runWrite(client, '/drawer/handover', { ...input, key }));
}
