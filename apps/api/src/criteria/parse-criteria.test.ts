import { describe, expect, it } from 'vitest';
import { catalogEntry } from '../../catalog/entities/index.ts';
import { CriteriaError, type FilterNode } from './criteria.types.ts';
import { parseFilters, parseListQuery, type QueryInput, resolveSource } from './parse-criteria.ts';

const pagesEntity = catalogEntry('Page');
const reservationsEntity = catalogEntry('Reservation');

const entity = reservationsEntity;
const parse = (query: QueryInput) => parseListQuery(query, entity);
const filters = (value: unknown) => parse({ filters: JSON.stringify(value) });

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CriteriaError);
    const { message } = error as CriteriaError;
    expect(message.length).toBeGreaterThan(0);
    return message;
  }
  throw new Error('expected a CriteriaError, got none');
}

const cond = (name = 'version', value: unknown = '1', operation = 'eq', type = 'number') => ({
  operation,
  name,
  type,
  value,
});

/** A tree `levels` deep: `levels - 1` nested `and` groups around one condition. */
const nested = (levels: number): unknown => {
  let node: unknown = cond();
  for (let i = 1; i < levels; i++) node = { and: [node] };
  return node;
};

/** Levels of a parsed tree, the condition counted. */
const depthOf = (node: FilterNode): number =>
  node.kind === 'condition' ? 1 : 1 + Math.max(0, ...node.children.map(depthOf));

describe('parseListQuery defaults', () => {
  it('reads the default view, every column, page 0 of 20, no filter and no sort', () => {
    const request = parse({});
    expect(request).toEqual({
      filter: null,
      sort: [],
      fields: entity.columns,
      pageIndex: 0,
      pageSize: 20,
      view: 'v_reservations',
    });
  });

  it('treats empty parameters and a null filter as absent', () => {
    expect(parse({ filters: '', sort: '', fields: '', pageSize: '', pageIndex: '' })).toEqual(parse({}));
    expect(parse({ filters: 'null' }).filter).toBeNull();
  });
});

describe('filters', () => {
  it('parses a condition against its catalogue column', () => {
    const request = filters(cond('customerName', 'Anna', 'contains', 'text'));
    expect(request.filter).toEqual({
      kind: 'condition',
      column: { name: 'customerName', type: 'text', filterable: true, sortable: true },
      operation: 'contains',
      value: { kind: 'scalar', value: 'Anna', dateOnly: false },
    });
  });

  it('parses and/or groups', () => {
    const request = filters({ and: [cond(), { or: [cond('status', 'pending', 'eq', 'text'), cond()] }] });
    const filter = request.filter as Extract<FilterNode, { kind: 'group' }>;
    expect(filter.kind).toBe('group');
    expect(filter.conjunction).toBe('and');
    expect(filter.children.map((c) => c.kind)).toEqual(['condition', 'group']);
    expect((filter.children[1] as Extract<FilterNode, { kind: 'group' }>).conjunction).toBe('or');
  });

  it('takes empty groups', () => {
    expect(filters({ and: [] }).filter).toEqual({ kind: 'group', conjunction: 'and', children: [] });
    expect(filters({ or: [] }).filter).toEqual({ kind: 'group', conjunction: 'or', children: [] });
  });

  it('takes 8 levels and refuses 9', () => {
    const eight = filters(nested(8)).filter as FilterNode;
    expect(depthOf(eight)).toBe(8);
    expect(refusal(() => filters(nested(9)))).toBe('filters are nested deeper than 8 levels');
    // The limit counts groups too, with or without a condition at the bottom.
    let empty: unknown = { or: [] };
    for (let i = 1; i < 8; i++) empty = { and: [empty] };
    expect(() => filters(empty)).not.toThrow();
    expect(refusal(() => filters({ and: [empty] }))).toContain('nested deeper than 8');
  });

  it('refuses 1,000 levels without running out of stack', () => {
    expect(refusal(() => filters(nested(1000)))).toContain('nested deeper than 8');
  });

  it('takes 200 conditions and refuses 201, however they are grouped', () => {
    const many = (n: number) => Array.from({ length: n }, () => cond());
    expect(() => filters({ and: many(200) })).not.toThrow();
    expect(() => filters({ or: [{ and: many(100) }, { and: many(100) }] })).not.toThrow();
    expect(refusal(() => filters({ and: many(201) }))).toBe('filters hold more than 200 conditions');
    expect(refusal(() => filters({ or: [{ and: many(100) }, { and: many(101) }] }))).toContain(
      'more than 200',
    );
  });

  it('takes 1,000 in-items and refuses 1,001', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(filters(cond('id', ids(1000), 'in')).filter).toMatchObject({ value: { kind: 'list' } });
    expect(refusal(() => filters(cond('id', ids(1001), 'in')))).toBe(
      'Filter on id: more than 1000 items in the list',
    );
  });

  it.each([
    ['not JSON', '{and:[]}', 'filters is not valid JSON'],
    ['a list', '[]', 'each filter must be an object'],
    ['a string', '"id=1"', 'each filter must be an object'],
    ['a number', '1', 'each filter must be an object'],
    ['a group without a list', '{"and":{"name":"id"}}', 'filters: "and" must hold a list'],
    ['a group member that is not an object', '{"or":["id"]}', 'each filter must be an object'],
    ['both and and or', '{"and":[],"or":[]}', 'filters: unknown key "and"'],
    [
      'an unknown key',
      '{"name":"id","operation":"eq","type":"number","value":1,"sql":"1=1"}',
      'unknown key "sql"',
    ],
    ['a __proto__ key', '{"__proto__":{"name":"id"}}', 'unknown key "__proto__"'],
    ['a constructor key', '{"constructor":[]}', 'unknown key "constructor"'],
  ])('refuses %s', (_what, raw, message) => {
    expect(refusal(() => parse({ filters: raw }))).toContain(message);
  });

  it('refuses a filters parameter given twice or not as text', () => {
    expect(refusal(() => parse({ filters: ['{}', '{}'] }))).toBe('filters must be given once, as JSON');
    expect(refusal(() => parse({ filters: { and: [] } }))).toBe('filters must be given once, as JSON');
  });

  it('refuses filters longer than 256 KB', () => {
    expect(refusal(() => parse({ filters: ' '.repeat(256 * 1024 + 1) }))).toBe('filters is too long');
  });

  it.each([
    ['password', 'filters: unknown column "password"'],
    ['t1.password', 'filters: unknown column "t1.password"'],
    ['id"; DROP TABLE reservations; --', 'filters: unknown column "id"; DROP TABLE reservations; --"'],
    ['__proto__', 'unknown column "__proto__"'],
    ['constructor', 'unknown column "constructor"'],
    ['toString', 'unknown column "toString"'],
    ['ID', 'unknown column "ID"'],
    ['customer_name', 'unknown column "customer_name"'],
  ])('refuses the column %j, naming it', (name, message) => {
    expect(refusal(() => filters(cond(name)))).toContain(message);
  });

  it('refuses a missing or non-text column name', () => {
    expect(refusal(() => filters({ operation: 'eq', type: 'number', value: 1 }))).toBe(
      'filters: unknown column "undefined"',
    );
    expect(refusal(() => filters(cond(['id'] as unknown as string)))).toContain('unknown column');
  });

  it('cuts long names in messages to 50 characters', () => {
    const message = refusal(() => filters(cond('x'.repeat(10_000))));
    expect(message).toBe(`filters: unknown column "${'x'.repeat(50)}"`);
  });

  it('refuses a column that may not be filtered', () => {
    expect(refusal(() => filters(cond('isLocked', true, 'eq', 'boolean')))).toBe(
      'filters: column isLocked cannot be filtered',
    );
  });

  it.each(['like', '=', '; drop', 'EQ', 'ilike', 'regex', ''])(
    'refuses the operation %j, naming it',
    (operation) => {
      expect(refusal(() => filters(cond('version', '1', operation)))).toBe(
        `filters: unknown operation "${operation}" on version`,
      );
    },
  );

  it.each(['decimal', 'int', 'TEXT', 'json', 'select', ''])('refuses the type %j, naming it', (type) => {
    expect(refusal(() => filters(cond('version', '1', 'eq', type)))).toBe(
      `filters: unknown type "${type}" on version`,
    );
  });

  it('counts a condition before checking its column', () => {
    const bad = Array.from({ length: 201 }, () => cond('nope'));
    // The first condition fails on its column; the limit never comes into play.
    expect(refusal(() => filters({ and: bad }))).toContain('unknown column "nope"');
  });
});

describe('sort', () => {
  const sort = (value: unknown) => parse({ sort: JSON.stringify(value) }).sort;

  it('reads "mapKey=ASC|DESC" in any case, keeping the order', () => {
    expect(sort(['pickupDate=DESC', 'id=asc']).map((s) => [s.column.name, s.direction])).toEqual([
      ['pickupDate', 'DESC'],
      ['id', 'ASC'],
    ]);
    expect(sort([])).toEqual([]);
  });

  it('takes five keys and refuses six', () => {
    const keys = ['id', 'version', 'subversion', 'customerName', 'supplier', 'status'].map((k) => `${k}=ASC`);
    expect(sort(keys.slice(0, 5))).toHaveLength(5);
    expect(refusal(() => sort(keys))).toBe('sort takes at most 5 keys');
  });

  it.each([
    [['id'], 'sort: "id" is not "mapKey=ASC|DESC"'],
    [['id=UP'], 'sort: "id=UP" is not "mapKey=ASC|DESC"'],
    [['id=ASC;'], 'sort: "id=ASC;" is not "mapKey=ASC|DESC"'],
    [['id=ASC, 1'], 'is not "mapKey=ASC|DESC"'],
    [['=ASC'], 'is not "mapKey=ASC|DESC"'],
    [[1], 'sort: "1" is not "mapKey=ASC|DESC"'],
    [[null], 'is not "mapKey=ASC|DESC"'],
    [['id;DROP=ASC'], 'sort: unknown column "id;DROP"'],
    [['password=DESC'], 'sort: unknown column "password"'],
    [['__proto__=ASC'], 'sort: unknown column "__proto__"'],
    [['dropoffLocation=ASC'], 'sort: column dropoffLocation cannot be sorted'],
    [{ id: 'ASC' }, 'sort must be a JSON list of "mapKey=ASC|DESC"'],
    ['id=ASC', 'sort must be a JSON list'],
  ])('refuses %j', (value, message) => {
    expect(refusal(() => sort(value))).toContain(message);
  });

  it('refuses sort that is not JSON', () => {
    expect(refusal(() => parse({ sort: 'id=ASC' }))).toBe('sort is not valid JSON');
  });
});

describe('fields', () => {
  const fields = (value: unknown) => parse({ fields: JSON.stringify(value) }).fields.map((c) => c.name);

  it('keeps the chosen columns in catalogue order and always adds the key', () => {
    expect(fields(['status', 'customerName'])).toEqual(['id', 'customerName', 'status']);
    expect(fields(['id'])).toEqual(['id']);
    expect(fields(['status', 'status', 'id'])).toEqual(['id', 'status']);
    // Columns that cannot be filtered or sorted may still be read.
    expect(fields(['isLocked'])).toEqual(['id', 'isLocked']);
  });

  it.each([
    [[], 'fields must be a JSON list of column names'],
    [{ id: true }, 'fields must be a JSON list of column names'],
    ['id', 'fields must be a JSON list of column names'],
    [['password'], 'fields: unknown column "password"'],
    [['id, password'], 'fields: unknown column "id, password"'],
    [['*'], 'fields: unknown column "*"'],
    [['constructor'], 'fields: unknown column "constructor"'],
    [[1], 'fields: unknown column "1"'],
  ])('refuses %j', (value, message) => {
    expect(refusal(() => fields(value))).toBe(message);
  });
});

describe('paging', () => {
  it('takes page sizes 1 to 1,000', () => {
    expect(parse({ pageSize: '1' }).pageSize).toBe(1);
    expect(parse({ pageSize: '1000' }).pageSize).toBe(1000);
    expect(parse({ pageSize: '50', pageIndex: '3' })).toMatchObject({ pageSize: 50, pageIndex: 3 });
  });

  it.each([
    ['0', 'pageSize must be between 1 and 1000'],
    ['1001', 'pageSize must be between 1 and 1000'],
    ['-1', 'pageSize must be a whole number'],
    ['1e9', 'pageSize must be a whole number'],
    ['abc', 'pageSize must be a whole number'],
    ['2.5', 'pageSize must be a whole number'],
    ['1234567890', 'pageSize must be a whole number'],
    [' 20', 'pageSize must be a whole number'],
  ])('refuses pageSize %j', (pageSize, message) => {
    expect(refusal(() => parse({ pageSize }))).toBe(message);
  });

  it('refuses pageSize given twice or as a number', () => {
    expect(refusal(() => parse({ pageSize: ['10', '20'] }))).toBe('pageSize must be a whole number');
    expect(refusal(() => parse({ pageSize: 10 }))).toBe('pageSize must be a whole number');
  });

  it('takes page indexes from 0 to 1,000,000', () => {
    expect(parse({ pageIndex: '0' }).pageIndex).toBe(0);
    expect(parse({ pageIndex: '1000000' }).pageIndex).toBe(1_000_000);
    expect(refusal(() => parse({ pageIndex: '1000001' }))).toBe('pageIndex must be between 0 and 1000000');
    expect(refusal(() => parse({ pageIndex: '-1' }))).toBe('pageIndex must be a whole number');
  });
});

describe('sources', () => {
  it('reads a registered view and data source', () => {
    expect(parse({ sqlViewName: 'v_reservations', databaseName: 'main' }).view).toBe('v_reservations');
    expect(resolveSource(pagesEntity, {})).toBe('v_pages');
  });

  it.each([
    'pg_user',
    'reservations',
    'v_reservations;--',
    'V_RESERVATIONS',
    'v_pages',
    'public.v_reservations',
  ])('refuses sqlViewName %j, naming it', (sqlViewName) => {
    expect(refusal(() => parse({ sqlViewName }))).toBe(
      `sqlViewName "${sqlViewName}" is not registered for Reservation`,
    );
  });

  it('refuses a sqlViewName given twice', () => {
    expect(refusal(() => parse({ sqlViewName: ['v_reservations', 'v_reservations'] }))).toContain(
      'sqlViewName "v_reservations,v_reservations" is not registered',
    );
  });

  it.each(['postgres', 'template1', 'main;--', 'MAIN'])(
    'refuses databaseName %j, naming it',
    (databaseName) => {
      expect(refusal(() => parse({ databaseName }))).toBe(
        `databaseName "${databaseName}" is not registered for Reservation`,
      );
    },
  );
});

describe('query parameters', () => {
  it.each(['foo', 'filter', 'page', 'orderBy', 'sqlQuery', 'storeProcedure', '__proto__', 'constructor'])(
    'refuses the unknown parameter %j, naming it',
    (key) => {
      const query = JSON.parse(`{${JSON.stringify(key)}:"1"}`) as QueryInput;
      expect(refusal(() => parse(query))).toBe(`Unknown query parameter "${key}"`);
    },
  );

  it('checks parameter names before anything else', () => {
    expect(refusal(() => parse({ filters: 'nonsense', x: '1' }))).toBe('Unknown query parameter "x"');
  });
});

describe('parseFilters', () => {
  it('is null without filters', () => {
    expect(parseFilters(undefined, entity)).toBeNull();
    expect(parseFilters('', entity)).toBeNull();
  });

  it('reads against the given entity only', () => {
    expect(parseFilters(JSON.stringify(cond('priority')), pagesEntity)).toMatchObject({ kind: 'condition' });
    expect(refusal(() => parseFilters(JSON.stringify(cond('priority')), entity))).toContain(
      'unknown column "priority"',
    );
  });
});
