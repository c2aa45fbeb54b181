/**
 * Query defaults: no automatic retries (the HTTP client already renews on 401, and failures alert or
 * offer their own retry) and no refetch on window focus, which would flash the loading bar.
 */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
