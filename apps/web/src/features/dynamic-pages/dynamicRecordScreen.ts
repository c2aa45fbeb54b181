/**
 * A page config's record screen: its rights come from its action list, its
 * record API is the config's api, and its save sends the action's sqlQuery and databaseName (the
 * server uses its own stored copy anyway, contract). A new record opens at the edit page of the
 * config with the same api (else this route) plus its id.
 */
import type { PageConfig } from '@bm/contracts';
import { pageConfigRights } from '../access/screenRights.ts';
import type { RecordScreen } from '../forms/recordScreen.ts';

const norm = (api: string): string => api.replace(/\/+$/, '').toLowerCase();
const sameApi = (a: string, b: string): boolean => norm(a) === norm(b);
/** A list's api is the record api or its parent (`/api/pages` for `/api/pages/bulk-update`). */
const listsApi = (list: string, api: string): boolean =>
  sameApi(list, api) || norm(api).startsWith(`${norm(list)}/`);

const routeOf = (config: PageConfig): string =>
  `/${config.route.trim().replace(/^\/+/, '').replace(/\/+$/, '')}`;

function sibling(configs: readonly PageConfig[], config: PageConfig, type: string): PageConfig | undefined {
  const matches = type === 'list' ? listsApi : sameApi;
  return configs.find((c) => c.pageType.toLowerCase() === type && c.api !== '' && matches(c.api, config.api));
}

function siblingRoute(configs: readonly PageConfig[], config: PageConfig, type: string): string | undefined {
  const found = sibling(configs, config, type);
  return found ? routeOf(found) : undefined;
}

const actionNamed = (config: PageConfig, ...names: string[]) =>
  config.actions.find((a) => names.includes(a.action.toLowerCase()));

export function dynamicRecordScreen(
  config: PageConfig,
  id: number | undefined,
  configs: readonly PageConfig[],
): RecordScreen | undefined {
  const type = config.pageType.toLowerCase();
  const listConfig = sibling(configs, config, 'list');
  // The list's right names the filter history a bulk edit applies to.
  const rights = {
    list: listConfig ? pageConfigRights(listConfig).list : undefined,
    ...pageConfigRights(config),
  };
  const editRoute = siblingRoute(configs, config, 'edit') ?? routeOf(config);
  const viewRoute = siblingRoute(configs, config, 'view');
  const common = {
    id,
    rights,
    api: config.api || undefined,
    editPath: (recordId: number | string) => `${editRoute}/${recordId}`,
    viewPath: viewRoute ? (recordId: number | string) => `${viewRoute}/${recordId}` : undefined,
    listPath: siblingRoute(configs, config, 'list'),
    title: config.pageName || undefined,
  };
  if (type === 'edit' || type === 'create') {
    const mode = id === undefined ? 'create' : 'edit';
    const action = actionNamed(config, mode);
    const presetRight = (mode === 'create' ? rights.create : rights.edit) ?? rights.edit ?? rights.create;
    return presetRight ? { ...common, mode, presetRight, pageAction: action } : undefined;
  }
  if (type === 'bulkedit') {
    const presetRight = rights.bulkEdit;
    return presetRight
      ? {
          ...common,
          mode: 'bulkupdate',
          presetRight,
          pageAction: actionNamed(config, 'bulkedit', 'bulkupdate'),
        }
      : undefined;
  }
  if (type === 'view') {
    // A view page reads its record through the view its action names (`GET {path}/{id}`).
    const view = actionNamed(config, 'view');
    const recordQuery = view?.sqlQuery
      ? { sqlViewName: view.sqlQuery, databaseName: view.databaseName }
      : undefined;
    return rights.view ? { ...common, mode: 'view', presetRight: rights.view, recordQuery } : undefined;
  }
  return undefined;
}

/** The right whose preset a list or map page config shows. */
export function dynamicListRight(config: PageConfig): string | undefined {
  const type = config.pageType.toLowerCase();
  const wanted = type === 'map' ? ['getmap', 'map'] : ['list'];
  return actionNamed(config, ...wanted)?.rightName ?? config.actions[0]?.rightName;
}
