/**
 * The headless list engine for one preset: everything a list screen shows
 * and every change it can make, without rendering anything. The preset's settings with the
 * query-string switches merged over them, the columns, the grid state (filters, sort, visibility,
 * paging) and its changes, the page of rows, the permitted row actions and their runner, the bulk
 * and export targets, and the preset commands (choose, Save, Create, Delete). `ListView` renders
 * it; another screen showing a list (a map list, a related list on a record's view) renders its
 * own view over the same controller.
 */

import {
  type AppRoute,
  type ColumnDefinition,
  type ColumnFilter,
  EXPORT_RIGHT,
  isMapAction,
  listSourceProblem,
  MAP_RECORD_PARAM,
  type MapHeader,
  type Preset,
  type PresetDefinition,
  type PresetGroup,
  presetDefinitionSchema,
  type Row,
  type RowAction,
  withoutUntrustedUrls,
} from '@bm/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useRuntimeConfig } from '../../app/config/RuntimeConfigContext.tsx';
import { columnLabels, plainErrorMessage } from '../../app/http/plainError.ts';
import { queryParam } from '../../app/routes/queryParam.ts';
import { useAppRoutes } from '../../app/routes/useAppRoutes.ts';
import { entityScreenRights, openableRights, screenRightOf } from '../access/screenRights.ts';
import { useUserRights } from '../access/useUserRights.ts';
import type { ExportListView } from '../export/exportPayload.ts';
import { buildCriteria } from '../filters/buildCriteria.ts';
import type { ColumnFilters } from '../filters/filterTypes.ts';
import { arrangedColumns } from '../grid/columnLayout.ts';
import { requestedPage } from '../grid/pagingState.ts';
import { type ReferenceLink, referenceLinks } from '../grid/referenceLinks.ts';
import { permittedActions, rightPrefixOf } from '../grid/rowActions.ts';
import type { SortDirection } from '../grid/sortTypes.ts';
import { useStableCallback } from '../grid/useStableCallback.ts';
import { confirmPresetDelete } from '../presets/confirmPresetDelete.tsx';
import { parsePresetDefinition } from '../presets/parsePresetDefinition.ts';
import { findDefaultPreset, isDefaultPreset, isStatePreset } from '../presets/presetKinds.ts';
import { type PresetPermissions, presetPermissions, viewTitle } from '../presets/presetPermissions.ts';
import type { usePresetActions } from '../presets/usePresetActions.ts';
import { useStatePresetSync } from '../presets/useStatePresetSync.ts';
import type { ExplicitSwitches } from '../switches/querySwitches.ts';
import { useQuerySwitches } from '../switches/useQuerySwitches.ts';
import { type BulkTarget, bulkTargetOf } from './bulkTarget.ts';
import { definitionFromState } from './definitionFromState.ts';
import { type AddressView, listAddress, rememberAddress } from './listAddress.ts';
import { withParams, withSearchParam } from './listParams.ts';
import { type ListSettings, resolveListSettings } from './listSettings.ts';
import {
  type ListAction,
  type ListState,
  listReducer,
  type RowsView,
  sameView,
  sortParam,
  viewOf,
} from './listState.ts';
import { headerTitle, useMapHeader } from './mapHeader.ts';
import { type RowSelection, useRowSelection } from './rowSelection.ts';
import { type ListData, useListData } from './useListData.ts';
import { useListGridState } from './useListGridState.ts';
import { useMapActionRunner } from './useMapActionRunner.tsx';
import { useRowActionRunner } from './useRowActionRunner.tsx';
import { useStylesheet } from './useStylesheet.ts';

/**
 * How long a new sort or page waits for its rows before the list shows the change without them:
 * under a tenth of a second an answer still feels immediate.
 */
const CHANGE_WAITS_FOR_ROWS_MS = 100;

/** A map list's screen: its record, the header's definition, and what the header may do. */
export interface MapScreen {
  recordId: number;
  header: MapHeader | undefined;
  listPath: string;
  /** The map list's source with the record's id: the header's actions post under it. */
  source: string;
  /** The user holds the Map right: the header offers the record's own actions. */
  canMap: boolean;
}

/** A list's search box (see `ListController.search`). */
export interface ListSearch {
  labels: readonly string[];
  text: string;
  setText: (text: string) => void;
}

export interface ListControllerInput {
  route: AppRoute;
  /** A map list's record: the rows come from `{source}?id={recordId}` and its row actions map. */
  recordId?: number | undefined;
  preset: Preset;
  /** The first list of this visit: the address's column filters apply. */
  firstVisit: boolean;
  /** The preset was just chosen (or deep-linked): the right's filter history is not read. */
  chosen: boolean;
  presets: readonly Preset[];
  groups: readonly PresetGroup[];
  presetActions: ReturnType<typeof usePresetActions>;
  onChoose: (preset: Preset, options?: { tellServer: boolean }) => void;
  /**
   * A related list on another record's view: only the rows whose `key` holds that record's id
   * (`value`), a condition the user neither sees nor removes, sent with every page, count and
   * export. It reads nothing from the address and keeps no state of its own (no filter history, no
   * working view), offers no bulk edit, and its Create is the view's own ("Create … for this record").
   */
  related?: { key: string; value: string } | undefined;
}

export interface ListController {
  definition: PresetDefinition;
  settings: ListSettings;
  columns: readonly ColumnDefinition[];
  /** Where the rows come from; empty when the preset does not say, or names a source refused below. */
  source: string;
  /** Why the preset's source is not fetched (another site, or not this list's own API path). */
  sourceProblem: string | undefined;
  /** A map list: its record's id and header; the toolbar offers Back to list instead of Create. */
  map: MapScreen | undefined;
  /** First path segment of the entity's screens (Create, row action URLs). */
  segment: string;
  keyColumn: string;
  /** The grid state as the user sees it (filters apply to the rows 200 ms after they settle). */
  state: ListState;
  data: ListData;
  /**
   * The last load failed, in plain words; the rows on screen are from the last load that worked, and
   * a failed sort or page change is already undone. Cleared by the next change or by Retry.
   */
  loadError: string | null;
  /** Tries the failed load again (the failed sort or page included). */
  retryLoad: () => void;
  setColumnFilter: (key: string, conditions: ColumnFilter[]) => void;
  resetFilters: () => void;
  /** Resolves once the list shows the new sort (with its rows, or after a short wait for them). */
  setSort: (key: string, direction: SortDirection | null) => Promise<void>;
  setVisible: (key: string, visible: boolean) => void;
  setAllVisible: (visible: boolean) => void;
  setPage: (pageIndex: number) => void;
  setPageSize: (pageSize: number) => void;
  setPaging: (on: boolean) => void;
  /** Column layout, kept in the working view: a width, one place left or right, pinned or not. */
  setColumnWidth: (key: string, width: number) => void;
  moveColumn: (key: string, by: -1 | 1) => void;
  setPinned: (key: string, pinned: boolean) => void;
  /** The columns as the grid shows them: the user's order, pinned ones first. */
  arranged: ColumnDefinition[];
  /** The row actions the user may run, after rights and hideactions. */
  rowActions: RowAction[];
  runRowAction: (action: RowAction, row: Row) => void;
  /** Columns naming another area's record, by key: links to its view the user may open. */
  links: ReadonlyMap<string, ReferenceLink>;
  canCreate: boolean;
  /** The area's mapping queue, when it has one and the user holds its right (the list page only). */
  mapQueuePath: string | undefined;
  /**
   * The area's deleted records, to put back (the list page only, with the Create right, where the
   * area's changes are journalled): where they are read and how a restored one is named and opened.
   */
  deletedRecords:
    | {
        api: string;
        titleField: string | undefined;
        viewPath: (id: number) => string;
        /** After a restore: the rows are read again. */
        onRestored: () => void;
      }
    | undefined;
  /** Where Create record leads: the form, carrying a list's required parameter and the way back. */
  createTo: string;
  canBulkEdit: boolean;
  /**
   * The records Bulk edit changes: the filters as the grid shows them, and the ticked rows' ids
   * when any are ticked; only with canBulkEdit.
   */
  bulkTarget: BulkTarget | undefined;
  /** The rows ticked for a bulk edit; only where Bulk edit is offered (the grid's checkbox column). */
  selection: RowSelection | undefined;
  /**
   * What Export writes: the list as the grid shows it (its sort, filters and visible columns in
   * order), read when an export is sent. Only with the export right, unless hideexport, and never on
   * a map list.
   */
  exportView: (() => ExportListView) | undefined;
  /**
   * The search box, when the list has one (its route names searchable fields; not on a map or a
   * related list): the labels of the fields it looks in, the text the address carries (`q`) and
   * how to change it (the address keeps it, and the list goes back to its first page).
   */
  search: ListSearch | undefined;
  presets: {
    list: readonly Preset[];
    groups: readonly PresetGroup[];
    active: Preset;
    /** The preset's name, or "name (modified)" once the user changed the grid (unless ignorestate). */
    title: string;
    /** The grid differs from the chosen preset (or the working view is in use). */
    modified: boolean;
    /** What the user may do with the chosen preset, with the reason when not. */
    permissions: PresetPermissions;
    /** The list's default preset is among its presets. */
    hasDefault: boolean;
    busy: boolean;
    choose: (preset: Preset) => void;
    save: () => Promise<void>;
    create: (name: string, groupId: number) => Promise<void>;
    /** Renames the chosen view (its saver, or with the group's edit flag). */
    rename: (name: string) => Promise<void>;
    remove: () => void;
  };
}

const EMPTY_DEFINITION: PresetDefinition = presetDefinitionSchema.parse({});

export function useListController({
  route,
  recordId,
  preset,
  firstVisit,
  chosen,
  presets,
  groups,
  presetActions,
  onChoose,
  related,
}: ListControllerInput): ListController {
  const location = useLocation();
  const navigate = useNavigate();
  // A related list is part of another screen: that screen's address says nothing about it.
  const search = related ? '' : location.search;
  const switches = useQuerySwitches().explicit;
  const explicit = related ? NO_SWITCHES : switches;
  const { rights: held } = useUserRights();
  const { data: appRoutes } = useAppRoutes();
  // Only ways to screens that can open: a right whose screen lacks its preset offers nothing.
  const rights = useMemo(() => openableRights(held, appRoutes?.routes ?? []), [held, appRoutes]);
  const { redirectOrigins } = useRuntimeConfig();
  const [definition] = useState(() => parsePresetDefinition(preset.definition) ?? EMPTY_DEFINITION);
  const resolved = resolveListSettings(definition.settings, explicit);
  const settings = related
    ? { ...resolved, ignoreState: true, hidePresets: true, bulkEdit: false }
    : resolved;
  const columns = definition.definition;
  // The rows are fetched with the user's token: only from this list's own API path (the one its
  // shipped default names), never another site or another path, whatever a stored preset says.
  const sourceProblem = useMemo(
    () => listSourceProblem(definition.source?.trim() ?? '', registeredSourceOf(presets)),
    [definition.source, presets],
  );
  const base = sourceProblem ? '' : (definition.source ?? '');
  const source =
    recordId === undefined || base === '' ? base : withParams(base, `${MAP_RECORD_PARAM}=${recordId}`);
  const listPath = route.listPath ?? route.pattern;
  const segment = route.pattern.split('/')[1] ?? '';
  const prefix = rightPrefixOf(route.right);
  const routes = appRoutes?.routes;
  // The field that names a row (a delete asks about it): the area's, sent with its list route. A
  // page config's list shows the same records under the same List right, so it names them alike. A
  // map list's rows are other records: its screen is no list, and a page config's map list has a
  // GetMap right that no list route has, so neither names its rows.
  const titleField =
    route.kind === 'list'
      ? (route.titleField ?? routes?.find((r) => r.kind === 'list' && r.right === route.right)?.titleField)
      : undefined;
  // The entity's screen rights as the server publishes them (some are spelled otherwise).
  const screens = useMemo(() => entityScreenRights(listPath, routes ?? []), [listPath, routes]);
  const rightOf = useMemo(
    () => ({ View: screens.view, Edit: screens.edit, BulkEdit: screens.bulkEdit, Create: screens.create }),
    [screens],
  );
  const keyColumn = columns.find((c) => c.primary)?.mapKey ?? 'id';

  const grid = useListGridState({
    rightName: route.right,
    definition,
    settings,
    search,
    firstVisit: firstVisit && !related,
    chosen: chosen || related !== undefined,
  });
  const { state } = grid;
  // The search box's text lives in the address (`q`), so a reload or a shared link keeps it; the
  // box writes it there once typing pauses. Only a list whose route names searchable fields has one.
  const searchLabels = route.kind === 'list' && !related && recordId === undefined ? route.search : undefined;
  const searchable = searchLabels !== undefined && searchLabels.length > 0;
  const searchText = searchable ? (queryParam(search, 'q') ?? '').trim() : '';
  const relatedKey = related?.key;
  const relatedValue = related?.value;
  const criteria = useMemo(
    () => relatedCriteria(columns, grid.query.filters, relatedKey, relatedValue),
    [columns, grid.query.filters, relatedKey, relatedValue],
  );
  const page = requestedPage(grid.query.pageIndex, state.pageSize, state.paging);
  const sort = useMemo(() => sortParam(state.sort, columns), [state.sort, columns]);
  const data = useListData({
    source,
    filters: criteria,
    search: searchText,
    ...page,
    sort,
    refreshSeconds: settings.refreshSeconds,
  });
  const failure = useLoadFailure(grid, data, columns);
  // A new sort or page starts its call from the click itself (useListData.prefetch), and the list
  // shows the change when that call's rows have landed, or after CHANGE_WAITS_FOR_ROWS_MS if they
  // are slower: the sort arrow (or page number) and the rows they belong to then appear in one
  // render. Rendering the change at once cost a second render of the whole screen while the call
  // ran, and the rows, back long before, waited for it. Filters are left alone: they reach the
  // call once they settle.
  const pending = useRef<{ apply: () => void; cancel: () => void } | null>(null);
  useEffect(() => () => pending.current?.cancel(), []);
  /** Resolves once the list state holds the change (the same task, so a render includes both). */
  const change = (action: ListAction): Promise<void> => {
    // A change still waiting for its rows goes first, so changes apply in the order made.
    pending.current?.apply();
    if (
      (action.type === 'setSort' || action.type === 'setPage' || action.type === 'setPageSize') &&
      grid.query.filters === state.filters
    ) {
      const next = listReducer(state, action);
      const landed = data.prefetch({
        ...requestedPage(next.pageIndex, next.pageSize, next.paging),
        sort: sortParam(next.sort, columns),
      });
      return new Promise((resolve) => {
        const settle = (run: boolean) => {
          if (pending.current !== waiting) return;
          pending.current = null;
          clearTimeout(timer);
          if (run) failure.change(action);
          resolve();
        };
        const waiting = { apply: () => settle(true), cancel: () => settle(false) };
        pending.current = waiting;
        const timer = setTimeout(waiting.apply, CHANGE_WAITS_FOR_ROWS_MS);
        void landed.then(waiting.apply);
      });
    }
    failure.change(action);
    return Promise.resolve();
  };
  // A preset stored before the server checked its URLs is saved (state, Save, Create) without them.
  const saved = () =>
    definitionFromState(withoutUntrustedUrls(definition, window.location.origin, redirectOrigins), state);
  const sync = useStatePresetSync({
    rightName: route.right,
    enabled: !settings.ignoreState && sourceProblem === undefined,
    revision: grid.revision,
    definition: saved(),
    totalItemCount: data.paging.totalItemsCount,
  });
  useStylesheet(definition.cssUrl);

  const rowActions = useMemo(
    () =>
      permittedActions(definition.rowActions, {
        rights,
        rightPrefix: prefix,
        rightOf,
        screenRightOf: (url) => screenRightOf(url, routes ?? []),
        hideActions: settings.hideActions,
      }),
    [definition.rowActions, rights, prefix, rightOf, routes, settings.hideActions],
  );
  const links = useMemo(
    () => referenceLinks(route.references, routes ?? [], held),
    [route.references, routes, held],
  );
  const mapQueueRoute = routes?.find(
    (r) => r.kind === 'mapqueue' && r.listPath === listPath && held.has(r.right),
  );
  const mapHeader = recordId === undefined ? undefined : definition.settings.mapHeader;
  const headerRecord = useMapHeader(mapHeader, recordId).data;
  const runMapAction = useMapActionRunner({
    source,
    recordName: mapHeader && headerRecord ? headerTitle(mapHeader.title, headerRecord) : undefined,
    // Only the record being mapped has actions of its own in the header (MapHeader.recordActions).
    rowsAreCandidates: mapHeader?.recordActions !== undefined,
    storedProcedure: definition.rowActions.find((a) => isMapAction(a.type))?.storedProcedure ?? '',
  });
  // Rows ticked for a bulk edit, kept while the list selects the same records (rowSelection.ts):
  // another source or filter starts the ticks over.
  const tickScope =
    recordId === undefined && !related && settings.bulkEdit
      ? `${source}\u0000${JSON.stringify(state.filters)}`
      : null;
  const ticked = useRowSelection(tickScope);
  const runListAction = useRowActionRunner({
    source,
    segment,
    keyColumn,
    columns,
    titleField,
    bulkTarget: () => bulkTargetOf(columns, state.filters, source, [...ticked.selected]),
  });
  const runRowAction = useStableCallback((action: RowAction, row: Row) =>
    isMapAction(action.type) ? runMapAction(action, row) : runListAction(action, row),
  );
  // Bulk edit changes the records the filters select; a search would narrow the grid but not them,
  // so it is not offered while a search is on.
  const canBulkEdit =
    recordId === undefined &&
    searchText === '' &&
    settings.bulkEdit &&
    rights.has(rightOf.BulkEdit ?? `${prefix}/BulkEdit`);
  const modified = grid.changed && !settings.ignoreState;
  // Kept while the layout holds: a new array would make the grid rebuild its column model and
  // render every row again on each render of the list (a load starting or ending, a menu).
  const arranged = useMemo(
    () => arrangedColumns(columns, state.order, state.pinned),
    [columns, state.order, state.pinned],
  );
  const canExport = recordId === undefined && source !== '' && !settings.hideExport && held.has(EXPORT_RIGHT);
  // What the screen's bars are given stays the same object while its inputs do (and every command
  // below keeps its identity), so a sort or a page renders the grid and the pager, not the toolbar,
  // presets and filter bars (their memoised elements in ListView are reused).
  const bulkTarget = useMemo(
    () => (canBulkEdit ? bulkTargetOf(columns, state.filters, source, [...ticked.selected]) : undefined),
    [canBulkEdit, columns, state.filters, source, ticked.selected],
  );
  // Read when an export is sent: as a value it changed with every sort and filter, and rendered
  // the page header and its Export button again each time.
  const currentExportView = useStableCallback(
    (): ExportListView => ({
      source,
      columns: arranged,
      visibility: state.visibility,
      sort,
      filters: criteria,
      search: searchText,
      ...viewOfDatabase(definition),
    }),
  );
  const exportView = canExport ? currentExportView : undefined;
  const map = useMemo(
    () =>
      recordId === undefined
        ? undefined
        : {
            recordId,
            header: definition.settings.mapHeader,
            listPath,
            source,
            canMap: held.has(
              routes?.find((r) => r.kind === 'map' && r.listPath === listPath)?.right ?? `${prefix}/Map`,
            ),
          },
    [recordId, definition, listPath, source, held, routes, prefix],
  );
  // The chosen view as the server now has it: a rename shows at once, without choosing it again.
  const current = presets.find((p) => p.id === preset.id) ?? preset;
  const permissions = useMemo(() => presetPermissions(current, groups, presets), [current, groups, presets]);
  // The address holds the chosen view and the filters (listAddress.ts), so it can be shared as it is:
  // rewritten in place whenever either changes. The default and the working view are named by no
  // parameter: a link without one opens the working view, else the default, as it always did (the
  // working view is the person's own, so a link cannot name it for another).
  const addressView = useMemo(
    (): AddressView | undefined =>
      isStatePreset(current) || isDefaultPreset(current)
        ? undefined
        : { name: current.name, group: current.presetGroup.name },
    [current],
  );
  const keepParam = route.requiredParam?.name;
  const writesAddress = recordId === undefined && !related;
  // Written with the History API, not the router: the screen is keyed by its address (a new address
  // starts it afresh, RouteScreen.tsx), and the list must not start over because it described itself.
  // The router's own entry state is kept, so Back and Forward work as before.
  useEffect(() => {
    if (!writesAddress) return;
    const current = window.location.search;
    const next = listAddress(current, addressView, state.filters, columns, keepParam);
    rememberAddress(window.sessionStorage, route.right, next);
    if (next !== current) {
      const { pathname, hash } = window.location;
      window.history.replaceState(window.history.state, '', `${pathname}${next}${hash}`);
    }
    // A navigation of the router's own (the search box's `q`) starts the screen afresh, which writes again.
  }, [writesAddress, addressView, state.filters, columns, keepParam, route.right]);
  const commands = {
    setColumnFilter: useStableCallback((key: string, conditions: ColumnFilter[]) =>
      change({ type: 'setColumnFilter', key, conditions }),
    ),
    resetFilters: useStableCallback(() => change({ type: 'resetFilters' })),
    setSort: useStableCallback((key: string, direction: SortDirection | null) =>
      change({ type: 'setSort', key, direction }),
    ),
    setVisible: useStableCallback((key: string, visible: boolean) =>
      change({ type: 'setVisible', key, visible }),
    ),
    setAllVisible: useStableCallback((visible: boolean) =>
      change({ type: 'setAllVisible', visible, firstKey: columns[0]?.key }),
    ),
    setPage: useStableCallback((pageIndex: number) => change({ type: 'setPage', pageIndex })),
    setPageSize: useStableCallback((pageSize: number) => change({ type: 'setPageSize', pageSize })),
    setPaging: useStableCallback((on: boolean) => change({ type: 'setPaging', paging: on })),
    setColumnWidth: useStableCallback((key: string, width: number) =>
      change({ type: 'setWidth', key, width }),
    ),
    moveColumn: useStableCallback((key: string, by: -1 | 1) => change({ type: 'moveColumn', key, by })),
    setPinned: useStableCallback((key: string, pinned: boolean) =>
      change({ type: 'setPinned', key, pinned }),
    ),
  };
  const retryLoad = useStableCallback(failure.retry);
  const setSearchText = useStableCallback((text: string) => {
    const next = withSearchParam(location.search, text);
    if (next === location.search) return;
    // Typing replaces the address rather than adding to the history; the rows start from page one.
    void navigate({ search: next }, { replace: true, state: location.state });
    grid.change({ type: 'setPage', pageIndex: 0 });
  });
  const searchBox = useMemo(
    () => (searchable ? { labels: searchLabels, text: searchText, setText: setSearchText } : undefined),
    [searchable, searchLabels, searchText, setSearchText],
  );
  const choose = useStableCallback((p: Preset) => onChoose(p));
  const save = useStableCallback(async () => {
    sync.cancel();
    if (await presetActions.save(current, saved())) grid.markSaved();
  });
  const create = useStableCallback(async (name: string, groupId: number) => {
    sync.cancel();
    const created = await presetActions.create(name, groupId, saved(), data.paging.totalItemsCount);
    if (created) onChoose(created, { tellServer: false });
  });
  const rename = useStableCallback(async (name: string) => {
    await presetActions.rename(current, name);
  });
  const remove = useStableCallback(() =>
    confirmPresetDelete(preset, async () => {
      const fallback = findDefaultPreset(presets);
      if ((await presetActions.remove(preset, presets)) && fallback) onChoose(fallback);
    }),
  );

  const canRestore =
    recordId === undefined &&
    !related &&
    route.history === true &&
    source !== '' &&
    rights.has(rightOf.Create ?? `${prefix}/Create`);
  const onRestored = useStableCallback(() => data.retry());
  const deletedRecords = useMemo(
    () =>
      canRestore
        ? {
            api: source,
            titleField: route.titleField,
            viewPath: (id: number) => `/${segment}/view/${id}`,
            onRestored,
          }
        : undefined,
    [canRestore, source, route.titleField, segment, onRestored],
  );

  return {
    definition,
    settings,
    columns,
    source,
    sourceProblem,
    map,
    segment,
    keyColumn,
    state,
    data,
    loadError: failure.message,
    retryLoad,
    ...commands,
    arranged,
    rowActions,
    runRowAction,
    links,
    canCreate: recordId === undefined && !related && rights.has(rightOf.Create ?? `${prefix}/Create`),
    mapQueuePath: recordId === undefined && !related ? mapQueueRoute?.pattern : undefined,
    deletedRecords,
    createTo: createPath(segment, route, search),
    canBulkEdit,
    bulkTarget,
    selection: canBulkEdit ? ticked : undefined,
    exportView,
    search: searchBox,
    presets: {
      list: presets,
      groups,
      active: preset,
      title: viewTitle(current, modified, presets),
      modified: modified || isStatePreset(preset),
      permissions,
      hasDefault: findDefaultPreset(presets) !== undefined,
      busy: presetActions.busy,
      choose,
      save,
      create,
      rename,
      remove,
    },
  };
}

const NO_SWITCHES: ExplicitSwitches = {};

/**
 * The list call's criteria: the grid's filters and, on a related list, the condition that keeps
 * its rows to the one record's (its key equal to the record's id, in place of any the user set on
 * that column).
 */
export function relatedCriteria(
  columns: readonly ColumnDefinition[],
  filters: ColumnFilters,
  key: string | undefined,
  value: string | undefined,
) {
  if (key === undefined || value === undefined) return buildCriteria(columns, filters);
  const own = columns.some((c) => c.key === key);
  const withKey: readonly ColumnDefinition[] = own
    ? columns
    : [...columns, { key, mapKey: key, column: key, type: 'number', visible: false }];
  return buildCriteria(withKey, { ...filters, [key]: [{ conjunction: 'and', operator: 'eq', value }] });
}

/** The list's own API path, as its shipped default preset names it; undefined when not known. */
function registeredSourceOf(presets: readonly Preset[]): string[] | undefined {
  const fallback = findDefaultPreset(presets);
  const source = fallback ? parsePresetDefinition(fallback.definition)?.source?.trim() : undefined;
  return source ? [source] : undefined;
}

/** A preset may name the SQL view (and database) its rows come from; an export reads the same. */
function viewOfDatabase(definition: PresetDefinition): Pick<ExportListView, 'sqlViewName' | 'databaseName'> {
  const { sqlViewName, databaseName } = definition as Record<string, unknown>;
  return {
    ...(typeof sqlViewName === 'string' && sqlViewName !== '' ? { sqlViewName } : {}),
    ...(typeof databaseName === 'string' && databaseName !== '' ? { databaseName } : {}),
  };
}

interface LoadFailure {
  message: string;
  /** The sort and paging the failed load asked for; the filters are left as the user set them. */
  attempt: RowsView;
}

/**
 * Keeps a failed load from changing what the user sees: the rows stay those of the last load that
 * worked (useListData), a failed sort or page change is undone so the header and pager match those
 * rows, and the failure is kept, in plain words, until the user changes something or retries.
 */
function useLoadFailure(
  grid: ReturnType<typeof useListGridState>,
  data: ListData,
  columns: readonly ColumnDefinition[],
) {
  const [failure, setFailure] = useState<LoadFailure | null>(null);
  const current = { view: viewOf(grid.state), filters: grid.query.filters };
  const shown = useRef(current);
  if (!data.failed && !data.fetching) shown.current = current;
  const latest = useRef(current);
  latest.current = current;
  const labels = useMemo(() => columnLabels(columns), [columns]);

  // Runs once per failure (errorUpdatedAt changes with each one).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs and grid.change are read fresh
  useEffect(() => {
    if (!data.failed) return;
    const attempt = latest.current;
    setFailure({ message: plainErrorMessage(data.error, labels), attempt: attempt.view });
    const good = shown.current;
    if (good.filters === attempt.filters && !sameView(good.view, attempt.view))
      grid.change({ type: 'restoreView', view: good.view });
  }, [data.failed, data.errorUpdatedAt]);

  return {
    message: failure?.message ?? null,
    change: (action: ListAction) => {
      setFailure(null);
      grid.change(action);
    },
    retry: () => {
      if (!failure) return;
      setFailure(null);
      if (sameView(failure.attempt, latest.current.view)) data.retry();
      else grid.change({ type: 'restoreView', view: failure.attempt });
    },
  };
}

/**
 * The create form's address. A list shown for one parent (`requiredParam`) hands the parent on to
 * the new record and asks to come back to this list, not to the list without its parent.
 */
export function createPath(segment: string, route: Pick<AppRoute, 'requiredParam'>, search: string): string {
  const name = route.requiredParam?.name;
  const value = name ? queryParam(search, name) : undefined;
  if (!name || value === undefined) return `/${segment}/create`;
  const back = `/${segment}/list?${new URLSearchParams({ [name]: value })}`;
  return `/${segment}/create?${new URLSearchParams({ [name]: value, redirecturl: back })}`;
}
