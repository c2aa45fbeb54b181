/**
 * Database management: our PostgreSQL database's tables and indexes with their sizes and use, the
 * slowest statements (or how to enable pg_stat_statements), the other databases, the backends at
 * work, whose running query an administrator (CancelQuery) may cancel after confirming, and the
 * sign-in locks in force. Statement text the server withholds (it shows other applications'
 * statements only to the cancel right) is said to be hidden.
 */
import { CANCEL_QUERY_RIGHT, type DatabaseInfo } from '@bm/contracts';
import { Alert, Badge, Button, Code, ScrollArea, Table, Tabs, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useUserRights } from '../access/useUserRights.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { formatBytes, formatCount, formatSeconds } from './format.ts';
import { QueryState, RefreshButton } from './ToolState.tsx';
import { useCancelQuery, useDatabaseInfo } from './toolQueries.ts';

type Activity = DatabaseInfo['activity'][number];

/** Said in place of statement text the server withheld. */
const HIDDEN_STATEMENT = 'hidden — needs the right to cancel statements';

function HiddenStatement() {
  return (
    <Text size="xs" c="dimmed" fs="italic">
      {HIDDEN_STATEMENT}
    </Text>
  );
}

function TablesTab({ info }: { info: DatabaseInfo }) {
  return (
    <Table striped highlightOnHover aria-label="Tables">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Table</Table.Th>
          <Table.Th ta="right">Estimated rows</Table.Th>
          <Table.Th ta="right">Total size</Table.Th>
          <Table.Th ta="right">Table</Table.Th>
          <Table.Th ta="right">Indexes</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {info.tables.map((t) => (
          <Table.Tr key={`${t.schema}.${t.name}`}>
            <Table.Td>{t.schema === 'public' ? t.name : `${t.schema}.${t.name}`}</Table.Td>
            <Table.Td ta="right">{formatCount(t.estimatedRows)}</Table.Td>
            <Table.Td ta="right">{formatBytes(t.totalBytes)}</Table.Td>
            <Table.Td ta="right">{formatBytes(t.tableBytes)}</Table.Td>
            <Table.Td ta="right">{formatBytes(t.indexBytes)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function IndexesTab({ info }: { info: DatabaseInfo }) {
  return (
    <Table striped highlightOnHover aria-label="Indexes">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Index</Table.Th>
          <Table.Th>Table</Table.Th>
          <Table.Th ta="right">Size</Table.Th>
          <Table.Th ta="right">Scans</Table.Th>
          <Table.Th>Definition</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {info.indexes.map((i) => (
          <Table.Tr key={`${i.schema}.${i.name}`}>
            <Table.Td>{i.name}</Table.Td>
            <Table.Td>{i.table}</Table.Td>
            <Table.Td ta="right">{formatBytes(i.sizeBytes)}</Table.Td>
            <Table.Td ta="right">{formatCount(i.scans)}</Table.Td>
            <Table.Td>
              <Text size="xs" ff="monospace">
                {i.definition}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function StatementsTab({ info }: { info: DatabaseInfo }) {
  const { statements } = info;
  if (!statements.available) {
    return (
      <Alert color="yellow" title="Slowest statements are not available">
        {statements.note}
      </Alert>
    );
  }
  return (
    <Table striped aria-label="Slowest statements">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Statement</Table.Th>
          <Table.Th ta="right">Calls</Table.Th>
          <Table.Th ta="right">Mean</Table.Th>
          <Table.Th ta="right">Total</Table.Th>
          <Table.Th ta="right">Rows</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {statements.rows.map((s, n) => (
          // Statements have no key of their own; their rank is stable within one answer.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Table.Tr key={n}>
            <Table.Td>{s.query === null ? <HiddenStatement /> : <Code block>{s.query}</Code>}</Table.Td>
            <Table.Td ta="right">{formatCount(s.calls)}</Table.Td>
            <Table.Td ta="right">{formatSeconds(s.meanMs / 1000)}</Table.Td>
            <Table.Td ta="right">{formatSeconds(s.totalMs / 1000)}</Table.Td>
            <Table.Td ta="right">{formatCount(s.rows)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function ActivityTab({ info, canCancel }: { info: DatabaseInfo; canCancel: boolean }) {
  const cancel = useCancelQuery();
  const confirmCancel = (row: Activity) =>
    modals.openConfirmModal({
      title: 'Cancel query',
      centered: true,
      children: (
        <>
          <Text size="sm" mb="xs">
            Cancel the running query of backend {row.pid} ({row.user ?? 'unknown user'})? The query fails; its
            session stays connected. The cancellation is recorded.
          </Text>
          {row.query === null ? <HiddenStatement /> : <Code block>{row.query}</Code>}
        </>
      ),
      labels: { confirm: 'Cancel query', cancel: 'Keep running' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(row.pid, {
          onSuccess: (result) =>
            notifications.show({ color: result.cancelled ? 'green' : 'yellow', message: result.message }),
        }),
    });
  if (info.activity.length === 0) return <Text c="dimmed">No other connection to this database.</Text>;
  return (
    <Table striped aria-label="Activity">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>PID</Table.Th>
          <Table.Th>User</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th ta="right">Duration</Table.Th>
          <Table.Th>Wait event</Table.Th>
          <Table.Th>Query</Table.Th>
          {canCancel && <Table.Th aria-label="Actions" />}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {info.activity.map((a) => (
          <Table.Tr key={a.pid}>
            <Table.Td>{a.pid}</Table.Td>
            <Table.Td>{a.user ?? '—'}</Table.Td>
            <Table.Td>{a.state ?? '—'}</Table.Td>
            <Table.Td ta="right">{formatSeconds(a.durationSeconds)}</Table.Td>
            <Table.Td>{a.waitEvent ?? '—'}</Table.Td>
            <Table.Td maw={520}>
              {a.queryHidden ? (
                <HiddenStatement />
              ) : (
                <Text size="xs" ff="monospace" style={{ wordBreak: 'break-word' }}>
                  {a.query}
                </Text>
              )}
            </Table.Td>
            {canCancel && (
              <Table.Td>
                {a.state === 'active' && (
                  <Button
                    size="compact-xs"
                    color="red"
                    variant="light"
                    aria-label={`Cancel query of backend ${a.pid}`}
                    onClick={() => confirmCancel(a)}
                  >
                    Cancel
                  </Button>
                )}
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const formatTime = (iso: string): string => new Date(iso).toLocaleString('en-GB');

function SignInLocksTab({ info }: { info: DatabaseInfo }) {
  const { rows, sustainedLocks } = info.signInLocks;
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        Accounts and network addresses the sign-in form refuses for now after too many wrong passwords. A lock
        is sustained when the same account or address has been locked {sustainedLocks} times or more in one
        run of failures (each within 15 minutes of the last): someone keeps guessing.
      </Text>
      {rows.length === 0 ? (
        <Text c="dimmed">No account or address is locked.</Text>
      ) : (
        <Table striped aria-label="Sign-in locks">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Account or address</Table.Th>
              <Table.Th ta="right">Locks</Table.Th>
              <Table.Th>Locked until</Table.Th>
              <Table.Th>Last failure</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((l) => (
              <Table.Tr key={`${l.kind}:${l.name}`}>
                <Table.Td>
                  {l.kind === 'account' ? 'Account' : 'Address'} {l.name}{' '}
                  {l.sustained && (
                    <Badge color="red" size="sm">
                      sustained
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">{formatCount(l.lockCount)}</Table.Td>
                <Table.Td>{formatTime(l.lockedUntil)}</Table.Td>
                <Table.Td>{formatTime(l.lastFailureAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}

function DatabasesTab({ info }: { info: DatabaseInfo }) {
  return (
    <Table striped aria-label="Databases">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Database</Table.Th>
          <Table.Th ta="right">Size</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {info.databases.map((d) => (
          <Table.Tr key={d.name} fw={d.current ? 600 : undefined}>
            <Table.Td>
              {d.name}
              {d.current ? ' (ours)' : ''}
            </Table.Td>
            <Table.Td ta="right">{formatBytes(d.sizeBytes)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function DatabaseToolPage() {
  const query = useDatabaseInfo();
  const { rights } = useUserRights();
  const canCancel = rights.has(CANCEL_QUERY_RIGHT);
  return (
    <>
      <PageHeader toolbar={<RefreshButton query={query} />} />
      <QueryState query={query} what="The database's statistics">
        {(info) => (
          <>
            <Text size="sm" c="dimmed" mb="sm">
              Database {info.name}, PostgreSQL {info.serverVersion}
            </Text>
            <Tabs defaultValue="tables" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="tables">Tables ({info.tables.length})</Tabs.Tab>
                <Tabs.Tab value="indexes">Indexes ({info.indexes.length})</Tabs.Tab>
                <Tabs.Tab value="statements">Slowest statements</Tabs.Tab>
                <Tabs.Tab value="activity">Activity ({info.activity.length})</Tabs.Tab>
                <Tabs.Tab value="databases">Databases</Tabs.Tab>
                <Tabs.Tab value="locks">Sign-in locks ({info.signInLocks.rows.length})</Tabs.Tab>
              </Tabs.List>
              {/* The panel scrolls within the page: it takes the keyboard focus so it can be
                  scrolled without a mouse (a table has nothing else to focus). */}
              <ScrollArea.Autosize
                mah="calc(100dvh - 220px)"
                mt="sm"
                viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Tab content' }}
              >
                <Tabs.Panel value="tables">
                  <TablesTab info={info} />
                </Tabs.Panel>
                <Tabs.Panel value="indexes">
                  <IndexesTab info={info} />
                </Tabs.Panel>
                <Tabs.Panel value="statements">
                  <StatementsTab info={info} />
                </Tabs.Panel>
                <Tabs.Panel value="activity">
                  <ActivityTab info={info} canCancel={canCancel} />
                </Tabs.Panel>
                <Tabs.Panel value="databases">
                  <DatabasesTab info={info} />
                </Tabs.Panel>
                <Tabs.Panel value="locks">
                  <SignInLocksTab info={info} />
                </Tabs.Panel>
              </ScrollArea.Autosize>
            </Tabs>
          </>
        )}
      </QueryState>
    </>
  );
}
