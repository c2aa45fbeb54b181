/** The record's loading states around a form or view: a loader, a retry after a failure, or the content. */
import { Alert, Center, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailedNotice } from '../errors/LoadFailedNotice.tsx';

interface RecordLoadStateProps {
  api: string | undefined;
  query: UseQueryResult<unknown>;
  children: ReactNode;
}

export function RecordLoadState({ api, query, children }: RecordLoadStateProps) {
  if (!api) {
    return (
      <Alert color="orange" title="This form has no API path">
        The preset names neither an action api nor a source. Contact your administrator.
      </Alert>
    );
  }
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading the record" />
      </Center>
    );
  }
  if (query.isError)
    return (
      <LoadFailedNotice message="The record could not be loaded." onRetry={() => void query.refetch()} />
    );
  return <>{children}</>;
}
