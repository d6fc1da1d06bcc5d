import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LayoutProvider } from '../theme/LayoutProvider';
import { DeferredModals, DeferredNotifications } from './overlays/DeferredOverlays';

/** Spec section 9's default fetch delay: no call is retried or refetched faster than this. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Failures are business outcomes with their own handling (spec section 8), never retried blindly.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 200 },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** What every screen stands in, the login page served alone included: queries, the layout's theme, message boxes and toasts. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LayoutProvider>
        <DeferredModals />
        <DeferredNotifications />
        {children}
      </LayoutProvider>
    </QueryClientProvider>
  );
}
