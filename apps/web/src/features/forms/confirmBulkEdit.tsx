/**
 * Asks before a bulk edit is sent (confirmations name the records and the consequence): first what
 * changes, in words ("Priority → 7 on 3 records", bulkChanges.ts), then how many records change —
 * the ticked rows, else the server's count of the list's criteria — and the filter in words. Without
 * ticked rows or any filter every record changes, so the user must type that number to go on.
 */
import type { PageSummary } from '@bm/contracts';
import { Alert, Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';
import { bulkChangeText } from '../list/bulkTarget.ts';
import { bulkConfirmText, type FieldChange } from './bulkChanges.ts';

const MODAL_ID = 'bulk-edit-confirm';

type Count = Pick<PageSummary, 'totalItemsCount' | 'exact'>;

/** The sentence saying what changes, first in every confirmation. */
function WhatChanges({ changes, count }: { changes: readonly FieldChange[]; count: Count }) {
  return (
    <Text size="sm" fw={600}>
      {bulkConfirmText(changes, count.totalItemsCount, count.exact)}
    </Text>
  );
}

function TypeTheCount({
  count,
  changes,
  onConfirm,
}: {
  count: Count;
  changes: readonly FieldChange[];
  onConfirm: () => void;
}) {
  const [typed, setTyped] = useState('');
  const expected = String(count.totalItemsCount);
  return (
    <Stack gap="sm">
      <WhatChanges changes={changes} count={count} />
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

/**
 * Resolves true when the user confirmed, false on Cancel or when the dialog was closed. `ticked`:
 * the count is the rows the user ticked, not the filter's records.
 */
export function confirmBulkEdit(
  count: Count,
  words: readonly string[],
  changes: readonly FieldChange[],
  ticked = false,
): Promise<boolean> {
  return new Promise((resolve) => {
    if (ticked) {
      modals.openConfirmModal({
        modalId: MODAL_ID,
        title: 'Bulk edit',
        centered: true,
        children: (
          <Stack gap="xs">
            <WhatChanges changes={changes} count={count} />
            <Text size="sm">
              {bulkChangeText(count)}: the {count.totalItemsCount === 1 ? 'row' : 'rows'} you ticked
            </Text>
          </Stack>
        ),
        labels: { confirm: 'Change records', cancel: 'Cancel' },
        onConfirm: () => resolve(true),
        onCancel: () => resolve(false),
        onClose: () => resolve(false),
      });
      return;
    }
    if (words.length === 0) {
      modals.open({
        modalId: MODAL_ID,
        title: 'Change every record?',
        centered: true,
        onClose: () => resolve(false),
        children: (
          <TypeTheCount
            count={count}
            changes={changes}
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
          <WhatChanges changes={changes} count={count} />
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
