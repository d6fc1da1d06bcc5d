import { useCallback } from 'react';
import { useLayoutInfo } from '../theme/LayoutProvider';
import { formatSignedUnits, formatUnits } from './units';

/** Formatters bound to the layout's currency sign: `money(units)` and `signed(units)`. */
export function useMoney(): { coinSign: string; money: (units: number | null | undefined) => string; signed: (units: number | null | undefined) => string } {
  const { coinSign } = useLayoutInfo();
  const money = useCallback((units: number | null | undefined) => formatUnits(units, coinSign), [coinSign]);
  const signed = useCallback((units: number | null | undefined) => formatSignedUnits(units, coinSign), [coinSign]);
  return { coinSign, money, signed };
}
