import type { MinimumAge } from '@moneybox/contract/minimum-age';
import { ageDay } from '@moneybox/contract/minimum-age';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
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
 * A driver's licence or ID card scanned (its PDF417 by a 2D scanner in keyboard mode; by the camera, see
 * `readLicence`) while `enabled`:
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
    const read = readLicence(text, store, t);
    setProblem(read.problem);
    onScanned({ licence: read.licence, field: target?.getAttribute('name') ?? null, before });
  }, enabled);
  return problem;
}

/**
 * A licence's barcode text as the counter takes it, whether a scanner typed it or the camera read it: the
 * licence, or null with the refusal to show (corrupt, expired, or its holder under the store's minimum age).
 */
export function readLicence(text: string, store: MinimumAge | null, t: TFunction<'hardware'>): { licence: Licence | null; problem: string | null } {
  const read = parseAamva(text);
  if (!read.ok) return { licence: null, problem: t('idScan.corrupt') };
  const refusal = licenceRefusal(read.licence, store, ageDay());
  if (refusal === 'expired') return { licence: null, problem: t('idScan.expired', { date: read.licence.expires }) };
  if (refusal === 'minor') return { licence: null, problem: t('idScan.minor', { count: store?.min_age ?? 0 }) };
  return { licence: read.licence, problem: null };
}
