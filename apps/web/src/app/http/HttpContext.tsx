/** Makes the HTTP client and the loading counter available to screens. */
import { createContext, type ReactNode, useContext } from 'react';
import type { HttpClient } from './httpClient.ts';
import type { LoadingCounter } from './loadingCounter.ts';

interface HttpServices {
  client: HttpClient;
  loading: LoadingCounter;
}

const HttpContext = createContext<HttpServices | null>(null);

export function HttpProvider({ services, children }: { services: HttpServices; children: ReactNode }) {
  return <HttpContext value={services}>{children}</HttpContext>;
}

function useHttpServices(): HttpServices {
  const services = useContext(HttpContext);
  if (!services) throw new Error('useHttp needs an HttpProvider');
  return services;
}

export const useHttp = (): HttpClient => useHttpServices().client;

/** The counter of calls in flight; the loading bar shows while it is above 0. */
export const useLoadingCounter = (): LoadingCounter => useHttpServices().loading;
