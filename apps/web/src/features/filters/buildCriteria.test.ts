import type { ColumnDefinition } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { buildCriteria } from './buildCriteria.ts';
import { describeCondition } from './describeCondition.ts';
import { filtersFromQuery } from './filtersFromQuery.ts';

const col = (
  key: string,
  type: ColumnDefinition['type'],
  extra: Partial<ColumnDefinition> = {},
): ColumnDefinition => ({
  key,
  mapKey: key,
  column: key[0]?.toUpperCase() + key.slice(1),
  type,
  visible: true,
  ...extra,
});

const columns = [
  col('id', 'number'),
  col('name', 'text'),
  col('status', 'combobox', { tags: { draft: { color: 'gray', label: 'Draft' } } }),
  col('isActive', 'boolean'),
  col('price', 'decimal'),
  col('publishedAt', 'datetime'),
  col('day', 'date'),
  col('url', 'link', { mapKey: 'page_url' }),
];

describe('buildCriteria', () => {
  it('is undefined without conditions', () => {
    expect(buildCriteria(columns, {})).toBeUndefined();
    expect(buildCriteria(columns, { name: [] })).toBeUndefined();
  });

  it('types values by column type: selects as text, number and decimal as number', () => {
    expect(
      buildCriteria(columns, {
        status: [{ conjunction: 'and', operator: 'in', value: ['draft', 'published'] }],
      }),
    ).toEqual({
      operation: 'in',
      name: 'status',
      type: 'text',
      value: ['draft', 'published'],
    });
    expect(
      buildCriteria(columns, { price: [{ conjunction: 'and', operator: 'gte', value: '10.5' }] }),
    ).toEqual({
      operation: 'gte',
      name: 'price',
      type: 'number',
      value: '10.5',
    });
    expect(
      buildCriteria(columns, { isActive: [{ conjunction: 'and', operator: 'eq', value: 'false' }] }),
    ).toEqual({
      operation: 'eq',
      name: 'isActive',
      type: 'boolean',
      value: false,
    });
    expect(
      buildCriteria(columns, { url: [{ conjunction: 'and', operator: 'contains', value: ' /en ' }] }),
    ).toEqual({
      operation: 'contains',
      name: 'page_url',
      type: 'text',
      value: '/en',
    });
  });

  it('trims T00:00:00 from date values with lt and gt only', () => {
    const date = (operator: string) =>
      buildCriteria(columns, {
        publishedAt: [{ conjunction: 'and', operator, value: '2026-01-01T00:00:00' }],
      });
    expect(date('lt')).toMatchObject({ type: 'datetime', value: '2026-01-01' });
    expect(date('gt')).toMatchObject({ value: '2026-01-01' });
    expect(date('lte')).toMatchObject({ value: '2026-01-01T00:00:00' });
    expect(
      buildCriteria(columns, { day: [{ conjunction: 'and', operator: 'gt', value: '2026-02-03T00:00:00' }] }),
    ).toMatchObject({
      type: 'date',
      value: '2026-02-03',
    });
  });

  it('sends between as "from,to" and nulls without a value', () => {
    expect(
      buildCriteria(columns, { id: [{ conjunction: 'and', operator: 'between', value: ['5', '10'] }] }),
    ).toEqual({
      operation: 'between',
      name: 'id',
      type: 'number',
      value: '5,10',
    });
    expect(
      buildCriteria(columns, {
        publishedAt: [{ conjunction: 'and', operator: 'between', value: '2026-01-01,' }],
      }),
    ).toMatchObject({
      value: '2026-01-01,',
    });
    expect(buildCriteria(columns, { name: [{ conjunction: 'and', operator: 'isnull' }] })).toEqual({
      operation: 'isnull',
      name: 'name',
      type: 'text',
    });
  });

  it('leaves out incomplete conditions and unknown operators', () => {
    expect(
      buildCriteria(columns, {
        name: [
          { conjunction: 'and', operator: 'contains', value: '' },
          { conjunction: 'and', operator: 'drop table', value: 'x' },
          { conjunction: 'and', operator: 'in', value: [] },
          { conjunction: 'and', operator: 'between', value: ',' },
        ],
      }),
    ).toBeUndefined();
  });

  it('combines a column by its conjunctions and columns with and', () => {
    const filters = {
      name: [
        { conjunction: 'and' as const, operator: 'contains', value: 'a' },
        { conjunction: 'or' as const, operator: 'contains', value: 'b' },
        { conjunction: 'or' as const, operator: 'contains', value: 'c' },
        { conjunction: 'and' as const, operator: 'neq', value: 'abc' },
      ],
      id: [{ conjunction: 'and' as const, operator: 'gt', value: 3 }],
    };
    const c = (operation: string, value: unknown) => ({ operation, name: 'name', type: 'text', value });
    expect(buildCriteria(columns, filters)).toEqual({
      and: [
        { operation: 'gt', name: 'id', type: 'number', value: 3 },
        { and: [{ or: [c('contains', 'a'), c('contains', 'b'), c('contains', 'c')] }, c('neq', 'abc')] },
      ],
    });
  });
});

describe('filtersFromQuery', () => {
  it('turns column keys into conditions with the default operators', () => {
    const search =
      '?name=home&status=draft,published&isActive=TRUE&id=7&publishedAt=2026-01-01&hidefilters=1&preset=x&presetgroup=y&nope=1&price=';
    expect(filtersFromQuery(search, columns)).toEqual({
      name: [{ conjunction: 'and', operator: 'contains', value: 'home' }],
      status: [{ conjunction: 'and', operator: 'in', value: ['draft', 'published'] }],
      isActive: [{ conjunction: 'and', operator: 'eq', value: 'true' }],
      id: [{ conjunction: 'and', operator: 'eq', value: '7' }],
      publishedAt: [{ conjunction: 'and', operator: 'eq', value: '2026-01-01' }],
    });
  });

  it('matches keys case-insensitively and ignores prototype names', () => {
    expect(filtersFromQuery('NAME=x&__proto__=1&constructor=2', columns)).toEqual({
      name: [{ conjunction: 'and', operator: 'contains', value: 'x' }],
    });
  });
});

describe('describeCondition', () => {
  it('reads like a sentence with labels for tags and booleans', () => {
    const [, name, status, active, , published] = columns as ColumnDefinition[] & { length: 8 };
    expect(
      describeCondition(name as ColumnDefinition, { conjunction: 'and', operator: 'contains', value: 'x' }),
    ).toBe('Name contains x');
    expect(
      describeCondition(status as ColumnDefinition, { conjunction: 'and', operator: 'in', value: ['draft'] }),
    ).toBe('Status is any of Draft');
    expect(
      describeCondition(active as ColumnDefinition, { conjunction: 'and', operator: 'eq', value: 'true' }),
    ).toBe('IsActive equals Yes');
    expect(
      describeCondition(published as ColumnDefinition, {
        conjunction: 'and',
        operator: 'gt',
        value: '2026-01-01',
      }),
    ).toBe('PublishedAt after 2026-01-01');
    expect(describeCondition(name as ColumnDefinition, { conjunction: 'and', operator: 'isnull' })).toBe(
      'Name is empty',
    );
  });
});
