/**
 * The generic record form (core §2 "Edit screen", §4 "Form"; entities §2): create mode without an id,
 * edit mode with one; fields from the preset in tabs, the toolbar by the spec's rules, saves that
 * keep every value on failure, the conflict dialog for a stale save, and publish.
 */
import type { PresetDefinition } from '@bm/contracts';
import { Box, LoadingOverlay } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fieldWidget } from '../../fields/fieldRegistry.ts';
import { buildFormFields, isMarkMode } from '../../fields/formField.ts';
import { PendingChangesProvider } from '../../fields/pendingChanges.tsx';
import { holds } from '../access/screenRights.ts';
import { useUserRights } from '../access/useUserRights.ts';
import { ConflictDialog } from './ConflictDialog.tsx';
import { conflictRows } from './conflictRows.ts';
import { FieldGrid } from './FieldGrid.tsx';
import { FormHeader } from './FormHeader.tsx';
import { FormTabs } from './FormTabs.tsx';
import { FormToolbar } from './FormToolbar.tsx';
import { groupIntoTabs, hashOfTab, tabWithError } from './formTabs.ts';
import { initialValues } from './initialValues.ts';
import { RecordLoadState } from './RecordLoadState.tsx';
import { hasPublishAction, recordApi } from './recordPaths.ts';
import type { RecordScreen } from './recordScreen.ts';
import { formToolbar } from './toolbarRules.ts';
import { useUnsavedChangesGuard } from './UnsavedChangesGuard.tsx';
import { hasUnsavedChanges } from './unsavedChanges.ts';
import { useFormController } from './useFormController.ts';
import { useFormDraft } from './useFormDraft.ts';
import { useLeaveForm } from './useLeaveForm.ts';
import { usePublish } from './usePublish.tsx';
import { rowVersionOf, useRecord } from './useRecord.ts';
import { useRecordSave } from './useRecordSave.ts';
import { useUserEmail } from './useUserEmail.ts';

export function RecordForm({ screen, definition }: { screen: RecordScreen; definition: PresetDefinition }) {
  const isCreate = screen.id === undefined;
  const fields = useMemo(
    () => buildFormFields(definition, isCreate ? 'create' : 'edit'),
    [definition, isCreate],
  );
  const tabs = useMemo(() => groupIntoTabs(fields, definition.Tabs), [fields, definition.Tabs]);
  const api = recordApi(screen, definition);
  const record = useRecord(api, screen.id);
  const controller = useFormController(fields);
  const { rights } = useUserRights();
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const userEmail = useUserEmail();
  const leaveForm = useLeaveForm(screen, definition, api);
  const { load } = controller;
  const draft = useFormDraft(controller, fields, pathname);
  const guard = useUnsavedChangesGuard(
    controller.state.loaded && hasUnsavedChanges(controller.state.initial, controller.state.values),
  );
  // Every way out the form itself offers (after a save, or Discard changes) is meant: no prompt.
  const leave = () => {
    guard.release();
    leaveForm();
  };

  const valuesOf = (stored: Record<string, unknown> | undefined) =>
    initialValues({ fields, record: stored, search, userEmail, adapterOf: fieldWidget });

  // Load the record (or a new record's starting values) each time it arrives; the query string is
  // read once, at that moment (core §2). The first load puts back what an expired session kept.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads follow the record only.
  useEffect(() => {
    if (!record.data) return;
    load(valuesOf(isCreate ? undefined : record.data), rowVersionOf(record.data));
    draft.restore(rowVersionOf(record.data));
  }, [record.data, load]);

  const showTabOf = (errors: Readonly<Record<string, string>>) => {
    const index = tabWithError(tabs, errors);
    if (index !== undefined) navigate({ hash: hashOfTab(index) }, { replace: true });
  };

  const { save, saving, conflict, clearConflict } = useRecordSave({
    screen,
    definition,
    fields,
    controller,
    api: api ?? '',
    reload: () => record.refetch(),
    leave,
    onSaved: guard.release,
    onInvalid: showTabOf,
  });
  const { publish, busy } = usePublish(api, definition, () => void record.refetch());

  const canSave = holds(rights, isCreate ? screen.rights.create : screen.rights.edit);
  const visible = formToolbar({
    hasId: !isCreate,
    fields,
    canSave,
    canPublish: holds(rights, screen.rights.publish),
    hasPublishAction: hasPublishAction(definition),
    hide: definition.settings.hideToolbarActions,
  });
  const markMode = isMarkMode(fields);
  const stored = conflict ? valuesOf(conflict.current) : undefined;

  const toolbar = (
    <FormToolbar
      visible={visible}
      saving={saving}
      onSave={() => void save(false)}
      onSaveAndClose={() => void save(true)}
      onPublish={() => screen.id !== undefined && publish(screen.id)}
      onDiscard={() => {
        controller.discard();
        leave();
      }}
    />
  );

  const grid = (list: typeof fields) => (
    <FieldGrid fields={list} controller={controller} markMode={markMode} locked={!canSave} />
  );

  return (
    <Box pos="relative">
      <LoadingOverlay visible={busy} zIndex={5} loaderProps={{ 'aria-label': 'Publishing' }} />
      <FormHeader title={screen.title} toolbar={toolbar} />
      <RecordLoadState api={api} query={record}>
        <PendingChangesProvider value={controller.pending}>
          <form
            noValidate
            aria-label="Record form"
            onSubmit={(e) => {
              e.preventDefault();
              if (visible.save) void save(false);
            }}
          >
            {!controller.state.loaded ? null : tabs.length > 0 ? (
              <FormTabs tabs={tabs} errors={controller.state.errors} render={(t) => grid(t.fields)} />
            ) : (
              grid(fields)
            )}
            <button type="submit" hidden aria-hidden tabIndex={-1} />
          </form>
        </PendingChangesProvider>
      </RecordLoadState>
      {guard.dialog}
      <ConflictDialog
        opened={conflict !== null}
        rows={stored ? conflictRows(fields, controller.state.values, stored) : []}
        onClose={clearConflict}
        onKeepMine={() => {
          if (!conflict) return;
          clearConflict();
          void save(conflict.close, rowVersionOf(conflict.current));
        }}
        onTakeStored={() => {
          if (!conflict || !stored) return;
          clearConflict();
          load(stored, rowVersionOf(conflict.current));
        }}
      />
    </Box>
  );
}
