/**
 * An area's deleted records, from its list page (docs/adr/0028-record-journal.md): the button opens
 * a drawer listing them (DeletedRecordsDrawer.tsx, loaded when first opened: a list screen's first
 * download carries only the button), where Restore puts one back. Offered to those who may create
 * the area's records; the server checks the same right.
 */
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconTrashX } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

const DeletedRecordsDrawer = lazy(async () => ({
  default: (await import('./DeletedRecordsDrawer.tsx')).DeletedRecordsDrawer,
}));

export interface DeletedRecordsProps {
  /** The area's API (`/api/pages`): the list's source. */
  api: string;
  /** The field that names a record (the area's title field), to say which one was deleted. */
  titleField: string | undefined;
  /** Where a restored record opens. */
  viewPath: ((id: number) => string) | undefined;
  /** After a restore: the list reads its rows again. */
  onRestored: () => void;
}

export function DeletedRecords(props: DeletedRecordsProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing it plays its transition and keeps what it loaded.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      {/* An icon beside the toolbar's buttons, so the toolbar keeps to one line. */}
      <Tooltip label="Deleted records">
        <ActionIcon
          variant="default"
          size="md"
          aria-label="Deleted records"
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
        >
          <IconTrashX size={14} aria-hidden />
        </ActionIcon>
      </Tooltip>
      {wanted && (
        <Suspense fallback={null}>
          <DeletedRecordsDrawer {...props} opened={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
