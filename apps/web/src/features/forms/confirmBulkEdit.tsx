/**
 * Asks before a bulk edit is sent (confirmations name the records and the consequence): it
 * says how many records change — the server's count of the list's criteria — and the filter in
 * words. Without any filter every record changes, so the user must type that number to go on.
 */
import type { PageSummary } from '@bm/contracts';
import { Alert, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { bulkChangeText } from '../list/bulkTarget.ts';

const MODAL_ID = 'bulk-edit-confirm';

type Count = Pick<PageSummary, 'totalItemsCount' | 'exact'>;

function TypeTheCount({ count, onConfirm }: { count: Count; onConfirm: () => void }) {
  const [typed, setTyped] = useState('');
  const expected = String(count.totalItemsCount);
  return (
    <Stack gap="sm">
      <Alert color="red" title="No filter">
        {bulkChangeText(count)}: the list has no filter, so every record changes.
      </Alert>
      <TextInput
        data-autofocus
        label={`Type ${expected} to confirm`}
        inputMode="numeric"
        autoComplete="off"
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => modals.close(MODAL_ID)}>
          Cancel
        </Button>
        <Button color="red" disabled={typed.trim() !== expected} onClick={onConfirm}>
          Change every record
        </Button>
      </Group>
    </Stack>
  );
}

/** Resolves true when the user confirmed, false on Cancel or when the dialog was closed. */
export function confirmBulkEdit(count: Count, words: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => {
    if (words.length === 0) {
      modals.open({
        modalId: MODAL_ID,
        title: 'Change every record?',
        centered: true,
        onClose: () => resolve(false),
        children: (
          <TypeTheCount
            count={count}
            onConfirm={() => {
              resolve(true);
              modals.close(MODAL_ID);
            }}
          />
        ),
      });
      return;
    }
    modals.openConfirmModal({
      modalId: MODAL_ID,
      title: 'Bulk edit',
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm">{bulkChangeText(count)}: those matching the list’s filter</Text>
          <List size="sm" aria-label="Filter">
            {words.map((word) => (
              <List.Item key={word}>{word}</List.Item>
            ))}
          </List>
        </Stack>
      ),
      labels: { confirm: 'Change records', cancel: 'Cancel' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
