/**
 * One list screen for one preset: toolbar, presets bar,
 * filter bar, grid and pager. Everything headless lives in `useListController`; this file renders it.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useRuntimeConfig } from '../../app/config/RuntimeConfigContext.tsx';
import { ExportButton } from '../export/ExportButton.tsx';
import { FilterBar } from '../filters/FilterBar.tsx';
import { ColumnToggle } from '../grid/ColumnToggle.tsx';
import { DataGrid } from '../grid/DataGrid.tsx';
import { GridPagination } from '../grid/GridPagination.tsx';
import { useStableCallback } from '../grid/useStableCallback.ts';
import { DeletedRecords } from '../history/DeletedRecords.tsx';
import { usePageTitle } from '../menu/usePageTitle.ts';
import { copyLink } from '../presets/copyLink.ts';
import { PresetBar } from '../presets/PresetBar.tsx';
import { PageHeader } from '../shell/PageHeader.tsx';
import { ListSearchBox } from './ListSearchBox.tsx';
import { ListToolbar } from './ListToolbar.tsx';
import classes from './list.module.css';
import { listGridProps } from './listGridProps.ts';
import { MapListHeader } from './MapListHeader.tsx';
import { type ListControllerInput, useListController } from './useListController.ts';
import { useToastClearance } from './useToastClearance.ts';

/**
 * `notices`: what the link that opened the list could not do (a view the user may not see, unknown
 * parameters), shown plainly above the list until dismissed.
 */
export function ListView({
  notices,
  ...props
}: ListControllerInput & { notices?: readonly string[] | undefined }) {
  const list = useListController(props);
  const [shownNotices, setShownNotices] = useState(notices ?? []);
  const { settings, columns, state, data } = list;
  // Only one column, row or toolbar menu is open at a time.
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const pager = useRef<HTMLDivElement>(null);
  useToastClearance(pager);
  // The title the page is headed with; the entity's label when the menu has no entry for it.
  const { appName } = useRuntimeConfig();
  const heading = usePageTitle();
  const pageName = heading === appName && props.route.label ? props.route.label : heading;

  // The bars around the grid are memoised elements: the controller keeps their inputs and commands
  // the same while nothing of theirs changes, so a sort, a page or a load renders the grid and the
  // pager only (React skips an element it is handed again).
  const presetsMenuOpen = openMenu === 'create-preset';
  const onCreateOpenChange = useStableCallback((open: boolean) => setOpenMenu(open ? 'create-preset' : null));
  const renameOpen = openMenu === 'rename-preset';
  const onRenameOpenChange = useStableCallback((open: boolean) => setOpenMenu(open ? 'rename-preset' : null));
  const onRename = useStableCallback(async (name: string) => {
    await list.presets.rename(name);
    setOpenMenu(null);
  });
  const onCopyLink = useStableCallback(() => void copyLink(window.location.href));
  const onColumnsOpenChange = useStableCallback((open: boolean) => setOpenMenu(open ? 'columns' : null));
  const { presets } = list;
  const presetBar = useMemo(
    () =>
      !settings.hidePresets && (
        <PresetBar
          presets={presets.list}
          groups={presets.groups}
          active={presets.active}
          title={presets.title}
          modified={presets.modified}
          permissions={presets.permissions}
          busy={presets.busy}
          createOpened={presetsMenuOpen}
          onCreateOpenChange={onCreateOpenChange}
          onChoose={presets.choose}
          onSave={() => void presets.save()}
          onCreate={(name, groupId) => void presets.create(name, groupId)}
          onDelete={presets.remove}
          renameOpened={renameOpen}
          onRenameOpenChange={onRenameOpenChange}
          onRename={(name) => void onRename(name)}
          onCopyLink={onCopyLink}
        />
      ),
    [
      settings.hidePresets,
      presets.list,
      presets.groups,
      presets.active,
      presets.title,
      presets.modified,
      presets.permissions,
      presets.busy,
      presetsMenuOpen,
      onCreateOpenChange,
      presets.choose,
      presets.save,
      presets.create,
      presets.remove,
      renameOpen,
      onRenameOpenChange,
      onRename,
      onCopyLink,
    ],
  );

  const columnsMenuOpen = openMenu === 'columns';
  const columnToggle = useMemo(
    () =>
      !settings.hideColumnToggle && (
        <ColumnToggle
          columns={columns}
          visibility={state.visibility}
          opened={columnsMenuOpen}
          onOpenChange={onColumnsOpenChange}
          onToggle={list.setVisible}
          onToggleAll={list.setAllVisible}
        />
      ),
    [
      settings.hideColumnToggle,
      columns,
      state.visibility,
      columnsMenuOpen,
      onColumnsOpenChange,
      list.setVisible,
      list.setAllVisible,
    ],
  );

  const header = useMemo(
    () =>
      list.map ? (
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
              selectedCount={list.selection?.selected.size}
              onClearSelection={list.selection?.clear}
              mapQueuePath={list.mapQueuePath}
              deletedRecords={list.deletedRecords && <DeletedRecords {...list.deletedRecords} />}
              searchBox={list.search && <ListSearchBox search={list.search} title={pageName} />}
              columnToggle={columnToggle}
              exportButton={
                list.exportView && (
                  <ExportButton
                    view={list.exportView}
                    pageName={pageName}
                    hasDefaultPreset={presets.hasDefault}
                  />
                )
              }
            />
          }
        />
      ),
    [
      list.map,
      columnToggle,
      list.segment,
      list.canCreate,
      list.createTo,
      list.canBulkEdit,
      list.bulkTarget,
      list.selection,
      list.mapQueuePath,
      list.deletedRecords,
      list.search,
      list.exportView,
      pageName,
      presets.hasDefault,
    ],
  );

  const filterBar = useMemo(
    () =>
      !settings.hideFilters && (
        <FilterBar
          columns={columns}
          filters={state.filters}
          onChange={list.setColumnFilter}
          onReset={list.resetFilters}
        />
      ),
    [settings.hideFilters, columns, state.filters, list.setColumnFilter, list.resetFilters],
  );

  const { pageIndex, pageSize, paging: pagingOn } = state;
  const { hasMore, totalItemsCount, totalPages, exact } = data.paging;
  const rowCount = data.rows.length;
  const pagination = useMemo(
    () => (
      <GridPagination
        paging={{ pageIndex, pageSize, hasMore, totalItemsCount, totalPages, exact }}
        pagingOn={pagingOn}
        rowCount={rowCount}
        onPage={list.setPage}
        onPageSize={list.setPageSize}
        onPaging={list.setPaging}
      />
    ),
    [
      pageIndex,
      pageSize,
      hasMore,
      totalItemsCount,
      totalPages,
      exact,
      pagingOn,
      rowCount,
      list.setPage,
      list.setPageSize,
      list.setPaging,
    ],
  );

  return (
    <div className={classes.page}>
      {header}
      {shownNotices.length > 0 && (
        <Stack gap={4} className={classes.bars}>
          {shownNotices.map((notice) => (
            <Alert
              key={notice}
              color="yellow"
              variant="light"
              title="Part of the link was not followed"
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => setShownNotices((all) => all.filter((n) => n !== notice))}
            >
              {notice}
            </Alert>
          ))}
        </Stack>
      )}
      {(presetBar || filterBar) && (
        <div className={classes.bars}>
          {filterBar}
          {presetBar}
        </div>
      )}
      {list.sourceProblem ? (
        <Alert color="red" role="alert" title="This preset’s source is not allowed">
          The preset reads its rows from “{list.definition.source}”, which is not this list’s own API path, so
          nothing was loaded. Choose another preset, or ask your administrator to correct it.
        </Alert>
      ) : !list.source ? (
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
            {...listGridProps(list)}
            columns={list.arranged}
            compact={settings.compactView}
            selection={list.selection}
            openMenu={openMenu}
            onOpenMenu={setOpenMenu}
          />
        </>
      )}
      <div ref={pager}>{pagination}</div>
    </div>
  );
}
