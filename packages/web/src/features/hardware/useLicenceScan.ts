import type { MinimumAge } from '@moneybox/contract/minimum-age';
import { ageDay } from '@moneybox/contract/minimum-age';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { licenceRefusal, looksLikeAamva, parseAamva, type Licence } from './aamva';
import { useScanBurst } from './scan-burst';

export interface LicenceScanned {
  /** The licence read; null when it was refused (the hook says why). */
  licence: Licence | null;
  /** The `name` of the field the scan typed into, and its value before: the page puts it back. */
  field: string | null;
  before: string | null;
}

/**
 * A driver's licence or ID card scanned (its PDF417 by a 2D scanner in keyboard mode) while `enabled`:
 * read, and refused when corrupt, expired or its holder is under the store's minimum age (`store`; null
 * while unknown: not checked). Other scans are left to the page. Returns the refusal to show, or null.
 */
export function useLicenceScan(enabled: boolean, store: MinimumAge | null, onScanned: (scan: LicenceScanned) => void): string | null {
  const { t } = useTranslation('hardware');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) setProblem(null);
  }, [enabled]);
  useScanBurst(({ text, target, before }) => {
    if (!looksLikeAamva(text)) return;
    const field = target?.getAttribute('name') ?? null;
    const read = parseAamva(text);
    const refusal = read.ok ? licenceRefusal(read.licence, store, ageDay()) : null;
    if (!read.ok) setProblem(t('idScan.corrupt'));
    else if (refusal === 'expired') setProblem(t('idScan.expired', { date: read.licence.expires }));
    else if (refusal === 'minor') setProblem(t('idScan.minor', { count: store?.min_age ?? 0 }));
    else setProblem(null);
    onScanned({ licence: read.ok && !refusal ? read.licence : null, field, before });
  }, enabled);
  return problem;
}
