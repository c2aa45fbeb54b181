/**
 * Which page config a path opens: list, bulkedit and iframe
 * pages at their route; edit at its route (a new record) or its route plus a numeric id; create at
 * its route; view and map at the route plus an id. Configs of type Source are never pages.
 */
import type { PageConfig } from '@bm/contracts';
import type { ScreenRights } from '../access/screenRights.ts';
import { holds, pageConfigRights } from '../access/screenRights.ts';

export interface PageConfigMatch {
  config: PageConfig;
  id: number | undefined;
}

const normaliseRoute = (route: string): string =>
  `/${route.trim().replace(/^\/+/, '').replace(/\/+$/, '')}`.toLowerCase();

const isSource = (config: PageConfig): boolean => config.pageType.toLowerCase() === 'source';

export function matchPageConfig(
  pathname: string,
  configs: readonly PageConfig[],
): PageConfigMatch | undefined {
  const path = normaliseRoute(pathname);
  const pages = configs.filter((c) => !isSource(c) && c.route.trim() !== '');
  const exact = pages.find((c) => normaliseRoute(c.route) === path);
  if (exact) return { config: exact, id: undefined };
  const withId = /^(.*)\/(\d+)$/.exec(path);
  if (!withId) return undefined;
  const [, base = '', id = ''] = withId;
  const config = pages.find((c) => normaliseRoute(c.route) === base);
  return config ? { config, id: Number(id) } : undefined;
}

const TYPE_RIGHTS: Record<string, (rights: ScreenRights, id: number | undefined) => string | undefined> = {
  list: (r) => r.list,
  edit: (r, id) => (id === undefined ? (r.create ?? r.edit) : r.edit),
  create: (r) => r.create,
  bulkedit: (r) => r.bulkEdit,
  view: (r) => r.view,
};

/** The right a page type needs, from the config's action list; else its first action's. */
export function pageRight(config: PageConfig, id: number | undefined): string | undefined {
  const pick = TYPE_RIGHTS[config.pageType.toLowerCase()];
  return pick?.(pageConfigRights(config), id) ?? config.actions[0]?.rightName;
}

/** The list page of a page config with the same api whose right the user holds (return order). */
export function pageConfigListPath(
  configs: readonly PageConfig[],
  api: string | undefined,
  rights: ReadonlySet<string>,
): string | undefined {
  if (!api) return undefined;
  const norm = (p: string) => p.replace(/\/+$/, '').toLowerCase();
  const list = configs.find(
    (c) =>
      c.pageType.toLowerCase() === 'list' &&
      norm(c.api) === norm(api) &&
      c.actions.some((a) => holds(rights, a.rightName)),
  );
  return list ? `/${list.route.replace(/^\/+/, '')}` : undefined;
}
