/**
 * The related lists of a record's view: for every area whose records refer to the record shown
 * (docs/areas.md, `refersTo`), that area's own list, through the list engine, in the preset the
 * person opens that list with (their in-use one, else the default), with a condition keeping it to
 * this record's rows. Filters, sort, paging, export and row actions work as on the list page. Each
 * is headed with its count, starts collapsed when empty, and offers "Create … for this record" to
 * someone holding the Create right: the create form opens with the reference filled from the
 * address and returns to this view. A list whose List right the user lacks is not shown (and the
 * server refuses it).
 */
import type { AppRoute, Preset, PresetGroup, RouteRelated } from '@bm/contracts';
import { Box, Button, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAppRoutes } from '../../app/routes/useAppRoutes.ts';
import { useUserRights } from '../access/useUserRights.ts';
import { ExportButton } from '../export/ExportButton.tsx';
import { FilterBar } from '../filters/FilterBar.tsx';
import { DataGrid } from '../grid/DataGrid.tsx';
import { GridPagination } from '../grid/GridPagination.tsx';
import { listGridProps } from '../list/listGridProps.ts';
import { useListController } from '../list/useListController.ts';
import { usePresetGroups, usePresets } from '../presets/presetQueries.ts';
import { resolvePresetSelection } from '../presets/resolvePresetSelection.ts';
import { usePresetActions } from '../presets/usePresetActions.ts';
import classes from './relatedLists.module.css';

/** One related list the user may see: its relation, its list route and, with the right, its create route. */
interface Shown {
  relation: RouteRelated;
  list: AppRoute;
  create: AppRoute | undefined;
}

/** The related lists the user may open: their list route exists with its preset, and its right is held. */
export function shownRelated(
  related: readonly RouteRelated[],
  table: readonly AppRoute[],
  rights: ReadonlySet<string>,
): Shown[] {
  const open = (route: AppRoute | undefined) =>
    route !== undefined && route.hasPreset !== false && rights.has(route.right) ? route : undefined;
  return related.flatMap((relation) => {
    const list = open(table.find((r) => r.kind === 'list' && r.pattern === relation.listPath));
    if (!list) return [];
    const create = open(table.find((r) => r.kind === 'create' && r.listPath === relation.listPath));
    return [{ relation, list, create }];
  });
}

/** The create form for a new record referring to this one, returning to this view after the save. */
export function relatedCreatePath(create: AppRoute, idKey: string, recordId: number, back: string): string {
  return `${create.pattern}?${new URLSearchParams({ [idKey]: String(recordId), redirecturl: back })}`;
}

/**
 * The preset a related list opens with: the one its list page would open with when reached from the
 * menu (the person's in-use preset for that list, else its default), by the list page's own rule.
 * A related list has no address of its own, so no deep link or address filters take part. Undefined
 * when the list has no default preset, which its list page would refuse too.
 */
export function relatedPreset(
  presets: readonly Preset[],
  groups: readonly PresetGroup[],
): Preset | undefined {
  const selection = resolvePresetSelection({
    presets,
    groupNames: groups.map((g) => g.name),
    deepLink: {},
    hasLinkedFilters: false,
  });
  return selection.status === 'ok' ? selection.preset : undefined;
}

interface RelatedListsProps {
  related: readonly RouteRelated[];
  recordId: number;
  /** This view's own path: where a record created from a related list returns to. */
  back: string;
}

export function RelatedLists({ related, recordId, back }: RelatedListsProps) {
  const { data } = useAppRoutes();
  const { rights } = useUserRights();
  const shown = useMemo(() => shownRelated(related, data?.routes ?? [], rights), [related, data, rights]);
  if (shown.length === 0) return null;
  return (
    <Stack gap="md" mt="xl" component="section" aria-label="Related records">
      {shown.map((s) => (
        <RelatedList
          key={`${s.relation.listPath}:${s.relation.idKey}`}
          shown={s}
          recordId={recordId}
          back={back}
        />
      ))}
    </Stack>
  );
}

function RelatedList({ shown, recordId, back }: { shown: Shown; recordId: number; back: string }) {
  const presets = usePresets(shown.list.right);
  const groups = usePresetGroups();
  const preset = presets.data ? relatedPreset(presets.data, groups.data ?? []) : undefined;
  if (presets.isPending || groups.isPending) {
    return (
      <Box className={classes.list}>
        <Group gap="xs">
          <Title order={3} size="h5">
            {shown.relation.label}
          </Title>
          <Loader size="xs" aria-label={`Loading ${shown.relation.label}`} />
        </Group>
      </Box>
    );
  }
  if (!preset || !presets.data) {
    return (
      <Box className={classes.list}>
        <Title order={3} size="h5">
          {shown.relation.label}
        </Title>
        <Text size="sm" c="dimmed">
          This list cannot be shown: its presets could not be loaded.
        </Text>
      </Box>
    );
  }
  return (
    <RelatedListBody
      shown={shown}
      recordId={recordId}
      back={back}
      preset={preset}
      presets={presets.data}
      groups={groups.data ?? []}
    />
  );
}

interface BodyProps {
  shown: Shown;
  recordId: number;
  back: string;
  preset: Preset;
  presets: readonly Preset[];
  groups: readonly PresetGroup[];
}

function RelatedListBody({ shown, recordId, back, preset, presets, groups }: BodyProps) {
  const { relation, list: route, create } = shown;
  const presetActions = usePresetActions(route.right);
  const list = useListController({
    route,
    preset,
    firstVisit: false,
    chosen: true,
    presets,
    groups,
    presetActions,
    onChoose: () => undefined,
    related: { key: relation.idKey, value: String(recordId) },
  });
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [toggled, setToggled] = useState<boolean | undefined>(undefined);
  const bodyId = useId();
  const { data, state, settings } = list;
  const loaded = !data.fetching || data.rows.length > 0;
  const count =
    data.paging.totalItemsCount ?? (loaded && !data.paging.hasMore ? data.rows.length : undefined);
  // Open when its first count finds rows, collapsed while empty; decided once, so a filter the user
  // sets that matches nothing does not fold the list away, and the user's own choice stands after.
  const first = useRef<number | undefined>(undefined);
  if (first.current === undefined && count !== undefined) first.current = count;
  const open = toggled ?? (first.current !== undefined && first.current > 0);
  const countText =
    count === undefined
      ? ''
      : data.paging.exact === false
        ? `about ${count.toLocaleString('en-US')}`
        : String(count);
  const hasFilters = Object.values(state.filters).some((c) => c.length > 0);
  // The column naming the record this view shows says the same on every row: it is left out.
  const backField = route.references?.find((r) => r.idKey === relation.idKey)?.field;
  const columns = useMemo(() => list.arranged.filter((c) => c.key !== backField), [list.arranged, backField]);

  return (
    <Box
      component="section"
      aria-label={relation.label}
      className={classes.list}
      data-related={relation.listPath}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Title order={3} size="h5">
          <UnstyledButton
            className={classes.toggle}
            aria-expanded={open}
            aria-controls={open ? bodyId : undefined}
            onClick={() => setToggled(!open)}
          >
            {open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
            <span>{relation.label}</span>
            <span className={classes.count} data-count={count}>
              {countText === '' ? '' : `(${countText})`}
            </span>
          </UnstyledButton>
        </Title>
        <Group gap="xs" wrap="nowrap">
          {open && list.exportView && (
            <ExportButton view={list.exportView} pageName={relation.label} hasDefaultPreset />
          )}
          {create && (
            <Button
              size="xs"
              variant="light"
              component={Link}
              to={relatedCreatePath(create, relation.idKey, recordId, back)}
              leftSection={<IconPlus size={14} aria-hidden />}
            >
              Create {relation.singular.toLowerCase()} for this record
            </Button>
          )}
        </Group>
      </Group>
      {open && (
        <Stack gap="xs" mt="xs" id={bodyId}>
          {!settings.hideFilters && (count !== 0 || hasFilters) && (
            <FilterBar
              columns={list.columns}
              filters={state.filters}
              onChange={list.setColumnFilter}
              onReset={list.resetFilters}
            />
          )}
          {list.loadError && (
            <Text size="sm" c="red" role="alert">
              {list.loadError}{' '}
              <UnstyledButton className={classes.retry} onClick={list.retryLoad}>
                Retry
              </UnstyledButton>
            </Text>
          )}
          {list.source && (
            <DataGrid
              {...listGridProps(list)}
              columns={columns}
              compact
              openMenu={openMenu}
              onOpenMenu={setOpenMenu}
            />
          )}
          {(data.paging.hasMore || state.pageIndex > 0) && (
            <GridPagination
              paging={{ ...data.paging, pageIndex: state.pageIndex, pageSize: state.pageSize }}
              pagingOn={state.paging}
              rowCount={data.rows.length}
              onPage={list.setPage}
              onPageSize={list.setPageSize}
              onPaging={list.setPaging}
            />
          )}
        </Stack>
      )}
    </Box>
  );
}
