import { useEffect, useState } from 'react';
import type { CallReply } from '@moneybox/contract';
import { useTranslation } from 'react-i18next';
import { HEADING } from './z-report-styles';

export type DaySealView = NonNullable<CallReply<'/dayClose/get'>['seal']>;

const MONO = { fontFamily: 'monospace', fontSize: 11, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 } as const;

/** What the seal's QR code carries: the signed text, the signature and the key, one per line. */
export const sealPayload = (seal: DaySealView) => `${seal.text}\nsignature ${seal.signature}\npublic_key ${seal.public_key}`;

/**
 * The seal's QR code, drawn before the Z report is offered for printing: the report mounts only
 * when printed (the A4 copy prints 50 ms later), so a QR drawn on mount would miss the paper and make
 * two prints of one day differ. `ready` is false while it is drawn; a QR library that fails to load
 * (offline, say) leaves `qr` null and the report prints without it rather than never.
 */
export function useSealQr(seal: DaySealView | null | undefined): { qr: string | null; ready: boolean } {
  const payload = seal ? sealPayload(seal) : null;
  const [drawn, setDrawn] = useState<{ payload: string; qr: string | null } | null>(null);
  useEffect(() => {
    if (!payload) return;
    let live = true;
    import('qrcode')
      .then((q) => q.toDataURL(payload, { width: 200, margin: 1, errorCorrectionLevel: 'L' }))
      .then(
        (qr) => live && setDrawn({ payload, qr }),
        () => live && setDrawn({ payload, qr: null }),
      );
    return () => {
      live = false;
    };
  }, [payload]);
  if (!payload) return { qr: null, ready: true };
  return drawn?.payload === payload ? { qr: drawn.qr, ready: true } : { qr: null, ready: false };
}

/**
 * A closed day's ledger seal as the Z report prints it (docs/COMPLIANCE.md): the signed text, the
 * signature and the operator's public key, and a QR code of all three (from `useSealQr`), so anyone can
 * check with `scripts/check-ledger-export.mjs` that the printed day is the one the close signed.
 */
export function DaySeal({ seal, qr }: { seal: DaySealView; qr: string | null }) {
  const { t } = useTranslation('day-close');
  return (
    <section data-testid="z-report-seal">
      <h2 style={HEADING}>{t('seal.title')}</h2>
      <p style={{ fontSize: 12, margin: '2px 0' }}>{t('seal.what')}</p>
      <pre style={MONO} data-line="seal-text">
        {seal.text}
      </pre>
      <p style={MONO} data-line="seal-signature">
        {t('seal.signature')}: {seal.signature}
      </p>
      <p style={MONO} data-line="seal-key">
        {t('seal.publicKey')}: {seal.public_key}
      </p>
      {qr ? <img src={qr} alt={t('seal.qr')} width={160} height={160} style={{ display: 'block', margin: '6px auto' }} data-testid="z-report-seal-qr" data-payload={sealPayload(seal)} /> : null}
    </section>
  );
}
