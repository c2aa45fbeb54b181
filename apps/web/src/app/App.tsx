/** The application: providers, a top-level error boundary, and the router. */

import type { DataRouter } from 'react-router';
import { RouterProvider } from 'react-router';
import { ErrorBoundary } from '../features/errors/ErrorBoundary.tsx';
import { reportRenderError } from '../features/errors/reportRenderError.ts';
import { AppProviders, type AppServices } from './providers/AppProviders.tsx';

export function App({ services, router }: { services: AppServices; router: DataRouter }) {
  return (
    <AppProviders services={services}>
      <ErrorBoundary onError={(error) => reportRenderError(services.http.client, error)}>
        <RouterProvider router={router} />
      </ErrorBoundary>
    </AppProviders>
  );
}
