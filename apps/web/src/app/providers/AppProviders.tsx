/**
 * Every provider the screens rely on, in one place: Mantine (theme following the system), modals and
 * toasts, TanStack Query, and the app's runtime config, session and HTTP client.
 */
import type { RuntimeConfig } from '@bm/contracts';
import { Combobox, createTheme, MantineProvider } from '@mantine/core';
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
import toastClasses from './toasts.module.css';

export interface AppServices {
  config: RuntimeConfig;
  session: Session;
  http: { client: HttpClient; loading: LoadingCounter };
  queryClient: QueryClient;
  styleNonce?: string | undefined;
}

/**
 * Select, MultiSelect and the other inputs built on Mantine's Combobox mount their dropdown only while
 * it is open. Mantine keeps it mounted, hidden, by default, and a hidden dropdown is still positioned
 * when its input mounts or changes: floating-ui reads computed styles and layout for it, forcing
 * the style and layout of a half-built screen in the middle of React's commit. On a list screen
 * (one such input, the view picker) that was most of the first commit's forced work; see
 * bench/README.md, line 9.
 */
const theme = createTheme({
  components: { Combobox: Combobox.extend({ defaultProps: { keepMounted: false } }) },
  // Someone whose system asks for less motion gets modals, menus and toasts without their
  // transitions (index.css does the same for our own CSS).
  respectReducedMotion: true,
});

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
