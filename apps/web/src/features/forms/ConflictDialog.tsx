/**
 * A stale save (409: the rowVersion sent is no longer the stored one): the fields where the user's value and the stored one
 * differ, side by side; Keep mine saves again on the stored row version, Take stored loads the
 * stored record into the form. Closing the dialog keeps the form as it is.
 */
import { Button, Group, Modal, Table, Text } from '@mantine/core';
import type { ConflictRow } from './conflictRows.ts';

interface ConflictDialogProps {
  opened: boolean;
  rows: readonly ConflictRow[];
  onKeepMine: () => void;
  onTakeStored: () => void;
  onClose: () => void;
}

export function ConflictDialog({ opened, rows, onKeepMine, onTakeStored, onClose }: ConflictDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="This record was changed by someone else"
      size="lg"
      centered
    >
      <Text size="sm" mb="sm">
        Someone saved this record after you opened it. Choose which values to keep.
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          Your values and the stored ones are the same.
        </Text>
      ) : (
        <Table striped withTableBorder aria-label="Changed fields">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Field</Table.Th>
              <Table.Th>Your value</Table.Th>
              <Table.Th>Stored value</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.mapKey}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{row.mine}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{row.stored}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onTakeStored}>
          Take stored
        </Button>
        <Button onClick={onKeepMine}>Keep mine</Button>
      </Group>
    </Modal>
  );
}
