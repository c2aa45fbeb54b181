/**
 * The one check of a preset definition before it is stored, whichever route stores it: the user
 * preset calls (`POST|PUT /api/presets/user`), the JSON preset editor (`PUT /api/presets/{id}`) and
 * the structured editor (`PUT /api/presetdynamics/{id}`, which stores a new version). In order:
 * the input guard (depth, NUL), the schema, then where the preset may lead, since a shared preset
 * leads every member of its group and the web calls its addresses with the member's token:
 * - `source` is this list's own API path: a path of this site under /api that the catalogue
 *   registers as a list source for the preset's right (the area's list, or its map list);
 * - `cssUrl` is a stylesheet of this site; navigation addresses stay in the app or go to an
 *   allowed redirect origin; the addresses a form or column reads are paths of this site;
 * - a `post` or `download` row action calls a path under the list's own API, and only one of the
 *   actions its area declares (in its shipped presets); form actions' `api` is the list's own API;
 *   a map header reads a registered source.
 * A refusal is a 400 whose `errors` name each field (`definition.source`, …).
 */
import {
  isAllowedActionUrl,
  isAllowedStylesheetUrl,
  isApiPath,
  isOwnPath,
  listSourceProblem,
  type PresetDefinition,
  pathUnderListApi,
  presetDefinitionSchema,
  type RowAction,
} from '@bm/contracts';
import { AREA_INDEX } from '../../areas/index.ts';
import { ENTITIES } from '../../catalog/entities/index.ts';
import { MAP_LISTS } from '../../catalog/map-lists.ts';
import { DEFAULT_PRESETS } from '../../catalog/presets/default-presets.ts';
import { sourcesOfRight } from '../catalog/sources.ts';
import type { Queryable } from '../db/pool.ts';
import { HttpError } from '../http/http-error.ts';
import { findInputProblem } from '../http/input-guard.ts';

/** Where a preset may lead: our own origin, and the configured redirect origins. */
export interface PresetUrlRules {
  ownOrigin: string;
  redirectOrigins: readonly string[];
}

type Errors = Map<string, string>;

const MAX_ERRORS = 20;

const invalid = (errors: Record<string, string>) =>
  new HttpError(400, `definition is invalid: ${Object.keys(errors).join(', ')}`, errors);

/** Every list the server serves (GET {api}): the areas' lists and their map lists. */
const LIST_SOURCES = [...ENTITIES, ...MAP_LISTS.map((list) => list.entity)];

/** The post and download row actions an area declares, by its list source: `type pageUrl`. */
const DECLARED_CALLS = new Map<string, Set<string>>();
for (const preset of DEFAULT_PRESETS) {
  const source = preset.definition.source;
  if (!source) continue;
  for (const action of preset.definition.rowActions) {
    if ((action.type !== 'post' && action.type !== 'download') || !action.pageUrl) continue;
    const calls = DECLARED_CALLS.get(source) ?? new Set<string>();
    calls.add(`${action.type} ${action.pageUrl.trim()}`);
    DECLARED_CALLS.set(source, calls);
  }
}

const isDeclared = (action: RowAction, sources: readonly string[]): boolean =>
  sources.some((s) => DECLARED_CALLS.get(s)?.has(`${action.type} ${(action.pageUrl ?? '').trim()}`));

/** True for the list's own API: one of `sources`, or a path under one. */
const withinListApi = (url: string, sources: readonly string[]): boolean =>
  sources.some((s) => url.trim() === s || pathUnderListApi(url, s) !== undefined);

const OFF_SITE = 'Must be a path in this app or a URL of an allowed redirect origin';
const NOT_OWN_PATH = 'Must be a path of this site (starting with one /)';

function checkSource(definition: PresetDefinition, registered: readonly string[], errors: Errors): void {
  const source = definition.source?.trim() ?? '';
  const problem = listSourceProblem(source, registered);
  if (problem)
    errors.set('definition.source', `${problem} (${registered.join(', ') || 'none for this right'})`);
}

function checkRowActions(
  definition: PresetDefinition,
  rules: PresetUrlRules,
  listApi: readonly string[],
  errors: Errors,
): void {
  definition.rowActions.forEach((action, i) => {
    const key = `definition.rowActions.${i}.pageUrl`;
    const url = action.pageUrl;
    if (url === undefined) return;
    if (!isAllowedActionUrl(url, rules.ownOrigin, rules.redirectOrigins)) {
      errors.set(key, OFF_SITE);
    } else if (action.type === 'post' || action.type === 'download') {
      // These send the user's token with a write or a file fetch: this list's own calls only.
      if (!listApi.some((s) => pathUnderListApi(url, s) !== undefined))
        errors.set(key, `A ${action.type} action must call this list's own API (${listApi.join(', ')})`);
      else if (!isDeclared(action, listApi))
        errors.set(key, `A ${action.type} action must be one its area declares`);
    }
  });
}

function checkFormActions(
  definition: PresetDefinition,
  rules: PresetUrlRules,
  listApi: readonly string[],
  errors: Errors,
): void {
  for (const [name, action] of Object.entries(definition.actions)) {
    if (
      action.RedirectUrl !== undefined &&
      !isAllowedActionUrl(action.RedirectUrl, rules.ownOrigin, rules.redirectOrigins)
    )
      errors.set(`definition.actions.${name}.RedirectUrl`, OFF_SITE);
    if (action.api !== undefined && action.api.trim() !== '' && !withinListApi(action.api, listApi))
      errors.set(`definition.actions.${name}.api`, `Must be this list's own API (${listApi.join(', ')})`);
  }
}

/** The addresses a column and its form specs read (options, suggestions, code checks). */
const READ_KEYS = ['source', 'fetchAPI', 'validationApi'] as const;

function checkColumns(definition: PresetDefinition, errors: Errors): void {
  definition.definition.forEach((column, i) => {
    const specs: [string, unknown][] = [
      [`definition.definition.${i}`, column],
      ...(['edit', 'create', 'bulkupdate'] as const).map(
        (kind) => [`definition.definition.${i}.${kind}`, column[kind]] as [string, unknown],
      ),
    ];
    for (const [where, spec] of specs) {
      if (typeof spec !== 'object' || spec === null) continue;
      for (const key of READ_KEYS) {
        const url = (spec as Record<string, unknown>)[key];
        if (typeof url === 'string' && url.trim() !== '' && !isOwnPath(url.trim()))
          errors.set(`${where}.${key}`, NOT_OWN_PATH);
      }
    }
  });
}

function checkRules(definition: PresetDefinition, rightName: string, rules: PresetUrlRules): void {
  const errors: Errors = new Map();
  const registered = sourcesOfRight(LIST_SOURCES, rightName);
  checkSource(definition, registered, errors);
  if (definition.cssUrl !== undefined && !isAllowedStylesheetUrl(definition.cssUrl, rules.ownOrigin))
    errors.set('definition.cssUrl', 'Must be a stylesheet on this site (a path starting with /)');
  // The list's own API: its source when that passed, else every registered source of the right.
  const source = definition.source?.trim() ?? '';
  const listApi = source !== '' && registered.includes(source) ? [source] : registered;
  checkRowActions(definition, rules, listApi, errors);
  checkFormActions(definition, rules, listApi, errors);
  checkColumns(definition, errors);
  const header = definition.settings.mapHeader?.source;
  if (header !== undefined && !(isApiPath(header) && registered.includes(header)))
    errors.set(
      'definition.settings.mapHeader.source',
      `Must be a list source of this area (${registered.join(', ')})`,
    );
  if (errors.size > 0) throw invalid(Object.fromEntries([...errors].slice(0, MAX_ERRORS)));
}

/**
 * The definition as it may be stored for `rightName`, or a 400 naming each refused field. `raw` is
 * the parsed JSON (the input guard runs first: a hostile depth never reaches the schema).
 */
export function checkPresetDefinition(
  raw: unknown,
  rightName: string,
  rules: PresetUrlRules,
): PresetDefinition {
  const problem = findInputProblem(raw, 'definition');
  if (problem) throw invalid({ [problem.field]: problem.message });
  const parsed = presetDefinitionSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues.slice(0, MAX_ERRORS))
      errors[['definition', ...issue.path.map(String)].join('.')] = issue.message;
    throw invalid(errors);
  }
  checkRules(parsed.data, rightName, rules);
  return parsed.data;
}

/** The same check of a definition sent as JSON text. */
export function parsePresetDefinition(
  text: string,
  rightName: string,
  rules: PresetUrlRules,
): PresetDefinition {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'definition is not valid JSON', { definition: 'Not valid JSON' });
  }
  return checkPresetDefinition(raw, rightName, rules);
}

/** Areas whose records are presets: the JSON editor and the structured editor. */
const PRESET_AREAS = new Map(
  AREA_INDEX.flatMap((area) =>
    area.kind === 'entity' && area.table === 'presets'
      ? [[area.entity, new Set((area.fields ?? []).map((f) => f.key))] as const]
      : [],
  ),
);

/** The form field a definition error belongs to (the structured editor edits it part by part). */
function formFieldOf(errorKey: string, fields: ReadonlySet<string>): string | undefined {
  const top = errorKey.split('.')[1] ?? '';
  const part = top === 'definition' ? 'columns' : top === 'Tabs' ? 'tabs' : top;
  if (fields.has(part)) return part;
  return fields.has('definition') ? 'definition' : undefined;
}

/**
 * For an entity whose records are presets, the check a record write runs on the row it stored
 * (inside its transaction, so a refusal stores nothing); undefined for every other entity. The
 * row is checked as stored, so a definition put together from parts is checked whole.
 */
export function storedPresetCheck(
  entity: string,
  rules: PresetUrlRules,
): ((client: Queryable, id: unknown) => Promise<void>) | undefined {
  const fields = PRESET_AREAS.get(entity);
  if (!fields) return undefined;
  return async (client, id) => {
    const { rows } = await client.query<{ right_name: string; definition: unknown }>(
      'SELECT right_name, definition FROM presets WHERE id = $1::integer',
      [String(id)],
    );
    const row = rows[0];
    if (!row) return;
    try {
      checkPresetDefinition(row.definition, row.right_name, rules);
    } catch (error) {
      if (!(error instanceof HttpError) || !error.errors) throw error;
      // Each error under its own name and under the form field that holds it.
      const errors: Record<string, string> = {};
      for (const [key, message] of Object.entries(error.errors)) {
        errors[key] = message;
        const field = formFieldOf(key, fields);
        if (field && !Object.hasOwn(errors, field)) errors[field] = `${key}: ${message}`;
      }
      throw new HttpError(400, error.message, errors);
    }
  };
}
