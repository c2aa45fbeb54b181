/** The tool pages' shared pieces: the refresh button, and the loading and error states of a read. */
import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailedNotice } from '../errors/LoadFailedNotice.tsx';
import { ScreenLoader } from '../loading/ScreenLoader.tsx';

export function RefreshButton({ query }: { query: UseQueryResult }) {
  return (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconRefresh size={14} aria-hidden />}
      loading={query.isFetching}
      onClick={() => void query.refetch()}
    >
      Refresh
    </Button>
  );
}

/** The query's data given to `children`; a loader while it loads; the error with a retry. */
export function QueryState<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return <ScreenLoader />;
  }
  if (query.isError) {
    return (
      <LoadFailedNotice
        message={`${what} could not be loaded: ${query.error.message}`}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return children(query.data);
}
