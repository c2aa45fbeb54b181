/**
 * The record's loading states around a form or view: a loader, one clear message when the record
 * cannot be shown, or the content. A record that does not exist says so with a way back to its list
 * (trying again cannot help); any other failure says why in plain words, with Retry.
 */
import { Alert, Button } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HttpError } from '../../app/http/HttpError.ts';
import { plainErrorMessage } from '../../app/http/plainError.ts';
import { LoadFailedNotice } from '../errors/LoadFailedNotice.tsx';
import { ScreenLoader } from '../loading/ScreenLoader.tsx';

interface RecordLoadStateProps {
  api: string | undefined;
  query: UseQueryResult<unknown>;
  /** The list the record belongs to, for the way back from a missing record. */
  list?: { label: string; path: string } | undefined;
  children: ReactNode;
}

export function RecordLoadState({ api, query, list, children }: RecordLoadStateProps) {
  if (!api) {
    return (
      <Alert color="orange" title="This form has no API path">
        The preset names neither an action api nor a source. Contact your administrator.
      </Alert>
    );
  }
  if (query.isPending) {
    return <ScreenLoader label="Loading the record" />;
  }
  if (query.isError) {
    if (query.error instanceof HttpError && query.error.status === 404)
      return (
        <Alert color="orange" title="This record does not exist" role="alert" maw={560}>
          It may have been deleted, or the address is wrong.
          {list && (
            <Button
              component={Link}
              to={list.path}
              size="xs"
              variant="light"
              mt="sm"
              display="block"
              w="fit-content"
            >
              Back to {list.label}
            </Button>
          )}
        </Alert>
      );
    return <LoadFailedNotice message={plainErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  return <>{children}</>;
}
