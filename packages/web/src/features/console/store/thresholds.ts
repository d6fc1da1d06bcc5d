import { ALERT_THRESHOLDS, type ThresholdKind } from '@moneybox/contract/alert-kinds';
import { toUnits } from '@moneybox/contract/money';
import { unitsToCents } from '../../../money/units';

/** Form values of the alert thresholds: '' when not set. */
export type ThresholdForm = Record<ThresholdKind, string | number>;
export const isMoney = (k: ThresholdKind) => ALERT_THRESHOLDS[k].unit === 'cents';
/** A threshold as a form shows it (currency units for amounts), '' when not set. */
export const shown = (k: ThresholdKind, v: number | null) => (v === null ? '' : isMoney(k) ? toUnits(v) : v);
/** A form's value as the call takes it: null (not set) or cents / hours / minutes / a count. */
export const sent = (k: ThresholdKind, v: string | number) => (v === '' ? null : isMoney(k) ? unitsToCents(Number(v)) : Math.round(Number(v)));
