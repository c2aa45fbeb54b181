/** The per-record outcome of a bulk edit: which records took the change and why others did not. */
import type { BulkResult } from '@bm/contracts';
import { Alert, Badge, Table, Text } from '@mantine/core';
import { bulkSummary } from '../list/bulkTarget.ts';

export function BulkResults({ result }: { result: BulkResult }) {
  return (
    <Alert color={result.isSuccess ? 'green' : 'orange'} title={`Bulk edit: ${bulkSummary(result)}`} mt="md">
      {result.message && (
        <Text size="sm" mb="xs">
          {result.message}
        </Text>
      )}
      {result.results.length > 0 && (
        <Table.ScrollContainer minWidth={400} mah={360}>
          <Table striped aria-label="Bulk edit results">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Id</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Message</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.results.map((row) => (
                <Table.Tr key={String(row.id)}>
                  <Table.Td ff="monospace">{String(row.id)}</Table.Td>
                  <Table.Td>
                    <Badge color={row.applied ? 'green' : 'red'} variant="light">
                      {row.applied ? 'Applied' : 'Refused'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Alert>
  );
}
