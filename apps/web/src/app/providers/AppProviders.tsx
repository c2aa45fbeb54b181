/**
 * Every provider the screens rely on, in one place: Mantine (theme following the system), modals and
 * toasts, TanStack Query, and the app's runtime config, session and HTTP client.
 */
import type { RuntimeConfig } from '@bm/contracts';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionProvider } from '../auth/SessionContext.tsx';
import type { Session } from '../auth/session.ts';
import { RuntimeConfigProvider } from '../config/RuntimeConfigContext.tsx';
import { HttpProvider } from '../http/HttpContext.tsx';
import type { HttpClient } from '../http/httpClient.ts';
import type { LoadingCounter } from '../http/loadingCounter.ts';
import { readableCssVariables, theme } from './theme.ts';
import toastClasses from './toasts.module.css';

export interface AppServices {
  config: RuntimeConfig;
  session: Session;
  http: { client: HttpClient; loading: LoadingCounter };
  queryClient: QueryClient;
  styleNonce?: string | undefined;
}

interface AppProvidersProps {
  services: AppServices;
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'default' | 'test';
  children: ReactNode;
}

export function AppProviders({ services, env = 'default', children }: AppProvidersProps) {
  const { config, session, http, queryClient, styleNonce } = services;
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={readableCssVariables}
      defaultColorScheme="auto"
      env={env}
      getStyleNonce={styleNonce ? () => styleNonce : undefined}
    >
      <ModalsProvider>
        <Notifications position="bottom-right" className={toastClasses.toasts} />
        <QueryClientProvider client={queryClient}>
          <RuntimeConfigProvider config={config}>
            <SessionProvider session={session}>
              <HttpProvider services={http}>{children}</HttpProvider>
            </SessionProvider>
          </RuntimeConfigProvider>
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>
  );
}
