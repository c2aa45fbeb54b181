/**
 * The rights around one record screen: the entity's List, Create, Edit, View
 * and BulkEdit rights from the server's route table, and its Publish right beside Edit. Dynamic pages take
 * theirs from the page config's action list instead (`pageConfigRights`). A screen whose default
 * preset does not exist is left out: no button leads to a page that can only say so.
 */
import type { AppRoute, PageConfig } from '@bm/contracts';

export interface ScreenRights {
  list?: string | undefined;
  create?: string | undefined;
  edit?: string | undefined;
  view?: string | undefined;
  bulkEdit?: string | undefined;
  publish?: string | undefined;
}

const KIND_TO_RIGHT: Partial<Record<AppRoute['kind'], keyof ScreenRights>> = {
  list: 'list',
  create: 'create',
  edit: 'edit',
  view: 'view',
  bulkedit: 'bulkEdit',
};

export function entityScreenRights(listPath: string, table: readonly AppRoute[]): ScreenRights {
  const rights: ScreenRights = {};
  for (const route of table) {
    const slot = KIND_TO_RIGHT[route.kind];
    if (route.listPath === listPath && slot && route.hasPreset !== false) rights[slot] = route.right;
  }
  if (rights.edit) rights.publish = rights.edit.replace(/\/[^/]*$/, '/Publish');
  return rights;
}

/**
 * The user's rights without those that only open screens lacking their default preset, for what
 * offers a way to a screen (Create record, Bulk edit, a row's View or Edit). Rights that open no
 * screen (Delete, Publish) stay.
 */
export function openableRights(rights: ReadonlySet<string>, table: readonly AppRoute[]): ReadonlySet<string> {
  const dead = new Set(table.filter((r) => r.hasPreset === false).map((r) => r.right));
  const live = new Set(table.filter((r) => r.hasPreset !== false).map((r) => r.right));
  return new Set([...rights].filter((right) => !dead.has(right) || live.has(right)));
}

const ACTION_SLOTS: Record<string, keyof ScreenRights> = {
  list: 'list',
  create: 'create',
  edit: 'edit',
  view: 'view',
  bulkedit: 'bulkEdit',
  bulkupdate: 'bulkEdit',
  publish: 'publish',
};

export function pageConfigRights(config: Pick<PageConfig, 'actions'>): ScreenRights {
  const rights: ScreenRights = {};
  for (const action of config.actions) {
    const slot = ACTION_SLOTS[action.action.toLowerCase()];
    if (slot && !rights[slot]) rights[slot] = action.rightName;
  }
  return rights;
}

export const holds = (rights: ReadonlySet<string>, right: string | undefined): boolean =>
  right !== undefined && rights.has(right);

const segmentsOf = (path: string): string[] => path.split(/[?#]/)[0]?.split('/').filter(Boolean) ?? [];
const isParam = (segment: string): boolean => segment.startsWith(':') || /^\{\w+\}$/.test(segment);

/**
 * The right of the screen an in-app URL or URL template opens (`/x/list?locationId={id}`,
 * `/x/edit/{id}`), or undefined when it opens none of the route table's screens.
 */
export function screenRightOf(url: string, table: readonly AppRoute[]): string | undefined {
  if (!url.startsWith('/') || url.startsWith('//')) return undefined;
  const wanted = segmentsOf(url);
  const route = table.find((r) => {
    const pattern = segmentsOf(r.pattern);
    return (
      pattern.length === wanted.length &&
      pattern.every(
        (p, i) => isParam(p) || isParam(wanted[i] ?? '') || p.toLowerCase() === wanted[i]?.toLowerCase(),
      )
    );
  });
  return route?.right;
}
