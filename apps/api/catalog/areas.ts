/**
 * The console's areas as the rights, roles, menu and routes see them, derived from the area index
 * (areas/index.ts). Entity rights are named `BMTools/{Entity}/{Action}` (a few spelled as the area
 * declares); tool rights are bare names.
 */
import {
  CANCEL_QUERY_RIGHT,
  DASHBOARD_EDIT_RIGHT,
  type EntityAction,
  entityRightName,
  listPathOf,
  type RequiredParam,
  type RouteReference,
  type RouteRelated,
} from '@bm/contracts';
import { AREA_INDEX } from '../areas/index.ts';
import type { EntityManifest, MenuGroup } from '../areas/manifest.ts';
import { searchKeysOf } from './entities/index.ts';
import { isJournalled } from './journal.ts';
import { routeReferencesOf, routeRelatedOf } from './relations.ts';

/** The labels of an area's searchable fields, as its list's search box names them. */
function searchLabelsOf(area: EntityManifest): string[] {
  const keys = new Set(searchKeysOf(area));
  return (area.fields ?? []).filter((f) => keys.has(f.key)).map((f) => f.label);
}

export interface EntityArea {
  kind: 'entity';
  /** Entity segment of the right name. */
  entity: string;
  label: string;
  /** One record, as record screens are headed ("Edit page “Home”"). */
  singular: string;
  /** The field naming one record ("Home" in "Edit page “Home”"); undefined: a record is its id. */
  titleField?: string | undefined;
  group: MenuGroup;
  /** Link of the menu entry (the list page). */
  linkTo: string;
  api: string;
  actions: readonly EntityAction[];
  /** Rights spelled differently from `BMTools/{entity}/{action}`. */
  rightOverrides?: Partial<Record<EntityAction, string>> | undefined;
  icon: string;
  /** Whether `/` may lead here; such areas are tried in index order before all others. */
  home?: boolean | undefined;
  /** The list is shown only for one parent record (its query parameter, and where to go without). */
  requiredParam?: RequiredParam | undefined;
  /** Its records are mapped from a map list of their own: it has a mapping queue. */
  mapQueue?: boolean | undefined;
  /** Its fields naming other areas' records, linked on its list and view (catalog/relations.ts). */
  references?: readonly RouteReference[] | undefined;
  /** The other areas' lists of records referring to one of its records, shown on its view. */
  related?: readonly RouteRelated[] | undefined;
  /** The labels of the fields its list searches (the list's `q`), from the fields declared searchable. */
  search?: readonly string[] | undefined;
  /** Its records' changes are journalled (catalog/journal.ts): its view shows their History. */
  history?: boolean | undefined;
}

interface ToolArea {
  kind: 'tool';
  /** The tool right, a bare name. */
  right: string;
  label: string;
  group: MenuGroup;
  linkTo: string;
  /** Key into the runtime config's `toolUrls`. */
  toolKey: string;
  icon: string;
  home?: boolean | undefined;
}

export type Area = EntityArea | ToolArea;

export const AREAS: readonly Area[] = AREA_INDEX.map(
  (a): Area =>
    a.kind === 'tool'
      ? {
          kind: 'tool',
          right: a.right,
          label: a.label,
          group: a.group,
          linkTo: a.path,
          toolKey: a.toolKey,
          icon: a.icon,
          home: a.home,
        }
      : {
          kind: 'entity',
          entity: a.entity,
          label: a.label,
          singular: a.singular,
          titleField: a.titleField ?? undefined,
          group: a.group,
          linkTo: listPathOf(a.segment),
          api: a.api,
          actions: a.actions,
          rightOverrides: a.rightOverrides,
          icon: a.icon,
          home: a.home,
          requiredParam: a.list?.requiredParam,
          mapQueue: a.map?.side === 'merchant',
          references: routeReferencesOf(a.entity),
          related: routeRelatedOf(a.entity),
          search: searchLabelsOf(a),
          history: isJournalled(a),
        },
);

/** Location forms use their own rights. */
export const LOCATION_RIGHTS = ['ViewLocation', 'EditLocation', 'CreateLocation'] as const;

export const entityRight = (area: EntityArea, action: EntityAction): string =>
  entityRightName(area.entity, action, area.rightOverrides);

/** Every right of one area: one per action it offers. */
export const entityRights = (area: EntityArea): string[] =>
  area.actions.map((action) => entityRight(area, action));

/** Every right the console knows, in a stable order. */
export function allRights(): string[] {
  const rights: string[] = [];
  for (const area of AREAS) {
    if (area.kind === 'tool') rights.push(area.right);
    else rights.push(...entityRights(area));
  }
  // Cancelling a running query (the database tool) is a right of its own, held by admin only.
  rights.push(...LOCATION_RIGHTS, 'BMTools/Export/List', CANCEL_QUERY_RIGHT, DASHBOARD_EDIT_RIGHT);
  return [...new Set(rights)];
}

/** The right that guards an area's menu entry: its list page, or the tool right. */
export const menuRight = (area: Area): string =>
  area.kind === 'tool' ? area.right : entityRight(area, 'List');
