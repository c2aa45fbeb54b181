/**
 * Presets: the stored definitions every list and form screen is generated from: settings,
 * column definitions and row actions. The definition travels as
 * JSON text, as the spec stores it; `presetDefinitionSchema` validates it on save.
 */
import { z } from 'zod';
import { INT4_MAX, int4IdSchema } from './ids.ts';

export const DEFAULT_PRESET_NAME = 'default';
export const STATE_PRESET_NAME = 'state';
export const SYSTEM_PRESET_GROUP_ID = 1;
export const PERSONAL_PRESET_GROUP = 'personal';
export const STATE_SUFFIX = '^__^state';

export const COLUMN_TYPES = [
  'text',
  'number',
  'decimal',
  'boolean',
  'date',
  'datetime',
  'link',
  'css',
  'combobox',
  'singleselect',
  'multiselect',
] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export const ROW_ACTION_TYPES = [
  'view',
  'edit',
  'getMap',
  'delete',
  'open',
  'bulkupdate',
  'locationKeyword',
  'configThresholds',
  'setIsActiveCustomer',
  /** Fetches its `pageUrl` (an `/api/` path of ours) as a file and saves it under the row's `fileName`. */
  'download',
  /** Posts `{}` to its `pageUrl` (an `/api/` path of ours), asking its messagebox first, then reloads the list. */
  'post',
  'mapThis',
  'unMap',
  'ignore',
  'disable',
] as const;
export type RowActionType = (typeof ROW_ACTION_TYPES)[number];

/** A filter condition as the grid keeps it per column. */
export const columnFilterSchema = z
  .object({
    conjunction: z.enum(['and', 'or']).default('and'),
    operator: z.string(),
    type: z.string().optional(),
    value: z.unknown().optional(),
    lists: z.array(z.unknown()).optional(),
    selectedCondition: z.string().optional(),
    explanation: z.string().optional(),
  })
  .loose();
export type ColumnFilter = z.infer<typeof columnFilterSchema>;

export const tagSchema = z.object({ color: z.string(), label: z.string() });

/** Form specs (edit, create, bulkupdate) are validated by the form engine; kept open here. */
const formSpecSchema = z.record(z.string(), z.unknown());

export const columnDefinitionSchema = z
  .object({
    key: z.string().min(1).max(100),
    mapKey: z.string().min(1).max(100),
    column: z.string().max(200),
    type: z.enum(COLUMN_TYPES),
    visible: z.boolean().default(true),
    primary: z.boolean().optional(),
    sort: z.enum(['ASC', 'DESC', '']).optional(),
    filter: z.array(columnFilterSchema).optional(),
    filterable: z.boolean().optional(),
    source: z.string().max(500).optional(),
    itemType: z.string().optional(),
    filterOptions: z
      .object({ displayFieldName: z.string(), valueFieldName: z.string() })
      .partial()
      .optional(),
    delete: z.boolean().optional(),
    /** Sent (as `{mapkey, value}`) by a map list's Map This, Un Map, Add to blacklist and Disable. */
    map: z.boolean().optional(),
    unmap: z.boolean().optional(),
    ignore: z.boolean().optional(),
    disable: z.boolean().optional(),
    /** Width in pixels the user gave the column; without it the grid sizes it to its content. */
    width: z.number().int().min(40).max(1200).optional(),
    /** Pinned to the left of the grid (stays in view while the grid scrolls sideways). */
    pinned: z.boolean().optional(),
    inputProps: z.record(z.string(), z.unknown()).optional(),
    tags: z.record(z.string(), tagSchema).optional(),
    edit: formSpecSchema.optional(),
    create: formSpecSchema.optional(),
    bulkupdate: formSpecSchema.optional(),
  })
  .loose();
export type ColumnDefinition = z.infer<typeof columnDefinitionSchema>;

export const rowActionSchema = z
  .object({
    type: z.enum(ROW_ACTION_TYPES),
    label: z.string().min(1).max(100),
    order: z.number().int().default(0),
    messagebox: z.string().max(500).optional(),
    columnKey: z.string().max(100).optional(),
    pageUrl: z.string().max(500).optional(),
    storedProcedure: z.string().max(200).optional(),
    /** Visibility condition for the row, e.g. `status != 'cancelled' && isActive` (safe evaluator). */
    visibleWhen: z.string().max(500).optional(),
    /** Shown on frozen rows too (a "fixed-header action", ADR 0003). */
    fixed: z.boolean().optional(),
  })
  .loose();
export type RowAction = z.infer<typeof rowActionSchema>;

export const actionSpecSchema = z
  .object({
    storedProcedure: z.string().max(200).optional(),
    RedirectUrl: z.string().max(500).optional(),
    titleModal: z.string().max(200).optional(),
    contentModal: z.string().max(1000).optional(),
    api: z.string().max(500).optional(),
    visibleWhen: z.string().max(500).optional(),
  })
  .loose();

/**
 * One filter of a mapping queue's scope, as the screen draws it: the scope key, its label, and how
 * a value is picked — `lookup`: one row of the dropdown route `options` ({id, name} rows; the value
 * is the id); `values`: one of the strings the route `options` answers (MapQueueValues); `code`: a
 * two-letter code typed.
 */
const queueFilterSchema = z
  .object({
    key: z.enum(['merchantId', 'recordKind', 'country']),
    label: z.string().max(60),
    input: z.enum(['lookup', 'values', 'code']),
    options: z.string().max(500).optional(),
  })
  .strict();

export const mapHeaderSchema = z.object({
  /** The record's own list path, read with a filter on its id (pageSize 20, pageIndex 0). */
  source: z.string().max(500),
  /** The page title, `{field}` placeholders filled from the record. */
  title: z.string().max(200),
  /** The record's fields shown above the grid, by key, with their labels (and a state's tags). */
  fields: z
    .array(
      z.object({
        key: z.string().max(100),
        label: z.string().max(200),
        tags: z.record(z.string(), tagSchema).optional(),
      }),
    )
    .max(30),
  /**
   * A merchant record's own actions (Add to blacklist, Disable, Undo), posted to the map list's
   * source with the record's id, run by this procedure; absent on the price-watch side.
   */
  recordActions: z.object({ storedProcedure: z.string().max(200) }).optional(),
  /** The area's mapping queue: its screen, and the scope filters its records have. */
  queue: z
    .object({
      path: z.string().max(500),
      filters: z.array(queueFilterSchema).max(3),
    })
    .optional(),
});
export type MapHeader = z.infer<typeof mapHeaderSchema>;

export const presetSettingsSchema = z
  .object({
    hideMenu: z.boolean(),
    hideHeader: z.boolean(),
    hideColumnToggle: z.boolean(),
    hideActions: z.boolean(),
    hideFilters: z.boolean(),
    hidePresets: z.boolean(),
    hideExport: z.boolean(),
    ignoreState: z.boolean(),
    disablePaging: z.boolean(),
    pageItems: z.number().int().min(1).max(1000),
    compactView: z.boolean(),
    paging: z.boolean(),
    /** Column key → conditions applied when the preset is chosen. */
    filters: z.record(z.string(), z.array(columnFilterSchema)),
    /** Row flag that freezes a row (only fixed actions show on it). */
    frozenField: z.string(),
    useFormAdapter: z.boolean(),
    hideToolbarActions: z.array(z.string()),
    bulkEdit: z.boolean(),
    /** A map list's header: the record whose candidates the grid lists (see map.ts). */
    mapHeader: mapHeaderSchema,
    /** Reload the page of rows and its summary every this many seconds while the tab is visible. */
    refreshSeconds: z.number().int().min(1).max(3600),
  })
  .partial()
  .loose();
export type PresetSettings = z.infer<typeof presetSettingsSchema>;

export const presetDefinitionSchema = z
  .object({
    settings: presetSettingsSchema.default({}),
    definition: z.array(columnDefinitionSchema).max(300).default([]),
    source: z.string().max(500).optional(),
    actions: z.record(z.string(), actionSpecSchema).default({}),
    rowActions: z.array(rowActionSchema).max(50).default([]),
    cssUrl: z.string().max(500).optional(),
    Tabs: z.array(z.object({ Id: z.union([z.number(), z.string()]), Name: z.string() })).optional(),
  })
  .loose();
export type PresetDefinition = z.infer<typeof presetDefinitionSchema>;

export const presetGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  read: z.boolean(),
  write: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
});
export type PresetGroup = z.infer<typeof presetGroupSchema>;

export interface Preset {
  id: number;
  name: string;
  rightName: string;
  presetGroupId: number;
  presetGroup: { id: number; name: string };
  isInUse: boolean;
  latestVersion: boolean;
  version: number;
  parentId: number | null;
  totalItemCount: number | null;
  /** JSON text of a PresetDefinition. */
  definition: string;
  /**
   * The caller saved this view (created it): on a shared view, they may rename, update and delete it
   * whatever their group's edit and delete flags say. Absent in answers from before it existed.
   */
  savedByYou?: boolean;
}

/** Body of create and update at /api/presets/user. */
export const presetWriteSchema = z.object({
  id: int4IdSchema.optional(),
  name: z.string().trim().max(100).optional(),
  rightName: z.string().min(1).max(200),
  presetGroupId: int4IdSchema.optional(),
  definition: z.string().max(500_000),
  totalItemCount: z.number().int().min(0).max(INT4_MAX).nullable().optional(),
  filters: z.unknown().optional(),
});
export type PresetWrite = z.infer<typeof presetWriteSchema>;

export const presetRefSchema = z.object({ id: int4IdSchema, rightName: z.string().min(1).max(200) });
