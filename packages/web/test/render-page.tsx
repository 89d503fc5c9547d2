import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { AppServices } from '../src/app/services.js';
import { ServicesProvider } from '../src/app/services-context.js';

/** Renders one page at `path` inside the app's providers and a memory router, as the app would. */
export function renderPage(services: AppServices, path: string, page: () => ReactElement) {
  const router = createRouter({
    routeTree: createRootRoute({ component: page }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const result = render(
    <ServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </ServicesProvider>,
  );
  return { router, ...result };
}
