import { LoadingOverlay as MantineOverlay } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Full-screen overlay while something loads. Free of TanStack Query, so the login page served
 * alone can show it; the Default layout's "a write is in flight" overlay is `WritesOverlay`.
 */
export function LoadingOverlay({ visible }: { visible: boolean }) {
  return <MantineOverlay visible={visible} zIndex={1000} overlayProps={{ blur: 1 }} pos="fixed" />;
}

/** The Suspense fallback while a page's code or texts arrive. */
export function PageLoading() {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <div role="status" aria-live="polite" style={{ minHeight: 200, position: 'relative' }}>
      <MantineOverlay visible zIndex={10} overlayProps={{ backgroundOpacity: 0 }} />
      <span className="visually-hidden">{t('loading', { defaultValue: 'Loading…' })}</span>
    </div>
  );
}
