/**
 * The headless record form: the preset's fields and tabs for create or edit, the
 * record and its loading, the live form state, which toolbar actions show, and the commands (save,
 * save and close, publish, discard, submit) with the conflict dialog's choices. `RecordForm` renders
 * it; another screen editing a record renders its own view over the same controller.
 */
import { conditionScope, type PresetDefinition } from '@bm/contracts';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fieldWidget } from '../../fields/fieldRegistry.ts';
import { buildFormFields, isMarkMode } from '../../fields/formField.ts';
import { holds } from '../access/screenRights.ts';
import { useUserRights } from '../access/useUserRights.ts';
import { conflictRows } from './conflictRows.ts';
import { focusField } from './FormErrorSummary.tsx';
import { groupIntoTabs, hashOfTab, tabWithError } from './formTabs.ts';
import { fieldsFromAddress, initialValues, namedFromAddress } from './initialValues.ts';
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

export type RecordFormController = ReturnType<typeof useRecordFormController>;

export function useRecordFormController({
  screen,
  definition,
}: {
  screen: RecordScreen;
  definition: PresetDefinition;
}) {
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
  const leaveForm = useLeaveForm(screen, definition, api, () =>
    conditionScope(fields, controller.snapshot()),
  );
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
  // read once, at that moment. The first load puts back what an expired session kept.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads follow the record only.
  useEffect(() => {
    if (!record.data) return;
    load(valuesOf(isCreate ? undefined : record.data), rowVersionOf(record.data));
    // A value the address gives a new record is a change like any other: its prefill runs.
    if (isCreate) {
      controller.prefillFromAddress(fieldsFromAddress(fields, search));
      controller.resolveFromAddress(namedFromAddress(fields, search));
    }
    draft.restore(rowVersionOf(record.data));
  }, [record.data, load]);

  const showTabOf = (errors: Readonly<Record<string, string>>) => {
    const index = tabWithError(tabs, errors);
    if (index !== undefined) navigate({ hash: hashOfTab(index) }, { replace: true });
  };

  const { save, saving, conflict, clearConflict, problem } = useRecordSave({
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
    mode: isCreate ? 'create' : 'edit',
    fields,
    canSave,
    canPublish: holds(rights, screen.rights.publish),
    hasPublishAction: hasPublishAction(definition),
    hide: definition.settings.hideToolbarActions,
  });
  const stored = conflict ? valuesOf(conflict.current) : undefined;

  return {
    fields,
    tabs,
    api,
    record,
    /** The live form: values, errors, marks and their changes. */
    form: controller,
    canSave,
    markMode: isMarkMode(fields),
    /** Which toolbar actions show. */
    visible,
    saving,
    /** Why the last save did not happen, for the summary at the top of the form. */
    problem,
    /** Opens a field's tab and puts the cursor in it (from the error summary). */
    goToField: (mapKey: string) => {
      showTabOf({ [mapKey]: 'error' });
      focusField(mapKey);
    },
    publishing: busy,
    save: () => void save(false),
    saveAndClose: () => void save(true),
    publish: () => {
      if (screen.id !== undefined) publish(screen.id);
    },
    discard: () => {
      controller.discard();
      leave();
    },
    /**
     * Enter in a field does what the toolbar's save button does: Save where it shows (edit mode:
     * save, stay and reload), else Save and close (create mode, which offers no Save: save and
     * return, as that button does). A key never saves in a way no visible button would.
     */
    submit: () => {
      if (visible.save) void save(false);
      else if (visible.saveAndClose) void save(true);
    },
    /** The prompt before leaving with unsaved changes; rendered by the view. */
    unsavedChangesDialog: guard.dialog,
    conflict: {
      opened: conflict !== null,
      rows: stored ? conflictRows(fields, controller.state.values, stored) : [],
      close: clearConflict,
      keepMine: () => {
        if (!conflict) return;
        clearConflict();
        void save(conflict.close, rowVersionOf(conflict.current));
      },
      takeStored: () => {
        if (!conflict || !stored) return;
        clearConflict();
        load(stored, rowVersionOf(conflict.current));
      },
    },
  };
}
