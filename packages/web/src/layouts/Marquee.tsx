import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiQuery } from '../api/hooks';
import { useLayoutInfo } from '../theme/LayoutProvider';
import { ANNOUNCE_POLL_MS, MARQUEE_DELAY_MS, messagesForLayout } from './marquee-filter';

/** Announcements for this layout, polled every 3 minutes; empty until 1 second after load. */
export function useMarqueeMessages(): string[] {
  const { layout } = useLayoutInfo();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setReady(true), MARQUEE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const announce = useApiQuery('/config/announce', {}, { refetchInterval: ANNOUNCE_POLL_MS, enabled: ready });
  return ready ? messagesForLayout(announce.data?.msgInfo, layout) : [];
}

export function Marquee({ messages }: { messages: string[] }) {
  const { t } = useTranslation('layout');
  // Nothing to announce (yet): the band keeps its 40px, so the page does not move when a message arrives.
  if (messages.length === 0) return <div className="mbx-marquee" aria-hidden="true" data-testid="marquee-space" />;
  // Longer texts scroll for longer, so every message moves at about the same reading speed.
  const chars = messages.join('').length;
  const duration = Math.max(15, Math.round(chars / 6));
  return (
    <div className="mbx-marquee" role="region" aria-label={t('announcements')} data-testid="marquee">
      <div className="mbx-marquee__track" style={{ ['--mbx-marquee-duration' as string]: `${duration}s` }}>
        {messages.map((m, i) => (
          <span className="mbx-marquee__item" key={i}>
            {m}
          </span>
        ))}
      </div>
    </div>
  );
}
