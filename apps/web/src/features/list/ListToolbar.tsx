/**
 * The list's toolbar beside the page title: the search box where the list has one, Columns (unless
 * hidecolumntoggle), Export with the export right (unless hideexport), Bulk edit where the preset
 * enables it and the user holds BulkEdit, Mapping queue where the area has one and the user may
 * map, Deleted records where the area's changes are journalled and the user may create, and Create
 * record with the Create right. Bulk edit
 * carries the list's current target (its criteria and their words) in the navigation state, so the
 * editor changes exactly the records this list shows — or, with rows ticked, exactly those; "3
 * selected" and Clear stand before it then.
 */
import { Button, Text } from '@mantine/core';
import { IconListCheck, IconPencilBolt, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type BulkTarget, bulkNavigationState } from './bulkTarget.ts';
import { selectedText } from './rowSelection.ts';

interface ListToolbarProps {
  segment: string;
  canCreate: boolean;
  /** Where Create record leads (the create form, with what the list hands on to it). */
  createTo: string;
  canBulkEdit: boolean;
  /** The records Bulk edit changes: the filters as the grid shows them. */
  bulkTarget: BulkTarget | undefined;
  /** Rows ticked for Bulk edit, and how to untick them all. */
  selectedCount?: number | undefined;
  onClearSelection?: (() => void) | undefined;
  columnToggle: ReactNode;
  /** The search box, when the list has one; first in the toolbar. */
  searchBox?: ReactNode;
  /** The Export button, when the list offers it. */
  exportButton?: ReactNode;
  /** The area's mapping queue, when it has one and the user may map. */
  mapQueuePath?: string | undefined;
  /** Deleted records, when the user may put them back. */
  deletedRecords?: ReactNode;
}

export function ListToolbar({
  segment,
  canCreate,
  createTo,
  canBulkEdit,
  bulkTarget,
  selectedCount = 0,
  onClearSelection,
  columnToggle,
  searchBox,
  exportButton,
  mapQueuePath,
  deletedRecords,
}: ListToolbarProps) {
  return (
    <>
      {searchBox}
      {columnToggle}
      {exportButton}
      {deletedRecords}
      {mapQueuePath && (
        <Button
          size="xs"
          variant="default"
          component={Link}
          to={mapQueuePath}
          leftSection={<IconListCheck size={14} aria-hidden />}
        >
          Mapping queue
        </Button>
      )}
      {canBulkEdit && (
        // Announced as the count changes; empty (and so silent) while nothing is ticked.
        <Text span size="sm" aria-live="polite" aria-atomic>
          {selectedCount > 0 && selectedText(selectedCount)}
        </Text>
      )}
      {canBulkEdit && selectedCount > 0 && onClearSelection && (
        <Button size="xs" variant="subtle" onClick={onClearSelection}>
          Clear
        </Button>
      )}
      {canBulkEdit && (
        <Button
          size="xs"
          variant="default"
          component={Link}
          to={`/${segment}/bulkedit`}
          state={bulkTarget && bulkNavigationState(bulkTarget)}
          leftSection={<IconPencilBolt size={14} aria-hidden />}
        >
          Bulk edit
        </Button>
      )}
      {canCreate && (
        <Button size="xs" component={Link} to={createTo} leftSection={<IconPlus size={14} aria-hidden />}>
          Create record
        </Button>
      )}
    </>
  );
}
