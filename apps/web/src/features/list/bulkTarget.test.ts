import type { ColumnDefinition } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import {
  bulkChangeText,
  bulkCountUrl,
  bulkNavigationState,
  bulkSummary,
  bulkTargetOf,
  bulkUrl,
  readBulkTarget,
} from './bulkTarget.ts';

const columns = [
  { key: 'name', mapKey: 'name', column: 'Name', type: 'text', visible: true },
  { key: 'priority', mapKey: 'priority', column: 'Priority', type: 'number', visible: true },
] as unknown as ColumnDefinition[];

describe('bulk target', () => {
  it("is the list's filters as criteria, in words, with the list's source", () => {
    const target = bulkTargetOf(
      columns,
      {
        name: [{ conjunction: 'and', operator: 'contains', value: 'Madrid' }],
        priority: [
          { conjunction: 'and', operator: 'eq', value: 3 },
          { conjunction: 'or', operator: 'eq', value: 4 },
        ],
      },
      '/api/pages',
    );
    expect(target.source).toBe('/api/pages');
    expect(target.words).toEqual(['Name contains Madrid', 'Priority equals 3', 'or Priority equals 4']);
    expect(target.criteria).toMatchObject({
      and: [
        { operation: 'contains', name: 'name', type: 'text', value: 'Madrid' },
        { or: expect.any(Array) },
      ],
    });
    expect(bulkTargetOf(columns, {}, '/api/pages')).toEqual({
      source: '/api/pages',
      criteria: undefined,
      words: [],
    });
  });

  it('travels in the navigation state and is read back; anything else reads as no target', () => {
    const target = bulkTargetOf(
      columns,
      { name: [{ conjunction: 'and', operator: 'contains', value: 'Madrid' }] },
      '/api/pages',
    );
    expect(readBulkTarget(structuredClone(bulkNavigationState(target)))).toEqual(target);
    expect(readBulkTarget(null)).toBeUndefined();
    expect(readBulkTarget({})).toBeUndefined();
    expect(readBulkTarget({ bulkTarget: { source: '/api/pages', criteria: { nope: 1 }, words: [] } })).toBe(
      undefined,
    );
    expect(readBulkTarget({ bulkTarget: { source: '/api/pages', words: [1] } })).toBeUndefined();
  });

  it("counts with the list's page-summarize and the same criteria", () => {
    expect(
      bulkCountUrl('/api/pages', { operation: 'contains', name: 'name', type: 'text', value: 'x' }),
    ).toBe(
      `/api/pages/page-summarize?filters=${encodeURIComponent('{"operation":"contains","name":"name","type":"text","value":"x"}')}&pageSize=1&pageIndex=0`,
    );
    expect(bulkCountUrl('/api/pages', undefined)).toBe('/api/pages/page-summarize?pageSize=1&pageIndex=0');
    expect(bulkChangeText({ totalItemsCount: 8, exact: true })).toBe('This will change 8 records');
    expect(bulkChangeText({ totalItemsCount: 1, exact: true })).toBe('This will change 1 record');
    expect(bulkChangeText({ totalItemsCount: 120000, exact: false })).toBe(
      'This will change about 120,000 records',
    );
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

describe('bulk target of ticked rows', () => {
  it('carries the ticked ids through the navigation state, and none when nothing is ticked', () => {
    const ticked = bulkTargetOf(columns, {}, '/api/pages', ['3', '7', '42']);
    expect(ticked.ids).toEqual(['3', '7', '42']);
    expect(readBulkTarget(structuredClone(bulkNavigationState(ticked)))).toEqual(ticked);
    expect(bulkTargetOf(columns, {}, '/api/pages', [])).not.toHaveProperty('ids');
  });

  it('refuses ids it did not write: not digits, empty, or more than one bulk edit takes', () => {
    const state = (ids: unknown) => ({ bulkTarget: { source: '/api/pages', words: [], ids } });
    expect(readBulkTarget(state(['1 OR 1=1']))).toBeUndefined();
    expect(readBulkTarget(state([3]))).toBeUndefined();
    expect(readBulkTarget(state([]))).toBeUndefined();
    expect(readBulkTarget(state(Array.from({ length: 1001 }, (_, i) => String(i + 1))))).toBeUndefined();
  });
});
