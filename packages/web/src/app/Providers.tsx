import type { ReactNode } from 'react';
import { LayoutProvider } from '../theme/LayoutProvider';
import { DeferredModals, DeferredNotifications } from './overlays/DeferredOverlays';

/**
 * What every screen stands in, the login page served alone included: the layout's theme, message
 * boxes and toasts. The query cache (TanStack Query) comes with the app (App.tsx): the login page
 * served alone does not load it.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <LayoutProvider>
      <DeferredModals />
      <DeferredNotifications />
      {children}
    </LayoutProvider>
  );
}
