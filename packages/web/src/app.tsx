import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useMemo } from 'react';
import type { AppServices } from './app/services.js';
import { ServicesProvider } from './app/services-context.js';
import { startApp } from './app/startup.js';
import { createAppRouter } from './router.js';
import { AppErrorBoundary } from './shell/error-screens.js';
import { Toaster } from './shell/toaster.js';

export function App({ services }: { services: AppServices }) {
  const router = useMemo(() => createAppRouter(services), [services]);
  useEffect(() => startApp(services), [services]);
  return (
    <AppErrorBoundary>
      <ServicesProvider services={services}>
        <QueryClientProvider client={services.queryClient}>
          <RouterProvider router={router} />
          <Toaster />
        </QueryClientProvider>
      </ServicesProvider>
    </AppErrorBoundary>
  );
}
