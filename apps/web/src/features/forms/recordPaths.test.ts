import type { PresetDefinition } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import {
  bulkPath,
  hasPublishAction,
  publishPath,
  recordApi,
  recordPath,
  saveProcedure,
} from './recordPaths.ts';

const def = (actions: PresetDefinition['actions'], source?: string) =>
  ({ settings: {}, actions, rowActions: [], definition: [], source }) as PresetDefinition;

describe('record paths', () => {
  it('takes the page config api, then the action api, then the source', () => {
    expect(recordApi({ api: '/api/x/' }, def({}, '/api/pages'))).toBe('/api/x');
    expect(recordApi({}, def({ edit: { api: '/api/edit' } }, '/api/pages'))).toBe('/api/edit');
    expect(recordApi({}, def({}, '/api/pages'))).toBe('/api/pages');
    expect(recordApi({}, def({}))).toBeUndefined();
    expect(recordPath('/api/pages', 'a/b')).toBe('/api/pages/a%2Fb');
  });

  it('publishes at {api}/publish unless the action names its own', () => {
    expect(publishPath('/api/gadgets', def({ publish: {} }))).toBe('/api/gadgets/publish');
    expect(publishPath('/api/i', def({ publish: { api: '/api/i/pub' } }))).toBe('/api/i/pub');
    expect(hasPublishAction(def({ publish: {} }))).toBe(true);
    expect(hasPublishAction(def({}))).toBe(false);
  });

  it('finds the bulk path on the bulk preset or the list preset', () => {
    expect(bulkPath({}, def({}, '/api/pages'), def({ bulkupdate: { api: '/api/pages/bulk-update' } }))).toBe(
      '/api/pages/bulk-update',
    );
    expect(bulkPath({}, def({ bulkupdate: { api: '/b' } }), undefined)).toBe('/b');
  });

  it("names the action's procedure, or the page config's sqlQuery and database", () => {
    expect(saveProcedure({}, def({ edit: { storedProcedure: 'bm_page_update' } }), 'edit')).toEqual({
      procedure: 'bm_page_update',
    });
    expect(saveProcedure({ pageAction: { sqlQuery: 'bm_x', databaseName: 'db' } }, def({}), 'edit')).toEqual({
      procedure: 'bm_x',
      databaseName: 'db',
    });
    expect(saveProcedure({}, def({}), 'create').procedure).toBeUndefined();
  });
});
