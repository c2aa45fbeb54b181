/**
 * One list screen for one preset (core §2 "List page", §4 "Grid behaviour"): toolbar, presets bar,
 * filter bar, grid and pager, with the query-string switches merged over the preset's settings.
 * Everything headless lives in the modules it calls; this file wires them to the screen.
 */
import {
  type Preset,
  type PresetDefinition,
  type PresetGroup,
  presetDefinitionSchema,
  withoutUntrustedUrls,
} from '@bm/contracts';
import { Alert } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useRuntimeConfig } from '../../app/config/RuntimeConfigContext.tsx';
import type { AppRoute } from '../../app/routes/routeTable.ts';
import { useUserRights } from '../access/useUserRights.ts';
import { buildCriteria } from '../filters/buildCriteria.ts';
import { FilterBar } from '../filters/FilterBar.tsx';
import { ColumnToggle } from '../grid/ColumnToggle.tsx';
import { DataGrid } from '../grid/DataGrid.tsx';
import { GridPagination } from '../grid/GridPagination.tsx';
import { requestedPage } from '../grid/pagingState.ts';
import { permittedActions, rightPrefixOf } from '../grid/rowActions.ts';
import { confirmPresetDelete } from '../presets/confirmPresetDelete.tsx';
import { PresetBar } from '../presets/PresetBar.tsx';
import { parsePresetDefinition } from '../presets/parsePresetDefinition.ts';
import { findDefaultPreset } from '../presets/presetKinds.ts';
import type { usePresetActions } from '../presets/usePresetActions.ts';
import { useStatePresetSync } from '../presets/useStatePresetSync.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { useQuerySwitches } from '../switches/useQuerySwitches.ts';
import { bulkTargetOf } from './bulkTarget.ts';
import { definitionFromState } from './definitionFromState.ts';
import { ListToolbar } from './ListToolbar.tsx';
import classes from './list.module.css';
import { resolveListSettings } from './listSettings.ts';
import { sortParam } from './listState.ts';
import { useListData } from './useListData.ts';
import { useListGridState } from './useListGridState.ts';
import { useRowActionRunner } from './useRowActionRunner.tsx';
import { useStylesheet } from './useStylesheet.ts';

interface ListViewProps {
  route: AppRoute;
  preset: Preset;
  firstVisit: boolean;
  chosen: boolean;
  presets: readonly Preset[];
  groups: readonly PresetGroup[];
  presetActions: ReturnType<typeof usePresetActions>;
  onChoose: (preset: Preset, options?: { tellServer: boolean }) => void;
}

const EMPTY_DEFINITION: PresetDefinition = presetDefinitionSchema.parse({});

export function ListView({
  route,
  preset,
  firstVisit,
  chosen,
  presets,
  groups,
  presetActions,
  onChoose,
}: ListViewProps) {
  const { search } = useLocation();
  const { explicit } = useQuerySwitches();
  const { rights } = useUserRights();
  const { redirectOrigins } = useRuntimeConfig();
  const [definition] = useState(() => parsePresetDefinition(preset.definition) ?? EMPTY_DEFINITION);
  const settings = resolveListSettings(definition.settings, explicit);
  const columns = definition.definition;
  const source = definition.source ?? '';
  const segment = route.pattern.split('/')[1] ?? '';
  const prefix = rightPrefixOf(route.right);
  const keyColumn = columns.find((c) => c.primary)?.mapKey ?? 'id';
  const [openMenu, setOpenMenu] = useState<string | null>(null);

  const grid = useListGridState({ rightName: route.right, definition, settings, search, firstVisit, chosen });
  const { state, change } = grid;
  const criteria = useMemo(() => buildCriteria(columns, grid.query.filters), [columns, grid.query.filters]);
  const page = requestedPage(grid.query.pageIndex, state.pageSize, state.paging);
  const data = useListData({ source, filters: criteria, ...page, sort: sortParam(state.sort, columns) });
  // A preset stored before the server checked its URLs is saved (state, Save, Create) without them.
  const saved = () =>
    definitionFromState(withoutUntrustedUrls(definition, window.location.origin, redirectOrigins), state);
  const sync = useStatePresetSync({
    rightName: route.right,
    enabled: !settings.ignoreState,
    revision: grid.revision,
    definition: saved(),
    totalItemCount: data.paging.totalItemsCount,
  });
  useStylesheet(definition.cssUrl);

  const actions = useMemo(
    () =>
      permittedActions(definition.rowActions, {
        rights,
        rightPrefix: prefix,
        hideActions: settings.hideActions,
      }),
    [definition.rowActions, rights, prefix, settings.hideActions],
  );
  const runAction = useRowActionRunner({
    source,
    segment,
    keyColumn,
    columns,
    bulkTarget: () => bulkTargetOf(columns, state.filters, source),
  });
  const canBulkEdit = settings.bulkEdit && rights.has(`${prefix}/BulkEdit`);
  const title = grid.changed && !settings.ignoreState ? 'state' : preset.name;

  const presetBar = !settings.hidePresets && (
    <PresetBar
      presets={presets}
      groups={groups}
      active={preset}
      title={title}
      busy={presetActions.busy}
      createOpened={openMenu === 'create-preset'}
      onCreateOpenChange={(open) => setOpenMenu(open ? 'create-preset' : null)}
      onChoose={(p) => onChoose(p)}
      onSave={async () => {
        sync.cancel();
        if (await presetActions.save(preset, saved())) grid.markSaved();
      }}
      onCreate={async (name, groupId) => {
        sync.cancel();
        const created = await presetActions.create(name, groupId, saved(), data.paging.totalItemsCount);
        if (created) onChoose(created, { tellServer: false });
      }}
      onDelete={() =>
        confirmPresetDelete(preset, async () => {
          const fallback = findDefaultPreset(presets);
          if ((await presetActions.remove(preset, presets)) && fallback) onChoose(fallback);
        })
      }
    />
  );

  return (
    <div className={classes.page}>
      <PageHeader
        toolbar={
          <ListToolbar
            segment={segment}
            canCreate={rights.has(`${prefix}/Create`)}
            canBulkEdit={canBulkEdit}
            bulkTarget={canBulkEdit ? bulkTargetOf(columns, state.filters, source) : undefined}
            columnToggle={
              !settings.hideColumnToggle && (
                <ColumnToggle
                  columns={columns}
                  visibility={state.visibility}
                  opened={openMenu === 'columns'}
                  onOpenChange={(open) => setOpenMenu(open ? 'columns' : null)}
                  onToggle={(key, visible) => change({ type: 'setVisible', key, visible })}
                  onToggleAll={(visible) =>
                    change({ type: 'setAllVisible', visible, firstKey: columns[0]?.key })
                  }
                />
              )
            }
          />
        }
      />
      {(presetBar || !settings.hideFilters) && (
        <div className={classes.bars}>
          {!settings.hideFilters && (
            <FilterBar
              columns={columns}
              filters={state.filters}
              onChange={(key, conditions) => change({ type: 'setColumnFilter', key, conditions })}
              onReset={() => change({ type: 'resetFilters' })}
            />
          )}
          {presetBar}
        </div>
      )}
      {!source ? (
        <Alert color="yellow" title="This preset has no source">
          The preset does not say where its rows come from; ask your administrator.
        </Alert>
      ) : (
        <DataGrid
          columns={columns}
          visibility={state.visibility}
          rows={data.rows}
          keyColumn={keyColumn}
          loading={data.fetching}
          compact={settings.compactView}
          sort={state.sort}
          filters={state.filters}
          filtersHidden={settings.hideFilters}
          actions={actions}
          hideActions={settings.hideActions}
          frozenField={settings.frozenField}
          openMenu={openMenu}
          onOpenMenu={setOpenMenu}
          onSort={(key, direction) => change({ type: 'setSort', key, direction })}
          onFilter={(key, conditions) => change({ type: 'setColumnFilter', key, conditions })}
          onRunAction={runAction}
        />
      )}
      <GridPagination
        paging={{ ...data.paging, pageIndex: state.pageIndex, pageSize: state.pageSize }}
        pagingOn={state.paging}
        rowCount={data.rows.length}
        onPage={(pageIndex) => change({ type: 'setPage', pageIndex })}
        onPageSize={(pageSize) => change({ type: 'setPageSize', pageSize })}
        onPaging={(on) => change({ type: 'setPaging', paging: on })}
      />
    </div>
  );
}
