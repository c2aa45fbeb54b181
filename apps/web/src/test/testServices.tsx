/**
 * Test doubles for the app's services and a render helper that mounts a screen inside the real
 * providers and a memory router, with rights, menu, favourites and the route table already in the
 * query cache.
 */
import type { AppRoutes, Favorite, MenuItem, RuntimeConfig } from '@bm/contracts';
import { render } from '@testing-library/react';
import { User } from 'oidc-client-ts';
import type { ReactNode } from 'react';
import { createMemoryRouter, parsePath, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { Session, SessionSnapshot } from '../app/auth/session.ts';
import type { HttpClient, RequestOptions } from '../app/http/httpClient.ts';
import { createLoadingCounter } from '../app/http/loadingCounter.ts';
import { AppProviders, type AppServices } from '../app/providers/AppProviders.tsx';
import { createQueryClient } from '../app/providers/createQueryClient.ts';
import { APP_ROUTES_KEY } from '../app/routes/useAppRoutes.ts';
import { RIGHTS_KEY } from '../features/access/useUserRights.ts';
import { FAVORITES_KEY, MENU_KEY } from '../features/menu/menuQueries.ts';

export const testConfig: RuntimeConfig = {
  appName: 'BM Tools',
  authority: 'http://localhost:3000/oidc',
  clientId: 'bm-tools-spa',
  scope: 'openid profile bm-tools-api bm-tools-hub',
  clientRequestTimeOut: 30,
  toolUrls: { roadmap: 'https://roadmap.example.test/' },
  fallbackToolUrl: '',
  redirectOrigins: [],
};

function testUser(email = 'editor@bmtools.local'): User {
  return new User({
    access_token: 'token',
    token_type: 'Bearer',
    scope: 'openid profile bm-tools-api',
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    profile: { sub: 'sub-1', email, iss: 'http://idp', aud: 'spa', exp: 0, iat: 0 },
  });
}

export function stubSession(snapshot: SessionSnapshot = { status: 'signedIn', user: testUser() }): Session {
  return {
    getSnapshot: () => snapshot,
    subscribe: () => () => {},
    restore: vi.fn(async () => {}),
    getAccessToken: vi.fn(async () => 'token'),
    peekAccessToken: vi.fn(() => 'token'),
    renew: vi.fn(async () => 'token'),
    expire: vi.fn(),
    signIn: vi.fn(async () => {}),
    signOut: vi.fn(async () => {}),
    completeSignIn: vi.fn(async () => testUser()),
  };
}

export type RequestHandler = (path: string, options?: RequestOptions) => unknown;

export function stubHttp(handler: RequestHandler = () => undefined) {
  const client = {
    request: vi.fn(async (path: string, options?: RequestOptions) => handler(path, options)),
    log: vi.fn(async () => {}),
  };
  return { client: client as HttpClient & typeof client, loading: createLoadingCounter() };
}

interface RenderOptions {
  route?: string;
  /** The router state of the first entry (what a Link's `state` hands over). */
  routeState?: unknown;
  path?: string;
  rights?: string[];
  menu?: MenuItem[];
  favorites?: Favorite[];
  /** What `GET /api/app-routes` would answer. */
  appRoutes?: AppRoutes;
  services?: Partial<AppServices>;
}

export function renderWithApp(ui: ReactNode, options: RenderOptions = {}) {
  const queryClient = createQueryClient();
  if (options.rights) queryClient.setQueryData(RIGHTS_KEY, options.rights);
  if (options.menu) queryClient.setQueryData(MENU_KEY, options.menu);
  if (options.favorites) queryClient.setQueryData(FAVORITES_KEY, options.favorites);
  if (options.appRoutes) queryClient.setQueryData(APP_ROUTES_KEY, options.appRoutes);
  const services: AppServices = {
    config: testConfig,
    session: stubSession(),
    http: stubHttp(),
    queryClient,
    ...options.services,
  };
  const router = createMemoryRouter(
    [
      { path: options.path ?? '*', element: ui },
      { path: '*', element: <p>elsewhere</p> },
    ],
    {
      initialEntries: [
        options.routeState === undefined
          ? (options.route ?? '/')
          : { ...parsePath(options.route ?? '/'), state: options.routeState },
      ],
    },
  );
  const view = render(
    <AppProviders services={services} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, services, queryClient };
}
