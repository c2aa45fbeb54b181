import type { PresetDefinition } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { filterHistoryKey } from '../presets/filterHistory.ts';
import { bulkCriteria, bulkSummary, bulkUrl, listFilters } from './bulkTarget.ts';

const listDefinition = {
  settings: { filters: { status: [{ conjunction: 'and', operator: 'in', value: ['draft'] }] } },
  actions: {},
  rowActions: [],
  definition: [
    { key: 'name', mapKey: 'name', column: 'Name', type: 'text', visible: true },
    { key: 'status', mapKey: 'status', column: 'Status', type: 'combobox', visible: true },
  ],
} as unknown as PresetDefinition;

describe('bulk target', () => {
  it("reads the list's filters from the right's filter history, else the preset's", () => {
    sessionStorage.setItem(
      filterHistoryKey('BMTools/Page/List'),
      JSON.stringify({ name: [{ conjunction: 'and', operator: 'contains', value: 'promo' }] }),
    );
    const stored = listFilters(sessionStorage, 'BMTools/Page/List', listDefinition);
    expect(Object.keys(stored)).toEqual(['name']);
    expect(Object.keys(listFilters(sessionStorage, 'BMTools/Other/List', listDefinition))).toEqual([
      'status',
    ]);
    expect(bulkCriteria(listDefinition, stored)).toEqual({
      operation: 'contains',
      name: 'name',
      type: 'text',
      value: 'promo',
    });
  });

  it('sends the criteria as the filters query', () => {
    const url = bulkUrl('/api/pages/bulk-update', {
      operation: 'eq',
      name: 'status',
      type: 'text',
      value: 'draft',
    });
    expect(url).toBe(
      `/api/pages/bulk-update?filters=${encodeURIComponent('{"operation":"eq","name":"status","type":"text","value":"draft"}')}`,
    );
    expect(bulkUrl('/api/pages', undefined)).toBe('/api/pages');
  });

  it('sums up the per-record results', () => {
    expect(
      bulkSummary({
        results: [
          { id: 1, applied: true, message: '' },
          { id: 2, applied: false, message: 'locked' },
        ],
      }),
    ).toBe('1 applied, 1 refused');
  });
});
