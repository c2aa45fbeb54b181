/**
 * The console's screens as the server publishes them (`GET /api/app-routes`) and the rules that
 * name them: an entity's screens live under one path segment (`/{segment}/list`,
 * `/{segment}/edit/:id`, …) and each is guarded by the right `BMTools/{Entity}/{Action}`, except the
 * few spellings an area declares itself. The server derives its routes with these rules; the web
 * only reads what the server sends, so no web file names a business area.
 */
import { z } from 'zod';

/** Every action an entity area may allow; each is the last segment of a right name. */
export const ENTITY_ACTIONS = [
  'List',
  'View',
  'Create',
  'Edit',
  'Delete',
  'BulkEdit',
  'Publish',
  'GetMap',
  'Map',
  'SetIsActiveCustomer',
] as const;
export type EntityAction = (typeof ENTITY_ACTIONS)[number];

export const SCREEN_KINDS = [
  'list',
  'create',
  'edit',
  'view',
  'bulkedit',
  'getmap',
  'map',
  'mapqueue',
  'tool',
] as const;
export type ScreenKind = (typeof SCREEN_KINDS)[number];

export interface AppRoute {
  pattern: string;
  kind: ScreenKind;
  right: string;
  /** The parent list page, where save or cancel returns to. */
  listPath?: string | undefined;
  /** Key into the runtime config's `toolUrls`. */
  toolKey?: string | undefined;
  /**
   * For a screen built from a preset: whether its default preset exists now. A screen without one
   * opens only the 'missing the default preset' page, so no button or row action leads to it.
   */
  hasPreset?: boolean | undefined;
  /** The entity's list, as its page is headed ("Pages"): the breadcrumb of its record screens. */
  label?: string | undefined;
  /** One record of the entity ("Page"): record screens are headed "Edit page “Home”". */
  singular?: string | undefined;
  /**
   * The field whose value names one record ("Home" in "Edit page “Home”"), as the area declares it:
   * record screens are headed with it and a delete names it. Absent: a record is called by its id.
   */
  titleField?: string | undefined;
  /** A list shown for one parent record when the address names it (RequiredParam). */
  requiredParam?: RequiredParam | undefined;
  /**
   * On a list and a view screen: the fields whose value names a record of another area, each a link
   * to that record's view (a payment's reservation).
   */
  references?: RouteReference[] | undefined;
  /** On a view screen: the lists of other areas' records that refer to the one shown. */
  related?: RouteRelated[] | undefined;
  /**
   * Its records' changes are journalled: a view screen shows their History, a list screen offers
   * its Deleted records.
   */
  history?: boolean | undefined;
  /**
   * On a list screen: the labels of the fields its search box looks in (the list endpoint's `q`).
   * Absent: the list has no search box.
   */
  search?: string[] | undefined;
}

/** A field naming another area's record, as a list or view screen links it. */
export interface RouteReference {
  /** The field shown (the other record's name); in a form, the field editing the id may be shown instead. */
  field: string;
  /** The row's or record's key holding the other record's id. */
  idKey: string;
  /** The other record's view, `/{segment}/view/:id`; the link shows where its route's right is held. */
  viewPath: string;
}

/** A list of another area's records that refer to the record a view shows. */
export interface RouteRelated {
  /** That area's list path: its list route gives the right, its create route the Create right. */
  listPath: string;
  /** The key of its list holding the referred record's id: the related list filters on it. */
  idKey: string;
  /** The heading ("Payments"), with the referring field's label when the area refers twice. */
  label: string;
  /** One of its records, as "Create payment for this record" says. */
  singular: string;
}

/**
 * A list shown for one parent record (`name` in the address), whose create form takes the parent
 * from there. With `otherwise`, the list goes there when the address lacks it; without, the list
 * shows every parent's records.
 */
export interface RequiredParam {
  name: string;
  otherwise?: string | undefined;
}

export interface AppRoutes {
  routes: AppRoute[];
  /**
   * First path segments (lower case) in the order the home redirect prefers them; menu entries
   * whose link starts with none of them come after, in menu order.
   */
  homeOrder: string[];
}

export const appRouteSchema = z.object({
  pattern: z.string().startsWith('/'),
  kind: z.enum(SCREEN_KINDS),
  right: z.string().min(1),
  listPath: z.string().optional(),
  toolKey: z.string().optional(),
  hasPreset: z.boolean().optional(),
  label: z.string().optional(),
  singular: z.string().optional(),
  titleField: z.string().min(1).optional(),
  requiredParam: z
    .object({ name: z.string().min(1), otherwise: z.string().startsWith('/').optional() })
    .optional(),
  references: z
    .array(
      z.object({ field: z.string().min(1), idKey: z.string().min(1), viewPath: z.string().startsWith('/') }),
    )
    .optional(),
  related: z
    .array(
      z.object({
        listPath: z.string().startsWith('/'),
        idKey: z.string().min(1),
        label: z.string().min(1),
        singular: z.string().min(1),
      }),
    )
    .optional(),
  search: z.array(z.string().min(1)).optional(),
  history: z.boolean().optional(),
});

export const appRoutesSchema = z.object({
  routes: z.array(appRouteSchema),
  homeOrder: z.array(z.string()),
});

/** The right guarding `action` on `entity`, or the spelling the area declares for it. */
export const entityRightName = (
  entity: string,
  action: EntityAction,
  overrides?: Partial<Record<EntityAction, string>>,
): string => overrides?.[action] ?? `BMTools/${entity}/${action}`;

/** The screen each action opens, and its path under the entity's segment. */
const ENTITY_SCREENS: readonly { kind: ScreenKind; action: EntityAction; path: (s: string) => string }[] = [
  { kind: 'list', action: 'List', path: (s) => `/${s}/list` },
  { kind: 'create', action: 'Create', path: (s) => `/${s}/create` },
  { kind: 'edit', action: 'Edit', path: (s) => `/${s}/edit/:id` },
  { kind: 'view', action: 'View', path: (s) => `/${s}/view/:id` },
  { kind: 'bulkedit', action: 'BulkEdit', path: (s) => `/${s}/bulkedit` },
  { kind: 'getmap', action: 'GetMap', path: (s) => `/${s}/:id/getmap` },
  { kind: 'map', action: 'Map', path: (s) => `/${s}/:id/map` },
  // The mapping queue of an area whose records are mapped (its map list is of merchant records).
  { kind: 'mapqueue', action: 'Map', path: (s) => `/${s}/mapqueue` },
];

/** The path of an area's mapping queue. */
export const mapQueuePathOf = (segment: string): string => `/${segment}/mapqueue`;

export const listPathOf = (segment: string): string => `/${segment}/list`;

/** The segment of a list path: `/page/list` → `page`. */
export function segmentOfListPath(listPath: string): string {
  const match = /^\/([^/]+)\/list$/.exec(listPath);
  if (!match?.[1]) throw new Error(`Not a list path: ${listPath}`);
  return match[1];
}

export interface EntityRouteSource {
  segment: string;
  entity: string;
  actions: readonly EntityAction[];
  rightOverrides?: Partial<Record<EntityAction, string>> | undefined;
  label?: string | undefined;
  singular?: string | undefined;
  titleField?: string | undefined;
  requiredParam?: RequiredParam | undefined;
  /** Its records are mapped from a map list of their own: it has a mapping queue. */
  mapQueue?: boolean | undefined;
  /** Its fields naming other areas' records: its list and view screens link them. */
  references?: readonly RouteReference[] | undefined;
  /** Other areas' lists of the records referring to one of its records: its view shows them. */
  related?: readonly RouteRelated[] | undefined;
  /** Its records' changes are journalled: its view shows their History. */
  history?: boolean | undefined;
  /** The labels of the fields its list searches (`q`); absent or empty: no search. */
  search?: readonly string[] | undefined;
}

/** The view path of an area's record, as a reference links it. */
export const viewPathOf = (segment: string): string => `/${segment}/view/:id`;

/** One route per screen whose action the area allows; a screen without its right cannot exist. */
export function entityRoutes(area: EntityRouteSource): AppRoute[] {
  return ENTITY_SCREENS.filter(
    ({ kind, action }) => area.actions.includes(action) && (kind !== 'mapqueue' || area.mapQueue === true),
  ).map(({ kind, action, path }) => ({
    pattern: path(area.segment),
    kind,
    right: entityRightName(area.entity, action, area.rightOverrides),
    listPath: listPathOf(area.segment),
    ...(area.label === undefined ? {} : { label: area.label }),
    ...(area.singular === undefined ? {} : { singular: area.singular }),
    ...(area.titleField === undefined ? {} : { titleField: area.titleField }),
    ...(kind === 'list' && area.requiredParam ? { requiredParam: area.requiredParam } : {}),
    ...((kind === 'list' || kind === 'view') && area.references && area.references.length > 0
      ? { references: [...area.references] }
      : {}),
    ...(kind === 'view' && area.related && area.related.length > 0 ? { related: [...area.related] } : {}),
    ...((kind === 'view' || kind === 'list') && area.history ? { history: true } : {}),
    ...(kind === 'list' && area.search && area.search.length > 0 ? { search: [...area.search] } : {}),
  }));
}

/** Screens that show a preset: list, forms, detail view, bulk editor and map list. */
export const PRESET_SCREENS: ReadonlySet<ScreenKind> = new Set([
  'list',
  'create',
  'edit',
  'view',
  'bulkedit',
  'getmap',
]);

/** The first path segment, lower-cased: `/Page/list?x=1` → `page`. */
export function firstPathSegment(path: string): string {
  return (path.split(/[?#]/)[0] ?? '').split('/').filter(Boolean)[0]?.toLowerCase() ?? '';
}
