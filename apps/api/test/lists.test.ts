/**
 * The generic list, page-summarize and delete routes against the real server and seeded database
 * (160 pages, 20,000 reservations): results are compared with SQL run directly on the views.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogEntry } from '../catalog/entities/index.ts';
import type { CatalogColumn } from '../catalog/entity-spec.ts';
import { operationsFor } from '../src/criteria/parse-value.ts';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const reservationsEntity = catalogEntry('Reservation');

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await signIn(server.baseUrl, 'admin@bmtools.local', 'admin')).accessToken;
});

type Row = Record<string, unknown> & { id: number };
interface ListBody {
  data: Row[];
  paging: { pageIndex: number; pageSize: number; hasMore: boolean };
}
type Params = Record<string, unknown>;

const qs = (params: Params): string =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [
      k,
      typeof v === 'string' ? v : JSON.stringify(v),
    ]),
  ).toString();

async function call(path: string, params: Params = {}, init: RequestInit = {}): Promise<Response> {
  const query = Object.keys(params).length ? `?${qs(params)}` : '';
  return fetch(`${server.baseUrl}${path}${query}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });
}

/** The demo's reservations in this file's database (the tests' demo holds a tenth of the full one). */
async function reservationCount(): Promise<number> {
  const { rows } = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reservations');
  return rows[0]?.n ?? 0;
}

async function list(path: string, params: Params = {}): Promise<ListBody> {
  const response = await call(path, params);
  if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  return (await response.json()) as ListBody;
}

async function sqlIds(view: string, where: string, values: unknown[] = [], order = 'id'): Promise<number[]> {
  const { rows } = await server.db.query<{ id: number }>(
    `SELECT id FROM ${view} WHERE ${where} ORDER BY ${order}`,
    values,
  );
  return rows.map((r) => r.id);
}

const cond = (name: string, operation: string, type: string, value?: unknown) => ({
  operation,
  name,
  type,
  value,
});

describe('list shape and paging', () => {
  it('answers {data, paging} with 20 rows by default', async () => {
    const body = await list('/api/pages');
    expect(Object.keys(body).sort()).toEqual(['data', 'paging']);
    expect(body.paging).toEqual({ pageIndex: 0, pageSize: 20, hasMore: true });
    expect(body.data).toHaveLength(20);
    expect(body.data.map((r) => r.id)).toEqual((await sqlIds('v_pages', 'true')).slice(0, 20));
  });

  it('computes hasMore right on the last page of 160 pages', async () => {
    expect((await server.db.query('SELECT 1 FROM pages')).rowCount).toBe(160);
    const all = await sqlIds('v_pages', 'true');
    const pages = [];
    for (let pageIndex = 0; pageIndex < 5; pageIndex++)
      pages.push(await list('/api/pages', { pageSize: '50', pageIndex: String(pageIndex) }));
    expect(pages.map((p) => p.data.length)).toEqual([50, 50, 50, 10, 0]);
    expect(pages.map((p) => p.paging.hasMore)).toEqual([true, true, true, false, false]);
    expect(pages[3]?.paging).toEqual({ pageIndex: 3, pageSize: 50, hasMore: false });
    expect(pages.flatMap((p) => p.data.map((r) => r.id))).toEqual(all);
  });

  it('knows the exact boundary: 160 rows fit a page of 160, not of 159', async () => {
    expect((await list('/api/pages', { pageSize: '160' })).paging.hasMore).toBe(false);
    expect((await list('/api/pages', { pageSize: '159' })).paging.hasMore).toBe(true);
    const one = await list('/api/pages', { pageSize: '1', pageIndex: '159' });
    expect(one.data).toHaveLength(1);
    expect(one.paging.hasMore).toBe(false);
  });

  it('takes page sizes of 1 and 1,000', async () => {
    expect((await list('/api/reservations', { pageSize: '1' })).data).toHaveLength(1);
    // The last full page of a thousand (the demo's reservations are a multiple of 1,000).
    const total = await reservationCount();
    const big = await list('/api/reservations', { pageSize: '1000', pageIndex: String(total / 1000 - 1) });
    expect(big.data).toHaveLength(1000);
    expect(big.paging.hasMore).toBe(false);
  });

  it('returns the view row as it is, dates as ISO text', async () => {
    const body = await list('/api/pages', {
      pageSize: '5',
      filters: cond('publishedAt', 'isnotnull', 'datetime'),
    });
    const first = body.data[0] as Row;
    const { rows } = await server.db.query('SELECT * FROM v_pages WHERE id = $1', [first.id]);
    expect(first).toEqual(JSON.parse(JSON.stringify(rows[0])));
    expect(Object.keys(first)).toEqual([
      'id',
      'name',
      'url',
      'title',
      'languageCode',
      'status',
      'isActive',
      'priority',
      'publishedAt',
      'updatedAt',
      'updatedBy',
    ]);
  });
});

describe('filters give the rows SQL gives', () => {
  const pages = async (filter: unknown) =>
    (await list('/api/pages', { filters: filter, pageSize: '1000', fields: ['id'] })).data.map((r) => r.id);

  const cases: Array<[string, unknown, string, unknown[]]> = [
    // text
    ['text eq', cond('name', 'eq', 'text', 'Car hire Rome'), `name = $1`, ['Car hire Rome']],
    ['text neq', cond('status', 'neq', 'text', 'published'), `status <> $1`, ['published']],
    ['text contains (any case)', cond('name', 'contains', 'text', 'rOmE'), `name ILIKE '%rome%'`, []],
    ['text notcontains', cond('name', 'notcontains', 'text', 'car'), `name NOT ILIKE '%car%'`, []],
    ['text startswith', cond('name', 'startswith', 'text', 'van'), `name ILIKE 'van%'`, []],
    ['text endswith', cond('url', 'endswith', 'text', '/paris'), `url LIKE '%/paris'`, []],
    [
      'text contains % matches a literal %',
      cond('name', 'contains', 'text', '%'),
      `strpos(name, '%') > 0`,
      [],
    ],
    ['text contains _ matches a literal _', cond('url', 'contains', 'text', '_'), `strpos(url, '_') > 0`, []],
    [
      'text contains \\ matches a literal \\',
      cond('url', 'contains', 'text', '\\'),
      `strpos(url, '\\') > 0`,
      [],
    ],
    ['text in', cond('languageCode', 'in', 'text', ['en', 'de']), `"languageCode" IN ('en', 'de')`, []],
    ['text notin', cond('status', 'notin', 'text', ['draft']), `status <> 'draft'`, []],
    ['text isnull', cond('updatedBy', 'isnull', 'text'), `"updatedBy" IS NULL`, []],
    ['text isnotnull', cond('updatedBy', 'isnotnull', 'text', ''), `"updatedBy" IS NOT NULL`, []],
    // number
    ['number eq', cond('priority', 'eq', 'number', 5), 'priority = 5', []],
    ['number neq', cond('priority', 'neq', 'number', '5'), 'priority <> 5', []],
    ['number lt', cond('priority', 'lt', 'number', 3), 'priority < 3', []],
    ['number lte', cond('priority', 'lte', 'number', 3), 'priority <= 3', []],
    ['number gt', cond('priority', 'gt', 'number', 7), 'priority > 7', []],
    ['number gte', cond('priority', 'gte', 'number', 7), 'priority >= 7', []],
    ['number between', cond('priority', 'between', 'number', '2,4'), 'priority BETWEEN 2 AND 4', []],
    ['number between open end', cond('priority', 'between', 'number', '8,'), 'priority >= 8', []],
    ['number between open start', cond('priority', 'between', 'number', ',1'), 'priority <= 1', []],
    ['number in', cond('priority', 'in', 'number', [1, 3, '5']), 'priority IN (1, 3, 5)', []],
    ['number notin', cond('priority', 'notin', 'number', [0]), 'priority <> 0', []],
    ['id in', cond('id', 'in', 'number', [1, 2, 3, 999]), 'id IN (1, 2, 3, 999)', []],
    // boolean
    ['boolean eq false', cond('isActive', 'eq', 'boolean', false), 'NOT "isActive"', []],
    ['boolean eq "true"', cond('isActive', 'eq', 'boolean', 'true'), '"isActive"', []],
    ['boolean neq false', cond('isActive', 'neq', 'boolean', 'false'), '"isActive"', []],
    // datetime with a date only: whole days (the session and the data are UTC)
    [
      'date-only eq',
      cond('publishedAt', 'eq', 'date', '2026-01-02'),
      `"publishedAt"::date = '2026-01-02'`,
      [],
    ],
    [
      'date-only neq',
      cond('publishedAt', 'neq', 'date', '2026-01-02'),
      `"publishedAt"::date <> '2026-01-02'`,
      [],
    ],
    [
      'date-only lt',
      cond('publishedAt', 'lt', 'date', '2026-01-03'),
      `"publishedAt"::date < '2026-01-03'`,
      [],
    ],
    [
      'date-only lte',
      cond('publishedAt', 'lte', 'date', '2026-01-03'),
      `"publishedAt"::date <= '2026-01-03'`,
      [],
    ],
    [
      'date-only gt',
      cond('publishedAt', 'gt', 'datetime', '2026-01-30'),
      `"publishedAt"::date > '2026-01-30'`,
      [],
    ],
    [
      'date-only gte',
      cond('publishedAt', 'gte', 'datetime', '2026-01-30'),
      `"publishedAt"::date >= '2026-01-30'`,
      [],
    ],
    [
      'date-only between',
      cond('publishedAt', 'between', 'date', '2026-01-10,2026-01-12'),
      `"publishedAt"::date BETWEEN '2026-01-10' AND '2026-01-12'`,
      [],
    ],
    [
      'date-only between open end',
      cond('updatedAt', 'between', 'date', '2026-06-20,'),
      `"updatedAt"::date >= '2026-06-20'`,
      [],
    ],
    // datetime with a time
    [
      'datetime eq',
      cond('publishedAt', 'eq', 'datetime', '2026-01-01T07:00:00Z'),
      `"publishedAt" = '2026-01-01T07:00:00Z'`,
      [],
    ],
    [
      'datetime gt',
      cond('publishedAt', 'gt', 'datetime', '2026-01-10T12:00:00Z'),
      `"publishedAt" > '2026-01-10T12:00:00Z'`,
      [],
    ],
    [
      'datetime gt with an offset',
      cond('publishedAt', 'gt', 'datetime', '2026-01-10T14:00:00+02:00'),
      `"publishedAt" > '2026-01-10T12:00:00Z'`,
      [],
    ],
    [
      'datetime lte',
      cond('updatedAt', 'lte', 'datetime', '2026-06-02 10:00:00'),
      `"updatedAt" <= '2026-06-02T10:00:00Z'`,
      [],
    ],
    [
      'datetime between',
      cond('updatedAt', 'between', 'datetime', '2026-06-03T00:00,2026-06-05T12:00'),
      `"updatedAt" BETWEEN '2026-06-03T00:00Z' AND '2026-06-05T12:00Z'`,
      [],
    ],
    ['datetime isnull', cond('publishedAt', 'isnull', 'datetime', null), `"publishedAt" IS NULL`, []],
    // groups
    [
      'and / or groups',
      {
        and: [
          { or: [cond('status', 'eq', 'text', 'published'), cond('status', 'eq', 'text', 'archived')] },
          cond('priority', 'gte', 'number', 5),
          { and: [cond('isActive', 'eq', 'boolean', true)] },
        ],
      },
      `status IN ('published', 'archived') AND priority >= 5 AND "isActive"`,
      [],
    ],
    [
      'or of ands',
      {
        or: [
          { and: [cond('languageCode', 'eq', 'text', 'fr'), cond('priority', 'lt', 'number', 2)] },
          cond('name', 'startswith', 'text', 'SUV'),
        ],
      },
      `("languageCode" = 'fr' AND priority < 2) OR name LIKE 'SUV%'`,
      [],
    ],
    ['an empty and group filters nothing', { and: [] }, 'true', []],
  ];

  it.each(cases)('%s', async (_label, filter, where, values) => {
    const expected = await sqlIds('v_pages', where, values);
    expect(await pages(filter)).toEqual(expected);
  });

  it('the comparisons above are not vacuous', async () => {
    // Most filters select some pages but not all of them.
    let partial = 0;
    for (const [, , where, values] of cases) {
      const n = (await sqlIds('v_pages', where, values)).length;
      if (n > 0 && n < 160) partial++;
    }
    expect(partial).toBeGreaterThan(cases.length * 0.7);
  });

  it('decimal and large-table filters on reservations', async () => {
    const reservations = async (filter: unknown) =>
      (await list('/api/reservations', { filters: filter, pageSize: '1000', fields: ['id'] })).data.map(
        (r) => r.id,
      );
    const within = cond('id', 'lte', 'number', 3000);
    const checks: Array<[unknown, string]> = [
      [
        { and: [within, cond('totalPrice', 'between', 'number', '100,150.5')] },
        'id <= 3000 AND total_price BETWEEN 100 AND 150.5',
      ],
      [
        { and: [within, cond('totalPrice', 'gt', 'number', '1799.99')] },
        'id <= 3000 AND total_price > 1799.99',
      ],
      [cond('totalPrice', 'in', 'number', ['100', 250.5, '99.9']), 'total_price IN (100, 250.5, 99.9)'],
      [
        { and: [within, cond('isActiveCustomer', 'eq', 'boolean', true)] },
        'id <= 3000 AND is_active_customer',
      ],
      [cond('customerEmail', 'startswith', 'text', 'anna.schmidt'), `customer_email ILIKE 'anna.schmidt%'`],
      [
        {
          and: [
            cond('pickupDate', 'eq', 'date', '2026-03-15'),
            cond('status', 'in', 'text', ['confirmed', 'pending']),
          ],
        },
        `pickup_date::date = '2026-03-15' AND status IN ('confirmed', 'pending')`,
      ],
    ];
    for (const [filter, where] of checks) {
      const expected = await sqlIds('reservations', where);
      expect(expected.length).toBeLessThanOrEqual(1000);
      expect(await reservations(filter)).toEqual(expected);
    }
  });
});

describe('sort', () => {
  const sorted = async (sort: string[], pageSize = '1000', pageIndex = '0') =>
    (
      await list('/api/pages', { sort, pageSize, pageIndex, fields: ['priority', 'name', 'status'] })
    ).data.map((r) => r.id);

  it.each([
    [['priority=ASC'], 'priority ASC, id ASC'],
    [['priority=DESC'], 'priority DESC, id DESC'],
    [['priority=desc', 'name=asc'], 'priority DESC, name ASC, id ASC'],
    [['status=ASC', 'priority=DESC'], 'status ASC, priority DESC, id DESC'],
    [['id=DESC'], 'id DESC'],
    [['publishedAt=ASC'], '"publishedAt" ASC NULLS LAST, id ASC'],
  ])('%j orders as %s', async (sort, order) => {
    expect(await sorted(sort)).toEqual(await sqlIds('v_pages', 'true', [], order));
  });

  it('keeps pages stable across a sort with ties: every row exactly once', async () => {
    const all = await sorted(['priority=DESC']);
    const paged: number[] = [];
    for (let i = 0; i * 7 < 160; i++) paged.push(...(await sorted(['priority=DESC'], '7', String(i))));
    expect(paged).toEqual(all);
    expect(new Set(paged).size).toBe(160);
  });

  it('sorts the reservations page by a date, newest first', async () => {
    const body = await list('/api/reservations', {
      sort: ['pickupDate=DESC'],
      pageSize: '50',
      fields: ['pickupDate'],
    });
    expect(body.data.map((r) => r.id)).toEqual(
      await sqlIds('reservations', 'true', [], 'pickup_date DESC, id DESC LIMIT 50'),
    );
  });
});

describe('fields', () => {
  it('limits the columns and always includes id', async () => {
    const body = await list('/api/pages', { fields: ['name'], pageSize: '30' });
    expect(body.data).toHaveLength(30);
    for (const row of body.data) expect(Object.keys(row)).toEqual(['id', 'name']);
    const two = await list('/api/reservations', { fields: ['status', 'totalPrice'], pageSize: '3' });
    for (const row of two.data) {
      expect(Object.keys(row)).toEqual(['id', 'totalPrice', 'status']);
      expect(typeof row.totalPrice).toBe('number');
    }
  });

  it('reads a column that may be neither filtered nor sorted', async () => {
    const body = await list('/api/reservations', { fields: ['isLocked'], pageSize: '2' });
    expect(Object.keys(body.data[0] as Row)).toEqual(['id', 'isLocked']);
  });
});

describe('page-summarize', () => {
  const summary = async (path: string, params: Params = {}) => {
    const response = await call(`${path}/page-summarize`, params);
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };

  it('counts all the reservations exactly (below EXACT_COUNT_LIMIT)', async () => {
    const total = await reservationCount();
    expect(await summary('/api/reservations')).toEqual({
      totalItemsCount: total,
      totalPages: Math.ceil(total / 20),
      pageIndex: 0,
      pageSize: 20,
      exact: true,
    });
    expect(
      await summary('/api/reservations', {
        pageSize: '30',
        pageIndex: '3',
        sort: ['id=DESC'],
        fields: ['id'],
      }),
    ).toEqual({
      totalItemsCount: total,
      totalPages: Math.ceil(total / 30),
      pageIndex: 3,
      pageSize: 30,
      exact: true,
    });
  });

  it.each([
    [cond('supplier', 'eq', 'text', 'Hertz'), `supplier = 'Hertz'`],
    [cond('customerName', 'contains', 'text', 'anna'), `customer_name ILIKE '%anna%'`],
    [cond('totalPrice', 'between', 'number', '100,200'), 'total_price BETWEEN 100 AND 200'],
    [
      { or: [cond('status', 'eq', 'text', 'cancelled'), cond('isActiveCustomer', 'eq', 'boolean', true)] },
      `status = 'cancelled' OR is_active_customer`,
    ],
    [
      cond('pickupDate', 'between', 'date', '2026-01-01,2026-03-31'),
      `pickup_date::date BETWEEN '2026-01-01' AND '2026-03-31'`,
    ],
    [cond('customerName', 'eq', 'text', 'nobody at all'), 'false'],
  ])('counts %j exactly as count(*)', async (filter, where) => {
    const { rows } = await server.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reservations WHERE ${where}`,
    );
    const n = rows[0]?.n as number;
    expect(await summary('/api/reservations', { filters: filter, pageSize: '50' })).toEqual({
      totalItemsCount: n,
      totalPages: Math.ceil(n / 50),
      pageIndex: 0,
      pageSize: 50,
      exact: true,
    });
  });

  it('counts pages: 160 in 4 pages of 50', async () => {
    expect(await summary('/api/pages', { pageSize: '50' })).toMatchObject({
      totalItemsCount: 160,
      totalPages: 4,
      exact: true,
    });
  });
});

describe('any well-formed criteria run', () => {
  const FILTERABLE = reservationsEntity.columns.filter((c) => c.filterable);
  const value = (c: CatalogColumn): fc.Arbitrary<unknown> => {
    switch (c.type) {
      case 'text':
        return fc.oneof(
          fc.constantFrom('Hertz', 'anna', "O'Brien", '%', '_', '\\'),
          fc.string({ maxLength: 8 }),
        );
      case 'number':
        return fc.integer({ min: -5, max: 25_000 });
      case 'decimal':
        return fc
          .tuple(fc.integer({ min: 0, max: 900 }), fc.integer({ min: 0, max: 99 }))
          .map(([a, b]) => `${a}.${b}`);
      case 'boolean':
        return fc.boolean();
      default:
        return fc
          .tuple(
            fc.date({ min: new Date('2025-01-01'), max: new Date('2027-12-31'), noInvalidDate: true }),
            fc.boolean(),
          )
          .map(([d, dateOnly]) => (dateOnly ? d.toISOString().slice(0, 10) : d.toISOString()));
    }
  };
  const condition = fc.constantFrom(...FILTERABLE).chain((c) =>
    fc.constantFrom(...operationsFor(c.type)).chain((operation) => {
      const type =
        { text: 'text', number: 'number', decimal: 'number', boolean: 'boolean' }[c.type as string] ??
        'datetime';
      const v =
        operation === 'isnull' || operation === 'isnotnull'
          ? fc.constant(undefined)
          : operation === 'in' || operation === 'notin'
            ? fc.array(value(c), { minLength: 1, maxLength: 5 })
            : operation === 'between'
              ? fc.tuple(value(c), value(c)).map(([a, b]) => `${a},${b}`)
              : value(c);
      return v.map((val) => cond(c.name, operation, type, val));
    }),
  );
  const filter = fc.oneof(
    condition,
    fc
      .tuple(fc.constantFrom('and', 'or'), fc.array(condition, { minLength: 1, maxLength: 4 }))
      .map(([k, cs]) => ({ [k]: cs })),
  );

  it('answers 200 and the exact count for random criteria (never a 500)', async () => {
    await fc.assert(
      fc.asyncProperty(filter, async (f) => {
        const query = qs({ filters: f, pageSize: '5', fields: ['id'] });
        const headers = { authorization: `Bearer ${token}` };
        const listed = await server.app.inject({ method: 'GET', url: `/api/reservations?${query}`, headers });
        expect(listed.statusCode, listed.body).toBe(200);
        const counted = await server.app.inject({
          method: 'GET',
          url: `/api/reservations/page-summarize?${query}`,
          headers,
        });
        expect(counted.statusCode, counted.body).toBe(200);
        const { totalItemsCount } = counted.json() as { totalItemsCount: number };
        const { data, paging } = listed.json() as ListBody;
        expect(data.length).toBe(Math.min(5, totalItemsCount));
        expect(paging.hasMore).toBe(totalItemsCount > 5);
      }),
      { numRuns: 60 },
    );
  });

  // Product bug: dates that do not exist pass the criteria check (V8's Date.parse rolls them over)
  // and PostgreSQL's cast then fails: 500 instead of a 400 naming the filter. Remove `.fails` once fixed.
  it('refuses a date that does not exist with 400, not 500', async () => {
    for (const value of ['2024-02-30', '2024-04-31', '2024-01-01T25:00', '2024-01-01T10:60']) {
      const response = await call('/api/reservations', {
        filters: cond('pickupDate', 'eq', 'datetime', value),
      });
      expect(response.status, value).toBe(400);
    }
  });
});

describe('delete', () => {
  const del = (id: number | string, body?: unknown) =>
    call(
      `/api/pages/${id}`,
      {},
      {
        method: 'DELETE',
        ...(body === undefined
          ? {}
          : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      },
    );

  const pageExists = async (id: number) =>
    (await server.db.query('SELECT 1 FROM pages WHERE id = $1', [id])).rowCount === 1;

  it('deletes a page through the registered procedure, then answers 404', async () => {
    const id = (await server.db.query<{ id: number }>('SELECT max(id) AS id FROM pages')).rows[0]
      ?.id as number;
    const first = await del(id);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ isSuccess: true, id, message: 'Page deleted' });
    expect(await pageExists(id)).toBe(false);
    const again = await del(id);
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ message: 'The page does not exist' });
  });

  it('deletes a page with a stored-procedure body naming bm_page_delete, then answers 404', async () => {
    const id = (await server.db.query<{ id: number }>('SELECT min(id) AS id FROM pages')).rows[0]
      ?.id as number;
    const body = {
      storeProcedure: 'bm_page_delete',
      databaseName: 'main',
      values: [{ mapkey: 'id', value: id }],
    };
    const first = await del(id, body);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ isSuccess: true, id, message: 'Page deleted' });
    expect(await pageExists(id)).toBe(false);
    const again = await del(id, body);
    expect(again.status).toBe(404);
    expect(((await again.json()) as { message: string }).message).toBe('The page does not exist');
    expect((await server.db.query('SELECT 1 FROM pages')).rowCount).toBe(158);
    expect((await list('/api/pages', { pageSize: '1000' })).data).toHaveLength(158);
  });

  it('answers 404 for an id that never existed', async () => {
    expect((await del(987_654)).status).toBe(404);
  });

  // Product bug: the path takes up to 18 digits but bm_page_delete casts the id to integer, so an id
  // past 2^31 fails in PostgreSQL: 500 instead of 404. Remove `.fails` once fixed.
  it('answers 404, not 500, for a page id past the integer range', async () => {
    expect((await del('99999999999')).status).toBe(404);
  });

  // The id reaches the procedure as text: a JS number would round ids past 2^53 to another row.
  it('deletes exactly the row named by a large reservation id', async () => {
    const big = '999999999999999999';
    const neighbour = '999999999999999998';
    for (const id of [big, neighbour]) {
      await server.db.query(
        `INSERT INTO reservations (id, reservation_number, customer_name, customer_email, pickup_location,
           dropoff_location, pickup_date, dropoff_date, supplier, car_class, total_price, currency, status)
         VALUES ($1::bigint, 'BM-BIG-' || $1::text, 'Big Id', 'big@example.com', 'X', 'Y', now(), now(), 'Sixt', 'Mini', 1, 'EUR', 'pending')`,
        [id],
      );
    }
    const response = await call(`/api/reservations/${big}`, {}, { method: 'DELETE' });
    expect(response.status).toBe(200);
    const { rows } = await server.db.query<{ id: string }>(
      'SELECT id::text AS id FROM reservations WHERE id >= 999999999999999990 ORDER BY id',
    );
    expect(rows.map((r) => r.id)).toEqual([neighbour]);
  });
});
