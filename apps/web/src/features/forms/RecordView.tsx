/**
 * The detail view page: the record read-only, in the preset's tabs, with Edit, Public
 * (only with an id) and Back to list; under it the records that refer to it and its History.
 */
import type { PresetDefinition } from '@bm/contracts';
import { Box, Button, Grid, LoadingOverlay } from '@mantine/core';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useAppRoutes } from '../../app/routes/useAppRoutes.ts';
import { fieldWidget } from '../../fields/fieldRegistry.ts';
import { buildFormFields, type FormField } from '../../fields/formField.ts';
import { holds } from '../access/screenRights.ts';
import { useUserRights } from '../access/useUserRights.ts';
import { fieldLinkOf, linkOf, referenceLinks } from '../grid/referenceLinks.ts';
import { RecordHistory } from '../history/RecordHistory.tsx';
import { RelatedLists } from '../relations/RelatedLists.tsx';
import { FieldReadout } from './FieldReadout.tsx';
import { FormHeader, listOf } from './FormHeader.tsx';
import { FormTabs } from './FormTabs.tsx';
import { shownFields } from './fieldConditions.ts';
import { groupIntoTabs } from './formTabs.ts';
import { RecordLoadState } from './RecordLoadState.tsx';
import { hasPublishAction, recordApi } from './recordPaths.ts';
import { type RecordScreen, screenHeading } from './recordScreen.ts';
import { viewToolbar } from './toolbarRules.ts';
import { useLeaveForm } from './useLeaveForm.ts';
import { usePublish } from './usePublish.tsx';
import { rowVersionOf, useRecord } from './useRecord.ts';
import { viewValues } from './viewValues.ts';

export function RecordView({ screen, definition }: { screen: RecordScreen; definition: PresetDefinition }) {
  const fields = useMemo(() => buildFormFields(definition, 'view'), [definition]);
  const tabs = useMemo(() => groupIntoTabs(fields, definition.Tabs), [fields, definition.Tabs]);
  const api = recordApi(screen, definition);
  const record = useRecord(api, screen.id, screen.recordQuery);
  const values = useMemo(() => viewValues(fields, record.data ?? {}, fieldWidget), [fields, record.data]);
  const { rights } = useUserRights();
  const { data: appRoutes } = useAppRoutes();
  const links = useMemo(
    () => referenceLinks(screen.references, appRoutes?.routes ?? [], rights),
    [screen.references, appRoutes, rights],
  );
  const navigate = useNavigate();
  const leave = useLeaveForm(screen, definition, api);
  const { publish, busy } = usePublish(api, definition, () => void record.refetch());
  const { id } = screen;
  const visible = viewToolbar({
    hasId: id !== undefined,
    canEdit: holds(rights, screen.rights.edit),
    canPublish: holds(rights, screen.rights.publish),
    canList: holds(rights, screen.rights.list),
    hasPublishAction: hasPublishAction(definition),
    hide: definition.settings.hideToolbarActions,
  });

  const toolbar = (
    <>
      {visible.edit && id !== undefined && (
        <Button onClick={() => navigate(screen.editPath(id))}>Edit</Button>
      )}
      {visible.publish && id !== undefined && (
        <Button variant="light" color="teal" onClick={() => publish(id)}>
          Public
        </Button>
      )}
      {visible.back && (
        <Button variant="default" onClick={leave}>
          Back to list
        </Button>
      )}
    </>
  );

  const grid = (list: readonly FormField[]) => (
    <Grid gap="md">
      {/* Conditions read the stored record (its ids) under what the view shows. */}
      {shownFields(list, { ...record.data, ...values }).map((field) => (
        <Grid.Col key={field.key} span={{ base: 12, md: fieldWidget(field.type).wide ? 12 : 6 }}>
          <FieldReadout
            field={field}
            value={values[field.mapKey]}
            to={linkOf(
              fieldLinkOf(links, { key: field.key, mapKey: field.mapKey, mapKeyId: field.spec.mapKeyId }),
              record.data ?? {},
            )}
          />
        </Grid.Col>
      ))}
    </Grid>
  );

  return (
    <Box pos="relative">
      <LoadingOverlay visible={busy} zIndex={5} loaderProps={{ 'aria-label': 'Publishing' }} />
      <FormHeader title={screenHeading(screen, record.data)} toolbar={toolbar} list={listOf(screen)} />
      <RecordLoadState api={api} query={record} list={listOf(screen)}>
        {tabs.length > 0 ? <FormTabs tabs={tabs} render={(t) => grid(t.fields)} /> : grid(fields)}
        {id !== undefined && screen.related && screen.viewPath && (
          <RelatedLists related={screen.related} recordId={id} back={screen.viewPath(id)} />
        )}
        {id !== undefined && api && screen.history && (
          <RecordHistory
            api={api}
            id={id}
            rowVersion={rowVersionOf(record.data)}
            canRevert={holds(rights, screen.rights.edit)}
            onReverted={() => void record.refetch()}
          />
        )}
      </RecordLoadState>
    </Box>
  );
}
