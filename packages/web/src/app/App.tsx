import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { setNavigator } from './navigation';
import { queryClient } from './query-client';
import { createRouter } from './router';

/**
 * The app's router (every route, the login page's too) and its query cache; loaded after the login
 * page when that is served alone (Root.tsx).
 */
export default function App() {
  const [router] = useState(() => {
    const r = createRouter();
    setNavigator((to, opts) => void r.navigate(to, opts));
    return r;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
