import { useCallback, useState } from 'react';
import { CUSTOMER_ID_KEY } from '../../auth/session';

/** The customer being served: kept for the tab under `currentCustomerId`; signOut() clears it. */
function readCurrentCustomerId(): number | null {
  try {
    const v = sessionStorage.getItem(CUSTOMER_ID_KEY);
    return v && /^\d{1,15}$/.test(v) ? Number(v) : null;
  } catch {
    return null;
  }
}

export function writeCurrentCustomerId(id: number | null): void {
  try {
    if (id === null) sessionStorage.removeItem(CUSTOMER_ID_KEY);
    else sessionStorage.setItem(CUSTOMER_ID_KEY, String(id));
  } catch {
    // Without storage the id lives in the page's state only.
  }
}

export function useCurrentCustomerId(): [number | null, (id: number | null) => void] {
  const [id, setId] = useState<number | null>(readCurrentCustomerId);
  const set = useCallback((next: number | null) => {
    writeCurrentCustomerId(next);
    setId(next);
  }, []);
  return [id, set];
}
