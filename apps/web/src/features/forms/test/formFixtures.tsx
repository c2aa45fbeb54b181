/**
 * Presets, records and a fake API for the form screens' tests: a Pages-like preset per right and a
 * request handler that answers presets, the record, lookups and saves, and records every call.
 */
import { entityRoutes, type Preset, type PresetDefinition } from '@bm/contracts';
import type { RequestOptions } from '../../../app/http/httpClient.ts';
import { renderWithApp, stubHttp } from '../../../test/testServices.tsx';
import { entityScreenRights } from '../../access/screenRights.ts';
import { RIGHTS_KEY } from '../../access/useUserRights.ts';
import { RecordScreenView } from '../RecordScreenView.tsx';
import type { RecordScreen } from '../recordScreen.ts';

type Kind = 'edit' | 'create' | 'bulkupdate';

const column = (
  mapKey: string,
  label: string,
  type: string,
  spec: Record<string, unknown>,
  kinds: Kind[],
) => ({
  key: mapKey,
  mapKey,
  column: label,
  type: type === 'htmleditor' || type === 'jscode' ? 'text' : type === 'singleselect' ? 'combobox' : type,
  visible: true,
  ...Object.fromEntries(kinds.map((k) => [k, { type, ...spec }])),
});

export function pageDefinition(overrides: Partial<PresetDefinition> = {}): PresetDefinition {
  const all: Kind[] = ['edit', 'create'];
  return {
    source: '/api/pages',
    settings: {},
    actions: {
      edit: { storedProcedure: 'bm_page_save' },
      create: { storedProcedure: 'bm_page_save' },
      bulkupdate: { storedProcedure: 'bm_page_save', api: '/api/pages/bulk-update' },
    },
    rowActions: [],
    Tabs: [
      { Id: 1, Name: 'Page' },
      { Id: 2, Name: 'Content' },
    ],
    definition: [
      column('id', 'Id', 'number', { order: 1, cssClass: 'readonly', tabId: 1 }, ['edit']),
      column(
        'name',
        'Name',
        'text',
        { order: 2, tabId: 1, validations: [{ name: 'required', message: 'Name is required' }] },
        all,
      ),
      column(
        'status',
        'Status',
        'singleselect',
        {
          order: 3,
          tabId: 1,
          options: [
            { value: 'draft', label: 'Draft' },
            { value: 'published', label: 'Published' },
          ],
        },
        [...all, 'bulkupdate'],
      ),
      column('isActive', 'Active', 'boolean', { order: 4, tabId: 1 }, [...all, 'bulkupdate']),
      column('contentHtml', 'Content', 'htmleditor', { order: 5, tabId: 2 }, all),
    ],
    ...overrides,
  } as PresetDefinition;
}

function presetOf(rightName: string, definition: PresetDefinition, name = 'default'): Preset {
  return {
    id: rightName.length,
    name,
    rightName,
    presetGroupId: 1,
    presetGroup: { id: 1, name: 'default' },
    isInUse: true,
    latestVersion: true,
    version: 1,
    parentId: null,
    totalItemCount: null,
    definition: JSON.stringify(definition),
  };
}

interface Call {
  path: string;
  options: RequestOptions | undefined;
}

export type Responder = (path: string, options: RequestOptions | undefined) => unknown;

/** A fake API: presets of the given rights, then the responder for everything else. */
export function fakeApi(presets: Record<string, PresetDefinition | null>, respond: Responder) {
  const calls: Call[] = [];
  const http = stubHttp((path, options) => {
    calls.push({ path, options });
    const presetMatch = /^\/api\/presets\/user\/(.+)$/.exec(path);
    if (presetMatch) {
      const right = decodeURIComponent(presetMatch[1] ?? '');
      const definition = presets[right];
      return definition ? [presetOf(right, definition)] : [];
    }
    if (path === '/api/pageconfigs') return [];
    return respond(path, options);
  });
  return {
    http,
    calls,
    sent: (method: string) => calls.filter((c) => (c.options?.method ?? 'GET') === method),
  };
}

export const ALL_PAGE_RIGHTS = ['List', 'Create', 'Edit', 'View', 'BulkEdit', 'Publish'].map(
  (a) => `BMTools/Page/${a}`,
);

/** The Pages-like entity's screens as the server would publish them. */
const PAGE_ROUTES = entityRoutes({
  segment: 'page',
  entity: 'Page',
  actions: ['List', 'Create', 'Edit', 'View', 'BulkEdit'],
});

export function pageScreen(mode: RecordScreen['mode'], id?: number): RecordScreen {
  const right = { edit: 'Edit', create: 'Create', view: 'View', bulkupdate: 'BulkEdit' }[mode];
  return {
    mode,
    id,
    presetRight: `BMTools/Page/${right}`,
    rights: entityScreenRights('/page/list', PAGE_ROUTES),
    editPath: (recordId) => `/page/edit/${recordId}`,
    viewPath: (recordId) => `/page/view/${recordId}`,
    listPath: '/page/list',
  };
}

export function renderScreen(
  screen: RecordScreen,
  api: ReturnType<typeof fakeApi>,
  options: { route?: string; routeState?: unknown; rights?: string[] } = {},
) {
  const view = renderWithApp(<RecordScreenView screen={screen} />, {
    route: options.route ?? '/page/x',
    routeState: options.routeState,
    rights: options.rights ?? ALL_PAGE_RIGHTS,
    services: { http: api.http },
  });
  view.queryClient.setQueryData(RIGHTS_KEY, options.rights ?? ALL_PAGE_RIGHTS);
  return view;
}
