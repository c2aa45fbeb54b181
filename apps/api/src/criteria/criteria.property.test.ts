/**
 * Property tests of the criteria pipeline: whatever a request holds, parsing either refuses it with a
 * CriteriaError or yields SQL built only from catalogue identifiers, `$n::cast` placeholders and
 * fixed keywords, with every user value bound as a parameter.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogEntry } from '../../catalog/entities/index.ts';
import type { CatalogColumn } from '../../catalog/entity-spec.ts';
import { CriteriaError, type ListRequest } from './criteria.types.ts';
import { columnMap, parseListQuery, type QueryInput } from './parse-criteria.ts';
import { operationsFor } from './parse-value.ts';
import { countSql, estimateSql, listSql, type SqlQuery } from './plan-sql.ts';

const reservationsEntity = catalogEntry('Reservation');

const entity = reservationsEntity;
const key = columnMap(entity).get(entity.key) as CatalogColumn;
const IDENTIFIERS = new Set([entity.view, ...entity.views, ...entity.columns.map((c) => c.name)]);
const RUNS = { numRuns: 300 };

// ---------------------------------------------------------------------------------------------
// The SQL grammar the planner may emit. Anything else in the text means user input leaked in.
// ---------------------------------------------------------------------------------------------

const TOKEN = new RegExp(
  [
    String.raw`\s+`,
    `"(?<ident>[^"]*)"`,
    String.raw`\$(?<param>\d+)::(?:text|bigint|numeric|boolean|date|timestamptz)(?:\[\])?`,
    '(?:SELECT|FROM|WHERE|AND|OR|NOT|IS|NULL|DISTINCT|ILIKE|ANY|ORDER|BY|ASC|DESC|LIMIT|OFFSET|AS|EXPLAIN|FORMAT|JSON)(?![A-Za-z0-9_])',
    String.raw`count\(\*\)::bigint`,
    'n(?![A-Za-z0-9_])',
    '1(?![0-9])',
    String.raw`<=|>=|<|>|=|\+|\(|\)|,`,
  ].join('|'),
  'y',
);

/** Checks one planned statement; returns the placeholder numbers in order of appearance. */
function checkStatement(sql: SqlQuery): void {
  const params: number[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < sql.text.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(sql.text);
    if (!match)
      throw new Error(`SQL outside the grammar at ${at}: ${JSON.stringify(sql.text.slice(at, at + 60))}`);
    const { ident, param } = match.groups ?? {};
    if (ident !== undefined && !IDENTIFIERS.has(ident))
      throw new Error(`Identifier not in the catalogue: ${ident}`);
    if (param !== undefined) params.push(Number(param));
  }
  // Every value is bound exactly once, numbered 1..n in order.
  expect(params).toEqual(sql.values.map((_, i) => i + 1));
  for (const value of sql.values) {
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) expect(['string', 'number', 'boolean']).toContain(typeof item);
  }
}

function checkRequest(request: ListRequest): SqlQuery[] {
  const statements = [listSql(request, key), countSql(request), estimateSql(request)];
  for (const sql of statements) checkStatement(sql);
  return statements;
}

/** Parses; a refusal must be a CriteriaError with a message, anything else fails the property. */
function parseOrRefuse(query: QueryInput): ListRequest | null {
  try {
    return parseListQuery(query, entity);
  } catch (error) {
    if (!(error instanceof CriteriaError)) throw error;
    expect(error.message.length).toBeGreaterThan(0);
    expect(error.statusCode).toBe(400);
    return null;
  }
}

const checkQuery = (query: QueryInput): void => {
  const request = parseOrRefuse(query);
  if (request) checkRequest(request);
};

// ---------------------------------------------------------------------------------------------
// Arbitraries
// ---------------------------------------------------------------------------------------------

const ATTACKS = [
  "'; DELETE FROM reservations; --",
  '"; DROP TABLE reservations; --',
  'id"; DROP TABLE reservations; --',
  '/**/',
  '*/ OR 1=1 /*',
  '-- ',
  '$1',
  '$$; SELECT pg_sleep(5); $$',
  '\\',
  '%_%',
  "\\'",
  'pg_sleep(5)',
  't1.password',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '\u202e',
  '😀',
  'Ünïcödé',
  '\u0000',
  '\n',
  'x'.repeat(1001),
  'y'.repeat(70_000),
];

const nasty = fc.oneof(
  fc.constantFrom(...ATTACKS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.string({ minLength: 900, maxLength: 1100 }),
);

/** A catalogue name with something inserted into it. */
const mutatedName = (names: readonly string[]) =>
  fc
    .tuple(fc.constantFrom(...names), fc.constantFrom(...ATTACKS.slice(0, 24)), fc.nat())
    .map(([name, bit, at]) => {
      const i = at % (name.length + 1);
      return name.slice(0, i) + bit + name.slice(i);
    });

const FILTERABLE = entity.columns.filter((c) => c.filterable);
const SORTABLE = entity.columns.filter((c) => c.sortable);
const NAMES = entity.columns.map((c) => c.name);

const day = fc.date({
  min: new Date('1990-01-01T00:00:00Z'),
  max: new Date('2100-12-31T00:00:00Z'),
  noInvalidDate: true,
});

function valueArb(column: CatalogColumn): fc.Arbitrary<string | number | boolean> {
  switch (column.type) {
    case 'text':
      return nasty.filter((s) => !s.includes('\u0000') && s.length <= 1000 && !s.includes(','));
    case 'number':
      return fc
        .integer({ min: -1e12, max: 1e12 })
        .chain((n) => fc.constantFrom<string | number>(n, String(n)));
    case 'decimal':
      return fc
        .tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 999_999 }))
        .map(([a, b]) => `${a}.${b}`);
    case 'boolean':
      return fc.constantFrom<string | boolean>(true, false, 'true', 'false');
    case 'date':
    case 'datetime':
      return fc.tuple(day, fc.constantFrom('date', 'iso', 'space', 'minutes')).map(([d, form]) => {
        const iso = d.toISOString();
        if (form === 'date') return iso.slice(0, 10);
        if (form === 'space') return iso.slice(0, 19).replace('T', ' ');
        if (form === 'minutes') return iso.slice(0, 16);
        return iso;
      });
  }
}

const typeArb = (column: CatalogColumn): fc.Arbitrary<string> => {
  switch (column.type) {
    case 'text':
      return fc.constant('text');
    case 'number':
    case 'decimal':
      return fc.constant('number');
    case 'boolean':
      return fc.constant('boolean');
    default:
      return fc.constantFrom('date', 'datetime');
  }
};

function valueFor(column: CatalogColumn, operation: string): fc.Arbitrary<unknown> {
  const one = valueArb(column);
  switch (operation) {
    case 'isnull':
    case 'isnotnull':
      return fc.constantFrom(undefined, null, '');
    case 'in':
    case 'notin':
      return fc.array(one, { minLength: 1, maxLength: 20 });
    case 'between':
      return fc
        .tuple(fc.option(one), fc.option(one))
        .filter(([a, b]) => a !== null || b !== null)
        .map(([a, b]) => `${a ?? ''},${b ?? ''}`);
    default:
      return one;
  }
}

interface Condition {
  operation: string;
  name: string;
  type: string;
  value?: unknown;
}
type Tree = Condition | { and: Tree[] } | { or: Tree[] };

const condition: fc.Arbitrary<Condition> = fc.constantFrom(...FILTERABLE).chain((column) =>
  fc.constantFrom(...operationsFor(column.type)).chain((operation) =>
    fc.record({
      operation: fc.constant(operation),
      name: fc.constant(column.name),
      type: typeArb(column),
      value: valueFor(column, operation),
    }),
  ),
);

const treeOf = (leaf: fc.Arbitrary<Tree>): fc.Arbitrary<Tree> =>
  fc.letrec<{ tree: Tree; group: Tree }>((tie) => ({
    tree: fc.oneof({ maxDepth: 6, depthIdentifier: 'tree' }, leaf, tie('group')),
    group: fc
      .tuple(fc.constantFrom('and', 'or'), fc.array(tie('tree'), { maxLength: 4, depthIdentifier: 'tree' }))
      .map(([conjunction, children]) => (conjunction === 'and' ? { and: children } : { or: children })),
  })).tree;

const depth = (t: Tree): number =>
  'and' in t ? 1 + Math.max(0, ...t.and.map(depth)) : 'or' in t ? 1 + Math.max(0, ...t.or.map(depth)) : 1;
const conditions = (t: Tree): Condition[] =>
  'and' in t ? t.and.flatMap(conditions) : 'or' in t ? t.or.flatMap(conditions) : [t];

const wellFormedTree = treeOf(condition).filter((t) => depth(t) <= 8 && conditions(t).length <= 200);

const sortArb = fc
  .subarray(
    SORTABLE.map((c) => c.name),
    { maxLength: 5 },
  )
  .chain((names) =>
    fc.tuple(...names.map((n) => fc.constantFrom(`${n}=ASC`, `${n}=DESC`, `${n}=asc`, `${n}=desc`))),
  );
const fieldsArb = fc.subarray(NAMES, { minLength: 1 });

const wellFormedQuery = fc.record(
  {
    filters: wellFormedTree.map((t) => JSON.stringify(t)),
    sort: sortArb.map((s) => JSON.stringify(s)),
    fields: fieldsArb.map((f) => JSON.stringify(f)),
    pageSize: fc.integer({ min: 1, max: 1000 }).map(String),
    pageIndex: fc.integer({ min: 0, max: 1_000_000 }).map(String),
    sqlViewName: fc.constant('v_reservations'),
    databaseName: fc.constant('main'),
  },
  { requiredKeys: ['filters'] },
);

/** A catalogue condition with one part replaced by something hostile, or dropped. */
const mutatedCondition: fc.Arbitrary<Tree> = fc
  .tuple(
    condition,
    fc.constantFrom('operation', 'name', 'type', 'value', 'extra', '__proto__', 'constructor', 'drop'),
    fc.oneof(
      nasty,
      fc.constantFrom('like', '=', '; drop', 'EQ', 'decimal', 'int', 'TEXT'),
      mutatedName(NAMES),
    ),
    fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.array(nasty, { maxLength: 3 })),
    fc.boolean(),
  )
  .map(([base, part, text, json, useJson]) => {
    const out: Record<string, unknown> = { ...base };
    if (part === '__proto__' || part === 'constructor') {
      Object.defineProperty(out, part, { value: json, enumerable: true, configurable: true, writable: true });
    } else if (part === 'drop') {
      delete out[['operation', 'name', 'type', 'value'][text.length % 4] as string];
    } else {
      out[part] = useJson ? json : text;
    }
    return out as unknown as Condition;
  });

const hostileCondition = fc.oneof(
  { arbitrary: condition, weight: 4 },
  { arbitrary: mutatedCondition, weight: 1 },
);

const HOSTILE_PARAMS = {
  filters: fc.oneof(
    { arbitrary: treeOf(hostileCondition).map((t) => JSON.stringify(t)), weight: 4 },
    { arbitrary: fc.json({ maxDepth: 4 }), weight: 1 },
    { arbitrary: nasty, weight: 1 },
  ),
  sort: fc.oneof(
    fc
      .array(
        fc.oneof(
          fc
            .tuple(mutatedName(NAMES), fc.constantFrom('ASC', 'DESC', 'ASC;', 'DESC --'))
            .map(([n, d]) => `${n}=${d}`),
          nasty,
        ),
        { maxLength: 6 },
      )
      .map((s) => JSON.stringify(s)),
    fc.json({ maxDepth: 2 }),
    nasty,
  ),
  fields: fc.oneof(
    fc
      .array(fc.oneof(mutatedName(NAMES), fc.constantFrom(...NAMES), nasty), { maxLength: 4 })
      .map((f) => JSON.stringify(f)),
    fc.json({ maxDepth: 2 }),
  ),
  pageSize: fc.oneof(fc.constantFrom('-1', '1e9', 'abc', '0', '1001', '20', ''), nasty),
  pageIndex: fc.oneof(fc.constantFrom('-1', '0', '3', '1.5', '1000001'), nasty),
  sqlViewName: fc.oneof(
    fc.constantFrom('pg_user', 'reservations', 'v_reservations;--', 'v_reservations'),
    nasty,
  ),
  databaseName: fc.oneof(fc.constantFrom('postgres', 'main'), nasty),
};
type HostileParam = keyof typeof HOSTILE_PARAMS;

/** A well-formed query with up to two parameters replaced by hostile ones (filters most often). */
const hostileQuery = fc
  .tuple(
    wellFormedQuery,
    fc.record(HOSTILE_PARAMS),
    fc.subarray(['filters', 'filters', 'filters', ...Object.keys(HOSTILE_PARAMS)] as HostileParam[], {
      maxLength: 2,
    }),
  )
  .map(([base, hostile, replace]) => {
    const query: QueryInput = { ...base };
    for (const param of replace) query[param] = hostile[param];
    return query;
  });

// ---------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------

describe('criteria properties', () => {
  it('the grammar check itself catches leaked text, foreign identifiers and miscounted placeholders', () => {
    const ok: SqlQuery = { text: 'SELECT "id" FROM "v_reservations" WHERE "id" = $1::bigint', values: ['1'] };
    expect(() => checkStatement(ok)).not.toThrow();
    expect(() => checkStatement({ ...ok, text: `${ok.text} OR 'x'='x'` })).toThrow(/outside the grammar/);
    expect(() => checkStatement({ ...ok, text: ok.text.replace('"id" =', '"password" =') })).toThrow(
      /catalogue/,
    );
    expect(() => checkStatement({ ...ok, values: ['1', '2'] })).toThrow();
    expect(() => checkStatement({ ...ok, text: `${ok.text}; DROP TABLE x` })).toThrow(/outside the grammar/);
    expect(() => checkStatement({ ...ok, text: `${ok.text} -- x` })).toThrow(/outside the grammar/);
  });

  it('well-formed criteria from the catalogue always parse and plan to safe SQL that binds every value', () => {
    fc.assert(
      fc.property(wellFormedQuery, (query) => {
        const request = parseListQuery(query, entity);
        const [list] = checkRequest(request);
        const bound = (list as SqlQuery).values.flatMap((v) => (Array.isArray(v) ? v : [v])).map(String);
        for (const c of conditions(JSON.parse(query.filters) as Tree)) {
          const column = entity.columns.find((col) => col.name === c.name) as CatalogColumn;
          if (column.type !== 'text' || c.value === undefined || c.value === null || c.value === '') continue;
          // Text values travel only as parameters (raw, or escaped inside an ILIKE pattern).
          for (const v of Array.isArray(c.value) ? c.value : [c.value]) {
            const escaped = String(v).replace(/[\\%_]/g, (ch) => `\\${ch}`);
            expect(bound.some((b) => b === String(v) || b.includes(escaped))).toBe(true);
          }
        }
      }),
      RUNS,
    );
  });

  it('hostile criteria are refused with a CriteriaError or plan to safe SQL', () => {
    fc.assert(fc.property(hostileQuery, checkQuery), RUNS);
  });

  it('arbitrary JSON as filters, sort or fields is refused or planned safely', () => {
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 5 }),
        fc.constantFrom('filters', 'sort', 'fields'),
        (value, param) => {
          checkQuery({ [param]: JSON.stringify(value) });
        },
      ),
      RUNS,
    );
  });

  it('quotes a refused value that String() cannot convert (an object whose toString is not a function)', () => {
    const odd = { toString: false };
    for (const query of [
      { fields: JSON.stringify([odd]) },
      { sort: JSON.stringify([odd]) },
      { filters: JSON.stringify({ name: odd, operation: 'eq', type: 'string', value: 1 }) },
      { filters: JSON.stringify({ name: 'id', operation: odd, type: 'number', value: 1 }) },
      { filters: JSON.stringify({ name: 'id', operation: 'eq', type: odd, value: 1 }) },
      { databaseName: odd as unknown as string },
    ])
      expect(parseOrRefuse(query), JSON.stringify(query)).toBeNull();
  });

  it('arbitrary strings as any parameter are refused or planned safely', () => {
    const params = [
      'filters',
      'sort',
      'fields',
      'pageSize',
      'pageIndex',
      'sqlViewName',
      'databaseName',
    ] as const;
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...params), nasty, { maxKeys: 4 }), checkQuery),
      RUNS,
    );
  });

  it('arbitrary values of any type (not only strings) are refused or planned safely', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.oneof(
            fc.constantFrom(
              'filters',
              'sort',
              'fields',
              'pageSize',
              'pageIndex',
              'sqlViewName',
              'databaseName',
            ),
            nasty,
          ),
          fc.anything({ maxDepth: 3 }),
          { maxKeys: 3 },
        ),
        checkQuery,
      ),
      RUNS,
    );
  });

  it('names from the catalogue mutated with quotes, semicolons, comments or unicode are always refused', () => {
    fc.assert(
      fc.property(
        mutatedName(NAMES).filter((n) => !IDENTIFIERS.has(n)),
        fc.constantFrom('filters', 'sort', 'fields'),
        (name, where) => {
          const query =
            where === 'filters'
              ? { filters: JSON.stringify({ operation: 'isnull', name, type: 'text' }) }
              : where === 'sort'
                ? { sort: JSON.stringify([`${name}=ASC`]) }
                : { fields: JSON.stringify([name]) };
          expect(parseOrRefuse(query)).toBeNull();
        },
      ),
      RUNS,
    );
  });
});
