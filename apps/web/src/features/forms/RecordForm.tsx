/**
 * The generic record form: create mode without an id,
 * edit mode with one; fields from the preset in tabs, the toolbar by the spec's rules, saves that
 * keep every value on failure, the conflict dialog for a stale save, and publish. Everything headless
 * lives in `useRecordFormController`; this file renders it.
 */
import type { PresetDefinition } from '@bm/contracts';
import { Box, LoadingOverlay } from '@mantine/core';
import type { FormField } from '../../fields/formField.ts';
import { PendingChangesProvider } from '../../fields/pendingChanges.tsx';
import { ConflictDialog } from './ConflictDialog.tsx';
import { FieldGrid } from './FieldGrid.tsx';
import { FormErrorSummary } from './FormErrorSummary.tsx';
import { FormHeader, listOf } from './FormHeader.tsx';
import { FormTabs } from './FormTabs.tsx';
import { FormToolbar } from './FormToolbar.tsx';
import { RecordLoadState } from './RecordLoadState.tsx';
import { type RecordScreen, screenHeading } from './recordScreen.ts';
import { useRecordFormController } from './useRecordFormController.ts';

export function RecordForm({ screen, definition }: { screen: RecordScreen; definition: PresetDefinition }) {
  const recordForm = useRecordFormController({ screen, definition });
  const { fields, tabs, form, visible, conflict } = recordForm;

  const toolbar = (
    <FormToolbar
      visible={visible}
      saving={recordForm.saving}
      onSave={recordForm.save}
      onSaveAndClose={recordForm.saveAndClose}
      onPublish={recordForm.publish}
      onDiscard={recordForm.discard}
    />
  );

  const grid = (list: readonly FormField[]) => (
    <FieldGrid fields={list} controller={form} markMode={recordForm.markMode} locked={!recordForm.canSave} />
  );

  return (
    <Box pos="relative">
      <LoadingOverlay
        visible={recordForm.publishing}
        zIndex={5}
        loaderProps={{ 'aria-label': 'Publishing' }}
      />
      <FormHeader
        title={screenHeading(screen, recordForm.record.data)}
        toolbar={toolbar}
        list={listOf(screen)}
      />
      <RecordLoadState api={recordForm.api} query={recordForm.record} list={listOf(screen)}>
        <FormErrorSummary problem={recordForm.problem} onGoTo={recordForm.goToField} />
        <PendingChangesProvider value={form.pending}>
          <form
            noValidate
            aria-label="Record form"
            onSubmit={(e) => {
              e.preventDefault();
              recordForm.submit();
            }}
          >
            {!form.state.loaded ? null : tabs.length > 0 ? (
              <FormTabs tabs={tabs} errors={form.state.errors} render={(t) => grid(t.fields)} />
            ) : (
              grid(fields)
            )}
            <button type="submit" hidden aria-hidden tabIndex={-1} />
          </form>
        </PendingChangesProvider>
      </RecordLoadState>
      {recordForm.unsavedChangesDialog}
      <ConflictDialog
        opened={conflict.opened}
        rows={conflict.rows}
        onClose={conflict.close}
        onKeepMine={conflict.keepMine}
        onTakeStored={conflict.takeStored}
      />
    </Box>
  );
}
