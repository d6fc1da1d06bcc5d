import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { PageLoading } from '../components/LoadingOverlay';
import { LayoutProvider } from '../theme/LayoutProvider';
import { setNavigator } from './navigation';
import { DeferredModals, DeferredNotifications } from './overlays/DeferredOverlays';
import { createRouter } from './router';

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

export function App() {
  const [router] = useState(() => {
    const r = createRouter();
    setNavigator((to, opts) => void r.navigate(to, opts));
    return r;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <LayoutProvider>
        <DeferredModals />
        <DeferredNotifications />
        <Suspense fallback={<PageLoading />}>
          <RouterProvider router={router} />
        </Suspense>
      </LayoutProvider>
    </QueryClientProvider>
  );
}
