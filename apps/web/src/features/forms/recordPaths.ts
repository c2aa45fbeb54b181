/**
 * The calls of a record screen: its record API (the page config's api, else the preset
 * action's api, else the preset's source), `{api}/{id}` for one record, `{api}/publish` (or the
 * publish action's own api), and the procedure a save names — the action's storedProcedure, or for a
 * page config its sqlQuery and databaseName.
 */
import type { PresetDefinition } from '@bm/contracts';
import type { RecordScreen } from './recordScreen.ts';

type ActionName = 'edit' | 'create' | 'bulkupdate' | 'publish';

const trimSlash = (path: string): string => path.replace(/\/+$/, '');

export function recordApi(
  screen: Pick<RecordScreen, 'api'>,
  definition: PresetDefinition,
): string | undefined {
  const api =
    screen.api || definition.actions.edit?.api || definition.actions.create?.api || definition.source;
  return api ? trimSlash(api) : undefined;
}

export const recordPath = (api: string, id: number | string): string =>
  `${api}/${encodeURIComponent(String(id))}`;

export const publishPath = (api: string, definition: PresetDefinition): string =>
  definition.actions.publish?.api || `${api}/publish`;

export const hasPublishAction = (definition: PresetDefinition): boolean =>
  definition.actions.publish !== undefined;

/** The bulk path: the screen's api, the bulk action's api (of this preset or the list's), the source. */
export function bulkPath(
  screen: Pick<RecordScreen, 'api'>,
  definition: PresetDefinition,
  listDefinition: PresetDefinition | undefined,
): string | undefined {
  const api =
    screen.api ||
    definition.actions.bulkupdate?.api ||
    listDefinition?.actions.bulkupdate?.api ||
    definition.source ||
    listDefinition?.source;
  return api ? trimSlash(api) : undefined;
}

export interface SaveProcedure {
  procedure: string | undefined;
  databaseName?: string | undefined;
}

export function saveProcedure(
  screen: Pick<RecordScreen, 'pageAction'>,
  definition: PresetDefinition,
  action: ActionName,
): SaveProcedure {
  if (screen.pageAction) {
    return {
      procedure: screen.pageAction.sqlQuery || undefined,
      databaseName: screen.pageAction.databaseName || undefined,
    };
  }
  return { procedure: definition.actions[action]?.storedProcedure };
}
