/**
 * The route tree: the sign-in return and error pages stand alone; everything else is behind the
 * session gate, inside the shell, with a render-failure page that keeps the shell around it.
 */
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { AccessGuard, anyoneSignedIn } from '../../features/access/AccessGuard.tsx';
import { PreconditionRequiredPage } from '../../features/errors/PreconditionRequiredPage.tsx';
import { RouteErrorPage } from '../../features/errors/RouteErrorPage.tsx';
import { HomeRedirect } from '../../features/home/HomeRedirect.tsx';
import { AppLayout } from '../../features/shell/AppLayout.tsx';
import { AuthGate } from '../../features/sign-in/AuthGate.tsx';
import { CallbackPage } from '../../features/sign-in/CallbackPage.tsx';
import { SignInErrorPage } from '../../features/sign-in/SignInErrorPage.tsx';
import { RouteScreen } from './RouteScreen.tsx';

// The dashboards and their charts load when one is opened, not with the list screens.
const DashboardScreen = lazy(() => import('../../features/dashboards/DashboardScreen.tsx'));

export const appRoutes: RouteObject[] = [
  { path: '/callback', element: <CallbackPage /> },
  { path: '/error', element: <SignInErrorPage /> },
  {
    element: <AuthGate />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <AppLayout />,
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [
              { index: true, element: <HomeRedirect /> },
              {
                path: '428',
                element: (
                  <AccessGuard rule={anyoneSignedIn}>
                    <PreconditionRequiredPage />
                  </AccessGuard>
                ),
              },
              {
                path: 'dashboard/:id?',
                element: (
                  <AccessGuard rule={anyoneSignedIn}>
                    <Suspense fallback={null}>
                      <DashboardScreen />
                    </Suspense>
                  </AccessGuard>
                ),
              },
              { path: '*', element: <RouteScreen /> },
            ],
          },
        ],
      },
    ],
  },
];
