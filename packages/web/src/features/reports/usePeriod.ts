import { useState } from 'react';
import { storeToday } from '../../time/store-time';
import { useLocalTimeDiff } from '../../time/useLocalTimeDiff';
import { todayPeriod, type Period } from './period';

/**
 * The applied period of a report page: today in store time until the user applies another one.
 * `ready` once the store's offset is known (so "today" is the store's today).
 */
export function usePeriod() {
  const { diff, ready } = useLocalTimeDiff();
  const today = storeToday(diff);
  const [applied, setApplied] = useState<Period | null>(null);
  return { period: applied ?? todayPeriod(today), today, ready, apply: setApplied };
}
