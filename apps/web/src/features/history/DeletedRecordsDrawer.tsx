/**
 * The drawer of an area's deleted records (DeletedRecords.tsx opens it): newest first (when, who,
 * what the record was called), and Restore puts one back as it was, with its id, then the list shows
 * it again. Its own chunk: a list downloads it only when someone opens the drawer.
 */
import { Button, Drawer, Group, Loader, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { formatDate } from '../grid/formatCell.ts';
import type { DeletedRecordsProps } from './DeletedRecords.tsx';
import { type HistoryEntry, type HistoryPage, valueText } from './historyText.ts';

interface DeletedRecordsDrawerProps extends DeletedRecordsProps {
  opened: boolean;
  onClose: () => void;
}

/** What a deleted record was called: its title field's value, else its id. */
function nameOf(entry: HistoryEntry, titleField: string | undefined): string {
  const named = titleField ? entry.changes.find((c) => c.key === titleField) : undefined;
  return named && named.before !== null ? valueText(named.before) : `#${entry.recordId}`;
}

export function DeletedRecordsDrawer({
  api,
  titleField,
  viewPath,
  onRestored,
  opened,
  onClose,
}: DeletedRecordsDrawerProps) {
  const [restored, setRestored] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<number | null>(null);
  const http = useHttp();
  const deleted = useInfiniteQuery({
    queryKey: ['deleted-records', api],
    enabled: opened,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      http.request<HistoryPage>(
        `${api}/history/deleted${pageParam === undefined ? '' : `?before=${pageParam}`}`,
        { signal, silent: true },
      ),
    getNextPageParam: (last) => (last.more ? last.entries.at(-1)?.id : undefined),
    staleTime: 0,
  });
  const entries = deleted.data?.pages.flatMap((p) => p.entries) ?? [];

  const restore = async (entry: HistoryEntry) => {
    setBusy(entry.id);
    try {
      const answer = await http.request<{ message?: string }>(`${api}/history/${entry.id}/restore`, {
        method: 'POST',
      });
      setRestored((done) => new Set([...done, entry.id]));
      notifications.show({ color: 'green', message: answer.message || 'Record restored' });
      onRestored();
    } catch {
      // The HTTP client has shown the server's refusal (a name taken meanwhile, a parent gone).
    } finally {
      setBusy(null);
    }
  };

  return (
    <Drawer opened={opened} onClose={onClose} title="Deleted records" position="right" size="lg">
      {deleted.isPending && <Loader size="sm" aria-label="Loading the deleted records" />}
      {deleted.isError && (
        <Text size="sm" c="red">
          The deleted records could not be loaded.
        </Text>
      )}
      {deleted.isSuccess && entries.length === 0 && (
        <Text size="sm" c="dimmed">
          No deleted records to restore.
        </Text>
      )}
      {entries.length > 0 && (
        <Table striped aria-label="Deleted records">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Record</Table.Th>
              <Table.Th>Deleted</Table.Th>
              <Table.Th>By</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{nameOf(entry, titleField)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(entry.when, true)}</Table.Td>
                <Table.Td>{entry.by}</Table.Td>
                <Table.Td>
                  {restored.has(entry.id) ? (
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm" c="green">
                        Restored
                      </Text>
                      {viewPath && (
                        <Button component={Link} to={viewPath(entry.recordId)} size="xs" variant="subtle">
                          Open
                        </Button>
                      )}
                    </Group>
                  ) : (
                    <Button
                      size="xs"
                      variant="light"
                      loading={busy === entry.id}
                      onClick={() => void restore(entry)}
                      aria-label={`Restore ${nameOf(entry, titleField)}`}
                    >
                      Restore
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {deleted.hasNextPage && (
        <Button variant="subtle" size="xs" mt="xs" onClick={() => void deleted.fetchNextPage()}>
          Show older deletes
        </Button>
      )}
    </Drawer>
  );
}
