/**
 * Replication management: the replicas streaming from this server and their lag, the read replicas
 * the answering API instance sends reads to (in use or why not, their lag, the reads each served),
 * the replication slots and the WAL they hold, publications and subscriptions. A lone server says so
 * plainly; a part the database account may not read shows its error while the others still show.
 */
import type { ReplicationInfo } from '@bm/contracts';
import { Alert, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../shell/PageHeader.tsx';
import { formatBytes, formatCount, formatSeconds } from './format.ts';
import { QueryState, RefreshButton } from './ToolState.tsx';
import { useReplicationInfo } from './toolQueries.ts';

interface Part {
  rows: readonly unknown[];
  error?: string | undefined;
}

function Section({
  title,
  part,
  empty,
  head,
  children,
}: {
  title: string;
  part: Part;
  empty: string;
  head: string[];
  children: ReactNode;
}) {
  return (
    <section aria-label={title}>
      <Title order={2} size="h5" mb="xs">
        {title}
      </Title>
      {part.error ? (
        <Alert color="yellow" title={`${title} could not be read`}>
          {part.error}
        </Alert>
      ) : part.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table striped aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              {head.map((h) => (
                <Table.Th key={h}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{children}</Table.Tbody>
        </Table>
      )}
    </section>
  );
}

function Replication({ info }: { info: ReplicationInfo }) {
  return (
    <Stack gap="lg">
      <Alert color={info.alone ? 'blue' : 'gray'} title={`This server is the ${info.role}`}>
        {info.summary}
      </Alert>
      <Section
        title="Replicas"
        part={info.replicas}
        empty="No replica streams from this server."
        head={[
          'Application',
          'Client',
          'State',
          'Sync',
          'Sent',
          'Replayed',
          'Behind',
          'Write lag',
          'Flush lag',
          'Replay lag',
        ]}
      >
        {info.replicas.rows.map((r) => (
          <Table.Tr key={r.pid}>
            <Table.Td>{r.application || '—'}</Table.Td>
            <Table.Td>{r.clientAddr ?? 'local'}</Table.Td>
            <Table.Td>{r.state ?? '—'}</Table.Td>
            <Table.Td>{r.syncState ?? '—'}</Table.Td>
            <Table.Td>{r.sentLsn ?? '—'}</Table.Td>
            <Table.Td>{r.replayLsn ?? '—'}</Table.Td>
            <Table.Td>{formatBytes(r.replayLagBytes)}</Table.Td>
            <Table.Td>{formatSeconds(r.writeLagSeconds)}</Table.Td>
            <Table.Td>{formatSeconds(r.flushLagSeconds)}</Table.Td>
            <Table.Td>{formatSeconds(r.replayLagSeconds)}</Table.Td>
          </Table.Tr>
        ))}
      </Section>
      <Section
        title="Read replicas"
        part={info.readReplicas}
        empty="No read replicas are configured (DATABASE_READ_URLS): every read goes to the primary."
        head={['Replica', 'In use', 'Lag', 'Replayed', 'Behind', 'Reads served', 'Checked']}
      >
        {info.readReplicas.rows.map((r) => (
          <Table.Tr key={r.name}>
            <Table.Td>{r.name}</Table.Td>
            <Table.Td>{r.inUse ? 'yes' : `no: ${r.reason ?? 'unknown'}`}</Table.Td>
            <Table.Td>{formatSeconds(r.lagMs === null ? null : r.lagMs / 1000)}</Table.Td>
            <Table.Td>
              {r.replayLsn ?? '—'}
              {r.replayPaused ? ' (replay paused)' : ''}
            </Table.Td>
            <Table.Td>{formatBytes(r.behindBytes)}</Table.Td>
            <Table.Td>{formatCount(r.reads)}</Table.Td>
            <Table.Td>{r.checkedAt ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Section>
      {info.readReplicas.rows.length > 0 ? (
        <Text size="sm" c="dimmed">
          Reads on this API instance go to a replica in use that has replayed the reader’s own latest write,
          else to the primary; a replica more than {formatSeconds(info.readReplicas.maxLagMs / 1000)} behind
          is left out. The primary served {formatCount(info.readReplicas.primaryReads)} of them.
        </Text>
      ) : null}
      <Section
        title="Replication slots"
        part={info.slots}
        empty="No replication slots."
        head={['Slot', 'Type', 'Plugin', 'Database', 'Active', 'Restart LSN', 'WAL held', 'WAL status']}
      >
        {info.slots.rows.map((s) => (
          <Table.Tr key={s.name}>
            <Table.Td>{s.name}</Table.Td>
            <Table.Td>{s.type}</Table.Td>
            <Table.Td>{s.plugin ?? '—'}</Table.Td>
            <Table.Td>{s.database ?? '—'}</Table.Td>
            <Table.Td>{s.active ? 'yes' : 'no'}</Table.Td>
            <Table.Td>{s.restartLsn ?? '—'}</Table.Td>
            <Table.Td>{formatBytes(s.retainedBytes)}</Table.Td>
            <Table.Td>{s.walStatus ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Section>
      <Section
        title="Publications"
        part={info.publications}
        empty="No publications."
        head={['Publication', 'Tables', 'Operations']}
      >
        {info.publications.rows.map((p) => (
          <Table.Tr key={p.name}>
            <Table.Td>{p.name}</Table.Td>
            <Table.Td>{p.allTables ? 'all tables' : p.tables}</Table.Td>
            <Table.Td>{p.operations}</Table.Td>
          </Table.Tr>
        ))}
      </Section>
      <Section
        title="Subscriptions"
        part={info.subscriptions}
        empty="No subscriptions."
        head={['Subscription', 'Enabled', 'Publications', 'Last message']}
      >
        {info.subscriptions.rows.map((s) => (
          <Table.Tr key={s.name}>
            <Table.Td>{s.name}</Table.Td>
            <Table.Td>{s.enabled ? 'yes' : 'no'}</Table.Td>
            <Table.Td>{s.publications.join(', ')}</Table.Td>
            <Table.Td>{s.lastMessageAt ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Section>
    </Stack>
  );
}

export function ReplicationToolPage() {
  const query = useReplicationInfo();
  return (
    <>
      <PageHeader toolbar={<RefreshButton query={query} />} />
      <QueryState query={query} what="The replication state">
        {(info) => <Replication info={info} />}
      </QueryState>
    </>
  );
}
