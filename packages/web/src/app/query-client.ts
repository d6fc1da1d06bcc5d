import { QueryClient } from '@tanstack/react-query';

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

/** The app's one query cache; it loads with the app (App.tsx), not with the login page served alone. */
export const queryClient = createQueryClient();
