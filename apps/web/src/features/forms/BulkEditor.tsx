/**
 * The bulk-edit page (entities §2): the preset's bulkupdate fields in mark-fields mode; Save changes
 * applies the marked fields to every record matching the list's current filters and shows the
 * per-record results; Save and close does the same and returns; Discard changes returns.
 */
import type { PresetDefinition } from '@bm/contracts';
import { Badge, Box, Group, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { fieldWidget } from '../../fields/fieldRegistry.ts';
import { PendingChangesProvider } from '../../fields/pendingChanges.tsx';
import { useUserRights } from '../access/useUserRights.ts';
import { describeCondition } from '../filters/describeCondition.ts';
import { BulkResults } from './BulkResults.tsx';
import { bulkCriteria, listFilters } from './bulkTarget.ts';
import { FieldGrid } from './FieldGrid.tsx';
import { FormHeader } from './FormHeader.tsx';
import { FormToolbar } from './FormToolbar.tsx';
import { buildFormFields } from './formField.ts';
import { initialValues } from './initialValues.ts';
import { bulkPath } from './recordPaths.ts';
import type { RecordScreen } from './recordScreen.ts';
import { holds } from './screenRights.ts';
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
  const [filters] = useState(() => listFilters(window.sessionStorage, screen.rights.list, undefined));
  const effectiveFilters =
    Object.keys(filters).length > 0 ? filters : listFilters(window.sessionStorage, undefined, listDefinition);
  const criteria = bulkCriteria(listDefinition, effectiveFilters);
  const path = bulkPath(screen, definition, listDefinition);
  const controller = useFormController(fields);
  const { rights } = useUserRights();
  const { search } = useLocation();
  const leave = useLeaveForm(screen, definition, path);
  const { load } = controller;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the starting values are read once.
  useEffect(() => {
    load(
      initialValues({ fields, record: undefined, search, userEmail: undefined, adapterOf: fieldWidget }),
      undefined,
    );
  }, [fields, load]);

  const { save, saving, result } = useBulkSave({
    screen,
    definition,
    listDefinition,
    fields,
    controller,
    path,
    criteria,
    leave,
  });

  const visible = formToolbar({
    hasId: false,
    fields,
    canSave: holds(rights, screen.rights.bulkEdit ?? screen.presetRight),
    canPublish: false,
    hasPublishAction: false,
    hide: definition.settings.hideToolbarActions,
  });
  const conditions = listDefinition
    ? listDefinition.definition.flatMap((column) =>
        (Object.hasOwn(effectiveFilters, column.key) ? (effectiveFilters[column.key] ?? []) : []).map((c) =>
          describeCondition(column, c),
        ),
      )
    : [];

  return (
    <Box>
      <FormHeader
        title={screen.title}
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
          {conditions.length > 0
            ? 'The marked fields change on every record matching the list’s filters:'
            : 'The list has no filters: the marked fields change on every record.'}
        </Text>
        {conditions.map((text) => (
          <Badge key={text} variant="light" tt="none">
            {text}
          </Badge>
        ))}
      </Group>
      <PendingChangesProvider value={controller.pending}>
        <form noValidate aria-label="Bulk edit form" onSubmit={(e) => e.preventDefault()}>
          {controller.state.loaded && <FieldGrid fields={fields} controller={controller} markMode />}
        </form>
      </PendingChangesProvider>
      {result && <BulkResults result={result} />}
    </Box>
  );
}
