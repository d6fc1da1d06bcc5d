import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from '../app/query-client';
import { i18nReady, loadStatusTexts } from '../i18n/i18n';
import { mantineTheme } from '../theme/themes';

/** Renders routes with the app's providers (Mantine in test mode, real i18n, a fresh query cache). */
export async function renderRoutes(routes: RouteObject[], path: string, client: QueryClient = createQueryClient()) {
  await i18nReady;
  // As the app starts (app/Root.tsx): with the refusals' texts.
  await loadStatusTexts();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={client}>
      <MantineProvider theme={mantineTheme('bluegreen')} env="test">
        <ModalsProvider>
          <Suspense fallback={<p>loading</p>}>
            <RouterProvider router={router} />
          </Suspense>
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}
