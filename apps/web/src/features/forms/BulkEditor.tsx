/**
 * The bulk-edit page: the preset's bulkupdate fields in mark-fields mode; Save changes
 * applies the marked fields to every record of the list the editor was opened from (its criteria
 * come with the navigation, see features/list/bulkTarget.ts), or to the rows ticked there, after the
 * user confirmed what changes and on how many records,
 * and shows the per-record results; Save and close does the same and returns; Discard changes returns.
 */
import type { PresetDefinition } from '@bm/contracts';
import { Badge, Box, Group, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { fieldWidget } from '../../fields/fieldRegistry.ts';
import { buildFormFields } from '../../fields/formField.ts';
import { PendingChangesProvider } from '../../fields/pendingChanges.tsx';
import { holds } from '../access/screenRights.ts';
import { useUserRights } from '../access/useUserRights.ts';
import { type BulkTarget, readBulkTarget } from '../list/bulkTarget.ts';
import { BulkResults } from './BulkResults.tsx';
import { FieldGrid } from './FieldGrid.tsx';
import { FormErrorSummary, focusField } from './FormErrorSummary.tsx';
import { FormHeader, listOf } from './FormHeader.tsx';
import { FormToolbar } from './FormToolbar.tsx';
import { initialValues } from './initialValues.ts';
import { bulkPath } from './recordPaths.ts';
import { type RecordScreen, screenHeading } from './recordScreen.ts';
import { formToolbar } from './toolbarRules.ts';
import { useBulkSave } from './useBulkSave.ts';
import { useFormController } from './useFormController.ts';
import { useFormPreset } from './useFormPreset.ts';
import { useLeaveForm } from './useLeaveForm.ts';

export function BulkEditor({ screen, definition }: { screen: RecordScreen; definition: PresetDefinition }) {
  const fields = useMemo(() => buildFormFields(definition, 'bulkupdate'), [definition]);
  const listRight = screen.rights.list ?? screen.presetRight;
  const listPreset = useFormPreset(listRight);
  const listDefinition = listPreset.status === 'ok' ? listPreset.definition : undefined;
  const location = useLocation();
  // Read once: the list's target as it was when Bulk edit was clicked.
  const [handed] = useState(() => readBulkTarget(location.state));
  const target: BulkTarget = handed ?? {
    source: listDefinition?.source ?? '',
    criteria: undefined,
    words: [],
  };
  const path = bulkPath(screen, definition, listDefinition);
  const controller = useFormController(fields);
  const { rights } = useUserRights();
  const { search } = location;
  const leave = useLeaveForm(screen, definition, path);
  const { load } = controller;

  // The starting values are read once: the preset gate hands over a new definition (and so new
  // fields) whenever it renders again, which must not wipe what the user has entered.
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is read at the start only.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    load(
      initialValues({ fields, record: undefined, search, userEmail: undefined, adapterOf: fieldWidget }),
      undefined,
    );
  }, [fields, load]);

  const { save, saving, result, problem } = useBulkSave({
    screen,
    definition,
    listDefinition,
    fields,
    controller,
    path,
    target,
    leave,
  });

  const visible = formToolbar({
    mode: 'bulkupdate',
    fields,
    canSave: holds(rights, screen.rights.bulkEdit ?? screen.presetRight),
    canPublish: false,
    hasPublishAction: false,
    hide: definition.settings.hideToolbarActions,
  });
  const conditions = target.words;

  return (
    <Box>
      <FormHeader
        title={screenHeading(screen, undefined)}
        list={listOf(screen)}
        toolbar={
          <FormToolbar
            visible={visible}
            saving={saving}
            saveLabel="Save changes"
            onSave={() => void save(false)}
            onSaveAndClose={() => void save(true)}
            onPublish={() => {}}
            onDiscard={() => {
              controller.discard();
              leave();
            }}
          />
        }
      />
      <Group gap="xs" mb="md" aria-label="Records to change">
        <Text size="sm">
          {target.ids
            ? `The marked fields change on the ${target.ids.length.toLocaleString('en')} ${target.ids.length === 1 ? 'row' : 'rows'} you ticked${conditions.length > 0 ? ', within the list’s filters:' : '.'}`
            : conditions.length > 0
              ? 'The marked fields change on every record matching the list’s filters:'
              : handed
                ? 'The list has no filters: the marked fields change on every record.'
                : 'This page was not opened from a list, so no filter applies: the marked fields change on every record.'}
        </Text>
        {conditions.map((text) => (
          <Badge key={text} variant="light" tt="none">
            {text}
          </Badge>
        ))}
      </Group>
      <FormErrorSummary problem={problem} onGoTo={focusField} />
      <PendingChangesProvider value={controller.pending}>
        <form noValidate aria-label="Bulk edit form" onSubmit={(e) => e.preventDefault()}>
          {controller.state.loaded && <FieldGrid fields={fields} controller={controller} markMode />}
        </form>
      </PendingChangesProvider>
      {result && <BulkResults result={result} />}
    </Box>
  );
}
