/**
 * One list screen for one preset: toolbar, presets bar,
 * filter bar, grid and pager. Everything headless lives in `useListController`; this file renders it.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useRef, useState } from 'react';
import { useRuntimeConfig } from '../../app/config/RuntimeConfigContext.tsx';
import { ExportButton } from '../export/ExportButton.tsx';
import { FilterBar } from '../filters/FilterBar.tsx';
import { ColumnToggle } from '../grid/ColumnToggle.tsx';
import { DataGrid } from '../grid/DataGrid.tsx';
import { GridPagination } from '../grid/GridPagination.tsx';
import { usePageTitle } from '../menu/usePageTitle.ts';
import { PresetBar } from '../presets/PresetBar.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { ListToolbar } from './ListToolbar.tsx';
import classes from './list.module.css';
import { MapListHeader } from './MapListHeader.tsx';
import { type ListControllerInput, useListController } from './useListController.ts';
import { useToastClearance } from './useToastClearance.ts';

export function ListView(props: ListControllerInput) {
  const list = useListController(props);
  const { settings, columns, state, data } = list;
  // Only one column, row or toolbar menu is open at a time.
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const pager = useRef<HTMLDivElement>(null);
  useToastClearance(pager);
  // The title the page is headed with; the entity's label when the menu has no entry for it.
  const { appName } = useRuntimeConfig();
  const heading = usePageTitle();
  const pageName = heading === appName && props.route.label ? props.route.label : heading;

  const presetBar = !settings.hidePresets && (
    <PresetBar
      presets={list.presets.list}
      groups={list.presets.groups}
      active={list.presets.active}
      title={list.presets.title}
      modified={list.presets.modified}
      permissions={list.presets.permissions}
      busy={list.presets.busy}
      createOpened={openMenu === 'create-preset'}
      onCreateOpenChange={(open) => setOpenMenu(open ? 'create-preset' : null)}
      onChoose={list.presets.choose}
      onSave={() => void list.presets.save()}
      onCreate={(name, groupId) => void list.presets.create(name, groupId)}
      onDelete={list.presets.remove}
    />
  );

  const columnToggle = !settings.hideColumnToggle && (
    <ColumnToggle
      columns={columns}
      visibility={state.visibility}
      opened={openMenu === 'columns'}
      onOpenChange={(open) => setOpenMenu(open ? 'columns' : null)}
      onToggle={list.setVisible}
      onToggleAll={list.setAllVisible}
    />
  );

  return (
    <div className={classes.page}>
      {list.map ? (
        <MapListHeader map={list.map} columnToggle={columnToggle} />
      ) : (
        <PageHeader
          toolbar={
            <ListToolbar
              segment={list.segment}
              canCreate={list.canCreate}
              createTo={list.createTo}
              canBulkEdit={list.canBulkEdit}
              bulkTarget={list.bulkTarget}
              columnToggle={columnToggle}
              exportButton={
                list.exportView && (
                  <ExportButton
                    view={list.exportView}
                    pageName={pageName}
                    hasDefaultPreset={list.presets.hasDefault}
                  />
                )
              }
            />
          }
        />
      )}
      {(presetBar || !settings.hideFilters) && (
        <div className={classes.bars}>
          {!settings.hideFilters && (
            <FilterBar
              columns={columns}
              filters={state.filters}
              onChange={list.setColumnFilter}
              onReset={list.resetFilters}
            />
          )}
          {presetBar}
        </div>
      )}
      {!list.source ? (
        <Alert color="yellow" title="This preset has no source">
          The preset does not say where its rows come from; ask your administrator.
        </Alert>
      ) : (
        <>
          {list.loadError && (
            <Alert
              color="red"
              role="alert"
              title="The list could not be loaded"
              className={classes.loadError}
            >
              <Group justify="space-between" wrap="nowrap" gap="md">
                <Text size="sm">
                  {list.loadError}
                  {data.rows.length > 0 && ' The rows below are from before.'}
                </Text>
                <Button size="xs" variant="white" color="red" onClick={list.retryLoad}>
                  Retry
                </Button>
              </Group>
            </Alert>
          )}
          <DataGrid
            columns={list.arranged}
            widths={state.widths}
            pinned={state.pinned}
            onResize={list.setColumnWidth}
            onMove={list.moveColumn}
            onPin={list.setPinned}
            visibility={state.visibility}
            rows={data.rows}
            keyColumn={list.keyColumn}
            loading={data.fetching}
            failed={data.failed}
            compact={settings.compactView}
            sort={state.sort}
            filters={state.filters}
            filtersHidden={settings.hideFilters}
            actions={list.rowActions}
            hideActions={settings.hideActions}
            frozenField={settings.frozenField}
            openMenu={openMenu}
            onOpenMenu={setOpenMenu}
            onSort={list.setSort}
            onFilter={list.setColumnFilter}
            onRunAction={list.runRowAction}
          />
        </>
      )}
      <div ref={pager}>
        <GridPagination
          paging={{ ...data.paging, pageIndex: state.pageIndex, pageSize: state.pageSize }}
          pagingOn={state.paging}
          rowCount={data.rows.length}
          onPage={list.setPage}
          onPageSize={list.setPageSize}
          onPaging={list.setPaging}
        />
      </div>
    </div>
  );
}
