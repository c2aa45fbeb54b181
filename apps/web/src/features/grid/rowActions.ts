/**
 * Which row actions a row shows and where they lead (docs/adr/0003-list-engine.md): the
 * preset's `rowActions` by `order`, each behind its right and its `visibleWhen` condition; a frozen
 * row (its `settings.frozenField` is true) keeps only actions marked `fixed`; hidden actions
 * (hideactions) show none. `pageUrl` templates take `{id}` and `{columnKey}` placeholders. A
 * filled URL is followed only within the app or to an allowed redirect origin (`actionTarget`): a
 * shared preset stored before the server checked its URLs must not send members elsewhere.
 */
import {
  evaluateCondition,
  isAllowedActionUrl,
  isMapAction,
  type Row,
  type RowAction,
  type RowActionType,
} from '@bm/contracts';

/** The right suffix each action type needs, under the entity's prefix. */
const ACTION_RIGHTS: Partial<Record<RowActionType, string>> = {
  view: 'View',
  edit: 'Edit',
  delete: 'Delete',
  getMap: 'GetMap',
  bulkupdate: 'BulkEdit',
  setIsActiveCustomer: 'SetIsActiveCustomer',
  mapThis: 'Map',
  unMap: 'Map',
  ignore: 'Map',
  disable: 'Map',
};

export interface RowActionContext {
  rights: ReadonlySet<string>;
  /** `BMTools/Page` for the right `BMTools/Page/List`. */
  rightPrefix: string;
  /** Rights spelled otherwise than `{prefix}/{suffix}` (the location pages' ViewLocation), by suffix. */
  rightOf?: Readonly<Partial<Record<string, string>>> | undefined;
  /** The right of the in-app screen a URL leads to, when it leads to one of ours. */
  screenRightOf?: ((url: string) => string | undefined) | undefined;
  frozenField?: string | undefined;
  hideActions: boolean;
}

export const rightPrefixOf = (listRight: string): string => listRight.replace(/\/[^/]*$/, '');

const sortRowActions = (actions: readonly RowAction[]): RowAction[] =>
  [...actions].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));

/** Actions the user may run at all, whatever the row: their rights. */
export function permittedActions(actions: readonly RowAction[], context: RowActionContext): RowAction[] {
  if (context.hideActions) return [];
  return sortRowActions(actions).filter((action) => {
    const suffix = ACTION_RIGHTS[action.type];
    if (suffix !== undefined)
      return context.rights.has(context.rightOf?.[suffix] ?? `${context.rightPrefix}/${suffix}`);
    // Any other action that opens one of our screens needs that screen's right (and its preset).
    const screen = action.pageUrl ? context.screenRightOf?.(action.pageUrl) : undefined;
    return screen === undefined || context.rights.has(screen);
  });
}

const isFrozen = (row: Row, frozenField: string | undefined): boolean =>
  frozenField !== undefined && frozenField !== '' && row[frozenField] === true;

/** The actions shown on one row, already filtered by rights (see `permittedActions`). */
export function visibleRowActions(
  permitted: readonly RowAction[],
  row: Row,
  frozenField?: string,
): RowAction[] {
  const frozen = isFrozen(row, frozenField);
  return permitted.filter(
    (action) => (!frozen || action.fixed === true) && evaluateCondition(action.visibleWhen, row),
  );
}

/**
 * A row click runs the first visible action unless actions are hidden or the row says
 * disabledClick. Map actions and post actions are never run by a click: mapping, and a call that
 * changes the record (a cancel), are always chosen from the menu.
 */
export function clickAction(
  visible: readonly RowAction[],
  row: Row,
  hideActions: boolean,
): RowAction | undefined {
  if (hideActions || row.disabledClick === true) return undefined;
  return visible.find((action) => !isMapAction(action.type) && action.type !== 'post');
}

const DEFAULT_URLS: Partial<Record<RowActionType, (segment: string) => string>> = {
  view: (s) => `/${s}/view/{id}`,
  edit: (s) => `/${s}/edit/{id}`,
  getMap: (s) => `/${s}/{id}/getmap`,
};

/** The record id an action works on: its `columnKey`, else the grid's key column. */
export const actionId = (action: RowAction, row: Row, keyColumn: string): unknown =>
  row[action.columnKey ?? keyColumn];

/**
 * Fills `{id}` and `{columnKey}` with the action's id (its `columnKey` field of the row) and any other
 * `{field}` with that row field, URL-encoded.
 */
export function fillTemplate(template: string, row: Row, id: unknown): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = name === 'id' || name === 'columnKey' ? id : Object.hasOwn(row, name) ? row[name] : '';
    return encodeURIComponent(value === null || value === undefined ? '' : String(value));
  });
}

export function actionUrl(
  action: RowAction,
  row: Row,
  keyColumn: string,
  segment: string,
): string | undefined {
  const template = action.pageUrl ?? DEFAULT_URLS[action.type]?.(segment);
  return template === undefined ? undefined : fillTemplate(template, row, actionId(action, row, keyColumn));
}

export type ActionTarget = { kind: 'path'; path: string } | { kind: 'external'; url: string };

/**
 * Where a filled action URL may lead: an in-app path (our own origin's absolute URLs become paths),
 * or an http(s) URL of an allowed redirect origin in a new tab. Undefined for anything else
 * (another origin, `javascript:`, `//host`).
 */
export function actionTarget(
  url: string,
  appOrigin: string,
  redirectOrigins: readonly string[],
): ActionTarget | undefined {
  if (!isAllowedActionUrl(url, appOrigin, redirectOrigins)) return undefined;
  if (!/^https?:\/\//i.test(url)) return { kind: 'path', path: url };
  const parsed = new URL(url);
  if (parsed.origin === new URL(appOrigin).origin) {
    return { kind: 'path', path: `${parsed.pathname}${parsed.search}${parsed.hash}` };
  }
  return { kind: 'external', url };
}

/** `{{id}}` in a confirmation text is the record id (as in the default delete message). */
export const fillMessage = (message: string, id: unknown): string =>
  message.replaceAll('{{id}}', id === null || id === undefined ? '' : String(id));
