import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { setNavigator } from './navigation';
import { createRouter } from './router';

/** The app's router (every route, the login page's too); loaded after the login page when that is served alone (Root.tsx). */
export default function App() {
  const [router] = useState(() => {
    const r = createRouter();
    setNavigator((to, opts) => void r.navigate(to, opts));
    return r;
  });
  return <RouterProvider router={router} />;
}
