import type { CallInput, DrawerShiftReply } from '@moneybox/contract';
import type { QueryClient } from '@tanstack/react-query';
import { runWrite } from '../../api/write';

/** The blind cash count sent with shift close (currency units; denominations optional): the call's input. */
type ShiftCount = CallInput<'/drawer/shift'>;

/** Shift close: the drawer's numbers, frozen from now on; with the cashier's count when one was taken. */
export function closeShift(client: QueryClient, count: ShiftCount = {}): Promise<DrawerShiftReply> {
  return runWrite(client, '/drawer/shift', count);
}
