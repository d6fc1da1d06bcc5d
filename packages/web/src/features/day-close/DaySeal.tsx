import { useEffect, useState } from 'react';
import type { CallReply } from '@moneybox/contract';
import { useTranslation } from 'react-i18next';
import { HEADING } from './z-report-styles';

export type DaySealView = NonNullable<CallReply<'/dayClose/get'>['seal']>;

const MONO = { fontFamily: 'monospace', fontSize: 11, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 } as const;

/**
 * A closed day's ledger seal as the Z report prints it (docs/COMPLIANCE.md): the signed text, the
 * signature and the operator's public key, and a QR code of all three, so anyone can check with
 * `scripts/check-ledger-export.mjs` that the printed day is the one the close signed. The QR library
 * loads only when a seal is shown.
 */
export function DaySeal({ seal }: { seal: DaySealView }) {
  const { t } = useTranslation('day-close');
  const [qr, setQr] = useState<string | null>(null);
  const payload = `${seal.text}\nsignature ${seal.signature}\npublic_key ${seal.public_key}`;
  useEffect(() => {
    let live = true;
    void import('qrcode').then(async (q) => {
      const url = await q.toDataURL(payload, { width: 200, margin: 1, errorCorrectionLevel: 'L' });
      if (live) setQr(url);
    });
    return () => {
      live = false;
    };
  }, [payload]);
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
      {qr ? <img src={qr} alt={t('seal.qr')} width={160} height={160} style={{ display: 'block', margin: '6px auto' }} data-testid="z-report-seal-qr" data-payload={payload} /> : null}
    </section>
  );
}
