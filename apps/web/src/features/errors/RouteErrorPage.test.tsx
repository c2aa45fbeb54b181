import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers/AppProviders.tsx';
import { createQueryClient } from '../../app/providers/createQueryClient.ts';
import { stubHttp, stubSession, testConfig } from '../../test/testServices.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

function Broken(): never {
  throw new Error('kaboom');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('render failures', () => {
  it('show the spec text and are logged as errors', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const http = stubHttp();
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorPage /> }]);
    render(
      <AppProviders
        env="test"
        services={{ config: testConfig, session: stubSession(), http, queryClient: createQueryClient() }}
      >
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('Uh oh! Something went wrong.')).toBeInTheDocument();
    await waitFor(() => expect(http.client.log).toHaveBeenCalled());
    expect(http.client.log).toHaveBeenCalledWith(
      expect.objectContaining({ level: 'error', message: expect.stringContaining('kaboom') }),
    );
  });

  it('are caught outside the router too', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onError = vi.fn();
    render(
      <MantineProvider env="test">
        <ErrorBoundary onError={onError}>
          <Broken />
        </ErrorBoundary>
      </MantineProvider>,
    );
    expect(screen.getByText('Uh oh! Something went wrong.')).toBeInTheDocument();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'kaboom' }));
  });
});
