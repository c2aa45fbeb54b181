/** The record form's buttons; which show is decided by `formToolbar`. */
import { Button } from '@mantine/core';
import type { ToolbarVisibility } from './toolbarRules.ts';

interface FormToolbarProps {
  visible: ToolbarVisibility;
  saving: boolean;
  onSave: () => void;
  onSaveAndClose: () => void;
  onPublish: () => void;
  onDiscard: () => void;
  /** The bulk editor names its Save 'Save changes'. */
  saveLabel?: string;
}

export function FormToolbar({
  visible,
  saving,
  onSave,
  onSaveAndClose,
  onPublish,
  onDiscard,
  saveLabel = 'Save',
}: FormToolbarProps) {
  return (
    <>
      {visible.save && (
        <Button onClick={onSave} loading={saving}>
          {saveLabel}
        </Button>
      )}
      {visible.saveAndClose && (
        <Button variant="light" onClick={onSaveAndClose} disabled={saving}>
          Save and close
        </Button>
      )}
      {visible.publish && (
        <Button variant="light" color="teal" onClick={onPublish} disabled={saving}>
          Public
        </Button>
      )}
      {visible.discard && (
        <Button variant="default" onClick={onDiscard} disabled={saving}>
          Discard changes
        </Button>
      )}
    </>
  );
}
