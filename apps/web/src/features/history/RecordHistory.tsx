/**
 * A record's History, under its view (docs/adr/0028-record-journal.md): every change people made
 * to it through the console or the API, newest first: when, who, what and from where, and which
 * fields went from what to what. Someone with the Edit right can revert an edit: it asks first,
 * and asks again when the record has changed since that edit (the server's 409); the revert is a
 * save like any other, through the area's own checks. Collapsed until opened, then loaded.
 */
import { Box, Button, Group, Loader, Modal, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { HttpError } from '../../app/http/HttpError.ts';
import { formatDate } from '../grid/formatCell.ts';
import classes from './history.module.css';
import { actionText, changeText, type HistoryEntry, type HistoryPage } from './historyText.ts';

interface RecordHistoryProps {
  /** The record's API (`/api/pages`) and id. */
  api: string;
  id: number;
  /** The record's row version as the view read it (a revert is saved against it). */
  rowVersion: number | undefined;
  canRevert: boolean;
  /** After a revert: the view reads the record again. */
  onReverted: () => void;
}

/** What the user is asked before a revert: first, or again once the record moved on. */
interface Asking {
  entry: HistoryEntry;
  /** The 409's record as it is now: revert anyway against its row version. */
  movedOn?: { rowVersion: number };
}

export function RecordHistory({ api, id, rowVersion, canRevert, onReverted }: RecordHistoryProps) {
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [busy, setBusy] = useState(false);
  const http = useHttp();
  const queryClient = useQueryClient();
  const headingId = useId();
  const queryKey = ['record-history', api, id];
  const history = useInfiniteQuery({
    queryKey,
    enabled: open,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam, signal }) =>
      http.request<HistoryPage>(
        `${api}/${id}/history${pageParam === undefined ? '' : `?before=${pageParam}`}`,
        { signal, silent: true },
      ),
    getNextPageParam: (last) => (last.more ? last.entries.at(-1)?.id : undefined),
    staleTime: 0,
  });
  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];

  const revert = async ({ entry, movedOn }: Asking) => {
    setBusy(true);
    try {
      await http.request(`${api}/${id}/history/${entry.id}/revert`, {
        method: 'POST',
        body: movedOn ? { rowVersion: movedOn.rowVersion, confirm: true } : { rowVersion: rowVersion ?? 0 },
        silent: true,
      });
      setAsking(null);
      notifications.show({ color: 'green', message: 'Change reverted' });
      await queryClient.invalidateQueries({ queryKey });
      onReverted();
    } catch (error) {
      const current = error instanceof HttpError && error.status === 409 ? error.body?.current : undefined;
      const version =
        current && typeof current === 'object'
          ? Number((current as { rowVersion?: unknown }).rowVersion)
          : NaN;
      if (!movedOn && Number.isFinite(version)) {
        setAsking({ entry, movedOn: { rowVersion: version } });
      } else {
        setAsking(null);
        notifications.show({
          color: 'red',
          message: error instanceof Error ? error.message : 'The change was not reverted',
        });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box className={classes.section} mt="xl" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        <UnstyledButton className={classes.toggle} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
          History
        </UnstyledButton>
      </Title>
      {open && history.isPending && <Loader size="xs" aria-label="Loading the history" mt="xs" />}
      {open && history.isError && (
        <Text size="sm" c="red" mt="xs">
          The history could not be loaded.
        </Text>
      )}
      {open && history.isSuccess && entries.length === 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          No changes are recorded for this record yet.
        </Text>
      )}
      {open && entries.length > 0 && (
        <Table striped mt="xs" aria-label="History">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Changes</Table.Th>
              <Table.Th>From</Table.Th>
              {canRevert && <Table.Th aria-label="Actions" />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(entry.when, true)}</Table.Td>
                <Table.Td>{entry.by}</Table.Td>
                <Table.Td>{actionText(entry.action)}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    {entry.changes.map((change) => (
                      <Text size="sm" key={change.column}>
                        {changeText(change)}
                      </Text>
                    ))}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {entry.source ?? ''}
                  </Text>
                </Table.Td>
                {canRevert && (
                  <Table.Td>
                    {entry.revertible && (
                      <Button size="xs" variant="light" onClick={() => setAsking({ entry })}>
                        Revert
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {open && history.hasNextPage && (
        <Button variant="subtle" size="xs" mt="xs" onClick={() => void history.fetchNextPage()}>
          Show older changes
        </Button>
      )}
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking?.movedOn ? 'The record has changed since' : 'Revert this change?'}
        centered
      >
        {asking && (
          <Stack gap="sm">
            <Text size="sm">
              {asking.movedOn
                ? 'Someone changed this record after this change. Reverting puts these fields back anyway:'
                : 'These fields go back to what they were before the change:'}
            </Text>
            {asking.entry.changes.map((change) => (
              <Text size="sm" key={change.column}>
                {changeText({ ...change, before: change.after, after: change.before })}
              </Text>
            ))}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(null)} disabled={busy}>
                Cancel
              </Button>
              <Button onClick={() => void revert(asking)} loading={busy}>
                {asking.movedOn ? 'Revert anyway' : 'Revert'}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Box>
  );
}
