import { describe, expect, it } from 'vitest';
import { catalogEntry } from '../../catalog/entities/index.ts';
import { type CatalogColumn, col, type EntitySpec } from '../../catalog/entity-spec.ts';
import { quoteIdent } from '../../catalog/identifiers.ts';
import type { ListRequest } from './criteria.types.ts';
import { columnMap, parseListQuery, type QueryInput } from './parse-criteria.ts';
import { countSql, estimateSql, listSql } from './plan-sql.ts';

const reservationsEntity = catalogEntry('Reservation');

const key = columnMap(reservationsEntity).get('id') as CatalogColumn;
const request = (query: QueryInput): ListRequest => parseListQuery(query, reservationsEntity);
const cond = (name: string, operation: string, type: string, value?: unknown) => ({
  operation,
  name,
  type,
  value,
});

/** The WHERE clause and values of a filter, planned as the count query. */
function where(filter: unknown, entity: EntitySpec = reservationsEntity) {
  const sql = countSql(parseListQuery({ filters: JSON.stringify(filter) }, entity));
  const prefix = `SELECT count(*)::bigint AS n FROM "${entity.view}"`;
  expect(sql.text.startsWith(prefix)).toBe(true);
  return { text: sql.text.slice(prefix.length).replace(/^ WHERE /, ''), values: sql.values };
}

describe('listSql snapshots', () => {
  it('plans the default request: every column, key order, one row more than the page', () => {
    const sql = listSql(request({}), key);
    expect(sql.text).toBe(
      'SELECT "id", "reservationNumber", "version", "subversion", "customerName", "pickupDate", ' +
        '"supplier", "totalPrice", "currency", "status", "customerEmail", "pickupLocation", ' +
        '"dropoffLocation", "dropoffDate", "carClass", "isActiveCustomer", "isLocked", "createdAt" ' +
        'FROM "v_reservations" ORDER BY "id" ASC LIMIT $1::bigint OFFSET $2::bigint',
    );
    expect(sql.values).toEqual([21, 0]);
  });

  it('turns a date-only eq on a date-time column into a whole-day range', () => {
    const sql = listSql(
      request({
        filters: JSON.stringify(cond('pickupDate', 'eq', 'date', '2024-05-01')),
        fields: '["status"]',
        pageSize: '50',
        pageIndex: '3',
      }),
      key,
    );
    expect(sql).toEqual({
      text:
        'SELECT "id", "status" FROM "v_reservations" ' +
        'WHERE ("pickupDate" >= $1::date AND "pickupDate" < ($2::date + 1)) ' +
        'ORDER BY "id" ASC LIMIT $3::bigint OFFSET $4::bigint',
      values: ['2024-05-01', '2024-05-01', 51, 150],
    });
  });

  it('escapes % _ and \\ in contains and binds the pattern', () => {
    const sql = listSql(
      request({
        filters: JSON.stringify(cond('customerName', 'contains', 'text', '50%_off\\ "x"; --')),
        fields: '["customerName"]',
      }),
      key,
    );
    expect(sql).toEqual({
      text:
        'SELECT "id", "customerName" FROM "v_reservations" WHERE "customerName" ILIKE $1::text ' +
        'ORDER BY "id" ASC LIMIT $2::bigint OFFSET $3::bigint',
      values: ['%50\\%\\_off\\\\ "x"; --%', 21, 0],
    });
  });

  it('binds an in list as one array: = ANY($n::bigint[])', () => {
    const sql = listSql(
      request({ filters: JSON.stringify(cond('id', 'in', 'number', [3, '1', 2])), fields: '["id"]' }),
      key,
    );
    expect(sql).toEqual({
      text:
        'SELECT "id" FROM "v_reservations" WHERE "id" = ANY($1::bigint[]) ' +
        'ORDER BY "id" ASC LIMIT $2::bigint OFFSET $3::bigint',
      values: [['3', '1', '2'], 21, 0],
    });
  });

  it('plans nested groups, sort and a tie-breaker following the last direction', () => {
    const sql = listSql(
      request({
        filters: JSON.stringify({
          and: [
            cond('status', 'in', 'text', ['pending', 'confirmed']),
            {
              or: [
                cond('totalPrice', 'gte', 'number', '100.5'),
                cond('isActiveCustomer', 'eq', 'boolean', true),
              ],
            },
          ],
        }),
        sort: '["pickupDate=DESC","supplier=asc"]',
        fields: '["supplier","pickupDate"]',
        pageSize: '10',
        pageIndex: '2',
      }),
      key,
    );
    expect(sql).toEqual({
      text:
        'SELECT "id", "pickupDate", "supplier" FROM "v_reservations" ' +
        'WHERE ("status" = ANY($1::text[]) AND ("totalPrice" >= $2::numeric OR "isActiveCustomer" = $3::boolean)) ' +
        'ORDER BY "pickupDate" DESC, "supplier" ASC, "id" ASC LIMIT $4::bigint OFFSET $5::bigint',
      values: [['pending', 'confirmed'], '100.5', true, 11, 20],
    });
  });

  it('adds no tie-breaker when the key is sorted already', () => {
    const sql = listSql(request({ sort: '["id=DESC"]', fields: '["id"]' }), key);
    expect(sql.text).toBe(
      'SELECT "id" FROM "v_reservations" ORDER BY "id" DESC LIMIT $1::bigint OFFSET $2::bigint',
    );
    expect(listSql(request({ sort: '["status=DESC"]', fields: '["id"]' }), key).text).toContain(
      'ORDER BY "status" DESC, "id" DESC',
    );
  });
});

describe('conditions per operation', () => {
  it.each([
    ['eq', '"version" = $1::bigint'],
    ['neq', '"version" IS DISTINCT FROM $1::bigint'],
    ['lt', '"version" < $1::bigint'],
    ['lte', '"version" <= $1::bigint'],
    ['gt', '"version" > $1::bigint'],
    ['gte', '"version" >= $1::bigint'],
  ])('number %s → %s', (operation, text) => {
    expect(where(cond('version', operation, 'number', 2))).toEqual({ text, values: ['2'] });
  });

  it.each([
    ['eq', 'Anna', '"customerName" = $1::text', 'Anna'],
    ['neq', 'Anna', '"customerName" IS DISTINCT FROM $1::text', 'Anna'],
    ['contains', 'a_b', '"customerName" ILIKE $1::text', '%a\\_b%'],
    ['notcontains', 'a%', '("customerName" IS NULL OR "customerName" NOT ILIKE $1::text)', '%a\\%%'],
    ['startswith', 'An\\', '"customerName" ILIKE $1::text', 'An\\\\%'],
    ['endswith', 'na', '"customerName" ILIKE $1::text', '%na'],
  ])('text %s %j → %s', (operation, value, text, bound) => {
    expect(where(cond('customerName', operation, 'text', value))).toEqual({ text, values: [bound] });
  });

  it('text in / notin', () => {
    expect(where(cond('status', 'notin', 'text', ['a', 'b']))).toEqual({
      text: 'NOT ("status" = ANY($1::text[]))',
      values: [['a', 'b']],
    });
  });

  it('decimal casts to numeric', () => {
    expect(where(cond('totalPrice', 'lt', 'number', '9.99'))).toEqual({
      text: '"totalPrice" < $1::numeric',
      values: ['9.99'],
    });
    expect(where(cond('totalPrice', 'in', 'number', [1, '2.5']))).toEqual({
      text: '"totalPrice" = ANY($1::numeric[])',
      values: [['1', '2.5']],
    });
  });

  it('boolean casts to boolean', () => {
    expect(where(cond('isActiveCustomer', 'neq', 'boolean', 'false'))).toEqual({
      text: '"isActiveCustomer" IS DISTINCT FROM $1::boolean',
      values: [false],
    });
  });

  it('isnull and isnotnull bind nothing', () => {
    expect(where(cond('customerEmail', 'isnull', 'text'))).toEqual({
      text: '"customerEmail" IS NULL',
      values: [],
    });
    expect(where(cond('pickupDate', 'isnotnull', 'datetime', null))).toEqual({
      text: '"pickupDate" IS NOT NULL',
      values: [],
    });
  });

  it('a date-time value on a date-time column compares as timestamptz', () => {
    expect(where(cond('createdAt', 'gt', 'datetime', '2024-05-01T10:00:00Z'))).toEqual({
      text: '"createdAt" > $1::timestamptz',
      values: ['2024-05-01T10:00:00Z'],
    });
  });

  it.each([
    ['eq', '("pickupDate" >= $1::date AND "pickupDate" < ($2::date + 1))', 2],
    ['neq', 'NOT ("pickupDate" >= $1::date AND "pickupDate" < ($2::date + 1))', 2],
    ['lt', '"pickupDate" < $1::date', 1],
    ['lte', '"pickupDate" < ($1::date + 1)', 1],
    ['gt', '"pickupDate" >= ($1::date + 1)', 1],
    ['gte', '"pickupDate" >= $1::date', 1],
  ])('a date-only %s on a date-time column covers whole days: %s', (operation, text, n) => {
    expect(where(cond('pickupDate', operation, 'date', '2024-05-01'))).toEqual({
      text,
      values: Array(n).fill('2024-05-01'),
    });
  });

  it('between: closed, open ends, date-only ends', () => {
    expect(where(cond('version', 'between', 'number', '1,5'))).toEqual({
      text: '"version" >= $1::bigint AND "version" <= $2::bigint',
      values: ['1', '5'],
    });
    expect(where(cond('version', 'between', 'number', '1,'))).toEqual({
      text: '"version" >= $1::bigint',
      values: ['1'],
    });
    expect(where(cond('version', 'between', 'number', ',5'))).toEqual({
      text: '"version" <= $1::bigint',
      values: ['5'],
    });
    expect(where(cond('pickupDate', 'between', 'date', '2024-05-01,2024-05-31'))).toEqual({
      text: '"pickupDate" >= $1::date AND "pickupDate" < ($2::date + 1)',
      values: ['2024-05-01', '2024-05-31'],
    });
    expect(where(cond('pickupDate', 'between', 'datetime', '2024-05-01T08:00,2024-05-31T18:00'))).toEqual({
      text: '"pickupDate" >= $1::timestamptz AND "pickupDate" <= $2::timestamptz',
      values: ['2024-05-01T08:00', '2024-05-31T18:00'],
    });
  });

  it('between inside an or group keeps its two ends together', () => {
    expect(
      where({ or: [cond('version', 'between', 'number', '1,5'), cond('version', 'eq', 'number', 9)] }),
    ).toEqual({
      text: '("version" >= $1::bigint AND "version" <= $2::bigint OR "version" = $3::bigint)',
      values: ['1', '5', '9'],
    });
  });

  it('a date column compares as date, without the whole-day range', () => {
    const entity: EntitySpec = {
      ...reservationsEntity,
      view: 'v_people',
      views: ['v_people'],
      columns: [col('id', 'number'), col('birthDate', 'date')],
    };
    expect(where(cond('birthDate', 'eq', 'date', '2024-05-01'), entity)).toEqual({
      text: '"birthDate" = $1::date',
      values: ['2024-05-01'],
    });
  });

  it('empty groups add no condition; a single child needs no parentheses', () => {
    expect(countSql(request({ filters: '{"and":[]}' })).text).toBe(
      'SELECT count(*)::bigint AS n FROM "v_reservations"',
    );
    expect(where({ and: [{ or: [] }, { and: [cond('version', 'eq', 'number', 1)] }] })).toEqual({
      text: '"version" = $1::bigint',
      values: ['1'],
    });
  });

  it('numbers placeholders in order across the tree', () => {
    const { text, values } = where({
      or: [
        cond('version', 'eq', 'number', 1),
        { and: [cond('pickupDate', 'eq', 'date', '2024-01-02'), cond('status', 'in', 'text', ['x'])] },
      ],
    });
    expect(text).toBe(
      '("version" = $1::bigint OR (("pickupDate" >= $2::date AND "pickupDate" < ($3::date + 1)) AND "status" = ANY($4::text[])))',
    );
    expect(values).toEqual(['1', '2024-01-02', '2024-01-02', ['x']]);
  });
});

describe('countSql and estimateSql', () => {
  it('share the WHERE clause and ignore sort, fields and paging', () => {
    const r = request({
      filters: JSON.stringify(cond('supplier', 'eq', 'text', 'Hertz')),
      sort: '["id=DESC"]',
      fields: '["id"]',
      pageSize: '5',
      pageIndex: '7',
    });
    expect(countSql(r)).toEqual({
      text: 'SELECT count(*)::bigint AS n FROM "v_reservations" WHERE "supplier" = $1::text',
      values: ['Hertz'],
    });
    expect(estimateSql(r)).toEqual({
      text: 'EXPLAIN (FORMAT JSON) SELECT 1 FROM "v_reservations" WHERE "supplier" = $1::text',
      values: ['Hertz'],
    });
  });
});

describe('quoteIdent', () => {
  it('quotes catalogue identifiers', () => {
    expect(quoteIdent('v_reservations')).toBe('"v_reservations"');
    expect(quoteIdent('customerName')).toBe('"customerName"');
    expect(quoteIdent(`a${'b'.repeat(62)}`)).toBe(`"a${'b'.repeat(62)}"`);
  });

  it.each(['', 'a"b', 'id; DROP', '1abc', 'a b', 'public.x', `a${'b'.repeat(63)}`, 'ümlaut', 'a\u0000'])(
    'refuses %j',
    (name) => {
      expect(() => quoteIdent(name)).toThrow(/Invalid catalogue identifier/);
    },
  );
});
