/**
 * Attacks on the list criteria and the delete route, against the real server and database: every
 * one is a 400 naming the offending part (or a 401/403), nothing runs, and the data stays as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_RESERVATIONS } from '../src/seed/seed-demo.ts';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
let before: Snapshot;

interface Snapshot {
  reservations: number;
  pages: number;
  tables: number;
  functions: number;
}

async function snapshot(): Promise<Snapshot> {
  const { rows } = await server.db.query<Snapshot>(
    `SELECT (SELECT count(*) FROM reservations)::int AS reservations,
            (SELECT count(*) FROM pages)::int AS pages,
            (SELECT count(*) FROM pg_tables WHERE schemaname = 'public')::int AS tables,
            (SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
              WHERE n.nspname = 'public')::int AS functions`,
  );
  return rows[0] as Snapshot;
}

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['admin', 'viewer', 'mapper']) {
    tokens[name] = (await signIn(server.baseUrl, `${name}@bmtools.local`, name)).accessToken;
  }
  before = await snapshot();
  // The tests' demo, whole: every later snapshot must equal this one.
  expect(before).toMatchObject({ reservations: TEST_RESERVATIONS, pages: 160 });
});

afterAll(async () => {
  // Nothing any attack sent changed the data, the tables or the functions.
  expect(await snapshot()).toEqual(before);
});

type Params = Record<string, unknown>;

/** Query string of list parameters; non-strings are JSON-encoded as the client does. */
const qs = (params: Params): string =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [
      k,
      typeof v === 'string' ? v : JSON.stringify(v),
    ]),
  ).toString();

const auth = (who = 'admin') => ({ authorization: `Bearer ${tokens[who]}` });

const get = (path: string, who = 'admin') => fetch(`${server.baseUrl}${path}`, { headers: auth(who) });

async function expectError(response: Response, status: number, fragment?: string): Promise<string> {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(typeof body.message).toBe('string');
  for (const k of Object.keys(body)) expect(['message', 'code', 'errors']).toContain(k);
  if (fragment !== undefined) expect(body.message).toContain(fragment);
  return body.message as string;
}

const cond = (name: string, operation = 'eq', type = 'number', value: unknown = 1) => ({
  operation,
  name,
  type,
  value,
});

// Each case: label, list parameters, a fragment the 400 message must contain.
const LIST_ATTACKS: Array<[string, Params, string]> = [
  // Column names
  [
    'quote + DROP in a column name',
    { filters: cond('id"; DROP TABLE reservations; --') },
    'unknown column "id"; DROP TABLE reservations; --"',
  ],
  ['comment in a column name', { filters: cond('id/**/') }, 'unknown column "id/**/"'],
  ['qualified column', { filters: cond('t1.password') }, 'unknown column "t1.password"'],
  ['function call as column', { filters: cond('pg_sleep(5)') }, 'unknown column "pg_sleep(5)"'],
  ['__proto__ as column', { filters: cond('__proto__') }, 'unknown column "__proto__"'],
  ['constructor as column', { filters: cond('constructor') }, 'unknown column "constructor"'],
  [
    'a table column behind the view',
    { filters: cond('customer_name', 'eq', 'text', 'x') },
    'unknown column "customer_name"',
  ],
  ['NUL in a column name', { filters: cond('id\u0000') }, 'unknown column "id\u0000"'],
  ['subquery as column', { filters: cond('(SELECT 1)') }, 'unknown column "(SELECT 1)"'],
  // Operators
  ['operator like', { filters: cond('id', 'like') }, 'unknown operation "like" on id'],
  ['operator =', { filters: cond('id', '=') }, 'unknown operation "=" on id'],
  ['operator ; drop', { filters: cond('id', '; drop') }, 'unknown operation "; drop" on id'],
  ['operator in SQL', { filters: cond('id', '= 1 OR 1=1 --') }, 'unknown operation "= 1 OR 1=1 --"'],
  [
    'operator off the list for the column',
    { filters: cond('id', 'contains', 'number', '1') },
    'Operation contains does not apply to column id',
  ],
  // Types
  ['type decimal', { filters: cond('id', 'eq', 'decimal') }, 'unknown type "decimal" on id'],
  ['type with SQL', { filters: cond('id', 'eq', "text'); --") }, `unknown type "text'); --" on id`],
  ['type that does not fit', { filters: cond('id', 'eq', 'text') }, 'Type text does not fit column id'],
  // Values
  [
    'SQL in a number value',
    { filters: cond('id', 'eq', 'number', "'; DELETE FROM reservations; --") },
    'Filter on id: the value must be a whole number',
  ],
  [
    'SQL in a date value',
    { filters: cond('pickupDate', 'gt', 'date', "2024-01-01'; DELETE FROM reservations; --") },
    'Filter on pickupDate',
  ],
  [
    'SQL in a boolean value',
    { filters: cond('isActiveCustomer', 'eq', 'boolean', 'true OR 1=1') },
    'Filter on isActiveCustomer',
  ],
  [
    'NUL in a text value',
    { filters: cond('customerName', 'eq', 'text', 'Anna\u0000') },
    'Filter on customerName: the value contains a NUL character',
  ],
  ['NUL in an in-list', { filters: cond('status', 'in', 'text', ['pending', '\u0000']) }, 'NUL character'],
  [
    'object as a value',
    { filters: cond('customerName', 'eq', 'text', { $ne: '' }) },
    'Filter on customerName: eq takes one value',
  ],
  [
    'isnull with a value',
    { filters: cond('customerEmail', 'isnull', 'text', "' OR 1=1") },
    'isnull takes no value',
  ],
  [
    'in with a string',
    { filters: cond('id', 'in', 'number', '1) OR (1=1') },
    'Filter on id: in takes a list',
  ],
  [
    'between with SQL',
    { filters: cond('id', 'between', 'number', '1,2) OR (1=1') },
    'Filter on id: the value must be a whole number',
  ],
  [
    'between with three ends',
    { filters: cond('id', 'between', 'number', '1,2,3') },
    'between takes "from,to"',
  ],
  [
    'a value longer than 1,000 characters',
    { filters: cond('customerName', 'eq', 'text', 'x'.repeat(1001)) },
    'longer than 1000',
  ],
  // Structure
  ['filters that are not JSON', { filters: '1=1; DROP TABLE reservations; --' }, 'filters is not valid JSON'],
  [
    'an extra key in a condition',
    { filters: { ...cond('id'), sql: 'DROP TABLE reservations' } },
    'unknown key "sql"',
  ],
  [
    '__proto__ group',
    { filters: JSON.parse('{"__proto__":[{"name":"id"}]}') as unknown },
    'unknown key "__proto__"',
  ],
  ['nesting 9 levels', { filters: nest(9) }, 'nested deeper than 8 levels'],
  [
    'a column that may not be filtered',
    { filters: cond('isLocked', 'eq', 'boolean', true) },
    'column isLocked cannot be filtered',
  ],
  // Sort
  ['sort id;DROP=ASC', { sort: ['id;DROP=ASC'] }, 'sort: unknown column "id;DROP"'],
  ['sort id=ASC;', { sort: ['id=ASC;'] }, 'sort: "id=ASC;" is not "mapKey=ASC|DESC"'],
  ['sort with a subquery', { sort: ['(SELECT 1)=ASC'] }, 'sort: unknown column "(SELECT 1)"'],
  ['sort by position', { sort: ['1=ASC'] }, 'sort: unknown column "1"'],
  ['sort as text', { sort: 'id ASC; DROP TABLE reservations' }, 'sort is not valid JSON'],
  [
    'sort on a column that may not be sorted',
    { sort: ['dropoffLocation=DESC'] },
    'column dropoffLocation cannot be sorted',
  ],
  // Fields
  ['fields with a quote', { fields: ['id" FROM users; --'] }, 'fields: unknown column "id" FROM users; --"'],
  ['fields *', { fields: ['*'] }, 'fields: unknown column "*"'],
  [
    'fields with a subquery',
    { fields: ['(SELECT password FROM users)'] },
    'fields: unknown column "(SELECT password FROM users)"',
  ],
  ['fields as an object', { fields: { id: 1 } }, 'fields must be a JSON list of column names'],
  // Sources
  [
    'sqlViewName pg_user',
    { sqlViewName: 'pg_user' },
    'sqlViewName "pg_user" is not registered for Reservation',
  ],
  [
    'sqlViewName the base table',
    { sqlViewName: 'reservations' },
    'sqlViewName "reservations" is not registered',
  ],
  [
    'sqlViewName with a comment',
    { sqlViewName: 'v_reservations;--' },
    'sqlViewName "v_reservations;--" is not registered',
  ],
  ['sqlViewName of another entity', { sqlViewName: 'v_pages' }, 'sqlViewName "v_pages" is not registered'],
  [
    'databaseName postgres',
    { databaseName: 'postgres' },
    'databaseName "postgres" is not registered for Reservation',
  ],
  // Paging
  ['pageSize -1', { pageSize: '-1' }, 'pageSize must be a whole number'],
  ['pageSize 1e9', { pageSize: '1e9' }, 'pageSize must be a whole number'],
  ['pageSize abc', { pageSize: 'abc' }, 'pageSize must be a whole number'],
  ['pageSize 0', { pageSize: '0' }, 'pageSize must be between 1 and 1000'],
  ['pageSize 1001', { pageSize: '1001' }, 'pageSize must be between 1 and 1000'],
  ['pageSize with SQL', { pageSize: '10; DROP TABLE reservations' }, 'pageSize must be a whole number'],
  ['pageIndex -1', { pageIndex: '-1' }, 'pageIndex must be a whole number'],
  // Parameters
  ['an unknown parameter', { sqlQuery: 'SELECT * FROM users' }, 'Unknown query parameter "sqlQuery"'],
  ['a parameter named __proto__', { __proto__x: '1' }, 'Unknown query parameter "__proto__x"'],
];

function nest(levels: number): unknown {
  let node: unknown = cond('id');
  for (let i = 1; i < levels; i++) node = { and: [node] };
  return node;
}

describe('list criteria attacks over HTTP', () => {
  for (const path of ['/api/reservations', '/api/reservations/page-summarize']) {
    describe(path, () => {
      it.each(LIST_ATTACKS)('%s → 400', async (_label, params, fragment) => {
        await expectError(await get(`${path}?${qs(params)}`), 400, fragment);
      });
    });
  }

  it('refuses a parameter given twice', async () => {
    // The route's query schema already wants one string per parameter.
    await expectError(await get('/api/reservations?filters=%7B%7D&filters=%7B%7D'), 400, 'filters');
    await expectError(await get('/api/reservations?pageSize=10&pageSize=20'), 400, 'pageSize');
    await expectError(
      await get('/api/reservations?sqlViewName=v_reservations&sqlViewName=pg_user'),
      400,
      'sqlViewName',
    );
  });

  it('refuses a constructor query parameter and pollutes nothing with __proto__', async () => {
    await expectError(
      await get('/api/reservations?constructor=1'),
      400,
      'Unknown query parameter "constructor"',
    );
    // `__proto__` never reaches the criteria parser: the route's query schema drops it (a string
    // cannot become a prototype), so the list answers as if it were absent.
    const response = await get('/api/reservations?__proto__=1&pageSize=1');
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: unknown[] }).data).toHaveLength(1);
    const polluted = await get(
      `/api/reservations?${qs({ filters: JSON.parse('{"__proto__":{"and":[]}}') as unknown })}`,
    );
    await expectError(polluted, 400, 'unknown key "__proto__"');
    expect(({} as Record<string, unknown>).and).toBeUndefined();
  });

  it('binds SQL in a text value as data: it matches nothing and runs nothing', async () => {
    const response = await get(
      `/api/reservations?${qs({ filters: cond('customerName', 'eq', 'text', "'; DELETE FROM reservations; --") })}`,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: [],
      paging: { pageIndex: 0, pageSize: 20, hasMore: false },
    });
    const contains = await get(
      `/api/reservations?${qs({ filters: cond('customerName', 'contains', 'text', "%' OR '1'='1") })}`,
    );
    expect(((await contains.json()) as { data: unknown[] }).data).toEqual([]);
  });

  it('never sleeps on pg_sleep anywhere in the request', async () => {
    const started = Date.now();
    const response = await get(
      `/api/reservations?${qs({ filters: cond('customerName', 'eq', 'text', "x' || pg_sleep(5) || '"), sort: ['id=ASC'] })}`,
    );
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('inputs too large for an HTTP header (in-process)', () => {
  const inject = (params: Params) =>
    server.app.inject({ method: 'GET', url: `/api/reservations?${qs(params)}`, headers: auth() });

  async function expectInjected400(params: Params, fragment: string): Promise<void> {
    const response = await inject(params);
    expect(response.statusCode).toBe(400);
    const body = response.json() as { message: string };
    expect(body.message).toContain(fragment);
  }

  it('refuses an in list of 100,000 items', async () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => i + 1);
    await expectInjected400({ filters: cond('id', 'in', 'number', ids) }, 'filters is too long');
  });

  it('refuses an in list of 1,001 items and takes 1,000', async () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    await expectInjected400(
      { filters: cond('id', 'in', 'number', ids(1001)) },
      'more than 1000 items in the list',
    );
    const ok = await inject({
      filters: cond('id', 'in', 'number', ids(1000)),
      pageSize: '1000',
      fields: ['id'],
    });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as { data: unknown[] }).data).toHaveLength(1000);
  });

  it('refuses nesting 1,000 levels deep', async () => {
    await expectInjected400({ filters: nest(1000) }, 'filters are nested deeper than 8 levels');
  });

  it('refuses 201 conditions and takes 200', async () => {
    const many = (n: number) => ({
      or: Array.from({ length: n }, (_, i) => cond('id', 'eq', 'number', i + 1)),
    });
    await expectInjected400({ filters: many(201) }, 'filters hold more than 200 conditions');
    const ok = await inject({ filters: many(200), pageSize: '1000', fields: ['id'] });
    expect(ok.statusCode).toBe(200);
    expect((ok.json() as { data: unknown[] }).data).toHaveLength(200);
  });

  it('refuses a huge unknown column name and cuts it in the message', async () => {
    const response = await inject({ filters: cond(`id"; ${'x'.repeat(100_000)}`) });
    expect(response.statusCode).toBe(400);
    const { message } = response.json() as { message: string };
    expect(message).toContain('unknown column "id"; xxx');
    expect(message.length).toBeLessThan(200);
  });
});

describe('delete attacks', () => {
  let reservationId: number;
  let pageId: number;

  beforeAll(async () => {
    reservationId = (await server.db.query<{ id: number }>('SELECT min(id) AS id FROM reservations')).rows[0]
      ?.id as number;
    pageId = (await server.db.query<{ id: number }>('SELECT min(id) AS id FROM pages')).rows[0]?.id as number;
  });

  const exists = async (table: 'reservations' | 'pages', id: number) =>
    (await server.db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id])).rowCount === 1;

  const del = (path: string, body?: unknown, who: string | null = 'admin') =>
    fetch(`${server.baseUrl}${path}`, {
      method: 'DELETE',
      headers: {
        ...(who ? auth(who) : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
    });

  it.each([
    'pg_read_file',
    "public.pg_read_file('/etc/passwd')",
    'BM_RESERVATION_DELETE',
    '"bm_reservation_delete"',
    'bm_page_delete',
    'bm_reservation_delete; DROP TABLE reservations',
    ' bm_reservation_delete',
  ])('refuses storeProcedure %j on the reservations path', async (storeProcedure) => {
    const response = await del(`/api/reservations/${reservationId}`, {
      storeProcedure,
      values: [{ mapkey: 'id', value: reservationId }],
    });
    await expectError(
      response,
      400,
      `storeProcedure "${storeProcedure}" is not registered for Reservation delete`,
    );
    expect(await exists('reservations', reservationId)).toBe(true);
  });

  it.each([
    [{ databaseName: 'postgres' }, 'databaseName "postgres" is not registered'],
    [{ values: [{ mapkey: 'customerName', value: 'x' }] }, 'values: "customerName" is not a delete key'],
    [{ values: [{ mapkey: 'id; DROP TABLE x', value: 1 }] }, 'is not a delete key'],
    [{ values: [{ mapkey: 'id', value: '1 OR 1=1' }] }, 'values: id does not match the id in the path'],
    [{ storeProcedure: 42 }, 'Invalid delete body: storeProcedure'],
    [{ values: 'id=1' }, 'Invalid delete body: values'],
  ])('refuses the body %j', async (body, fragment) => {
    await expectError(await del(`/api/reservations/${reservationId}`, body), 400, fragment);
    expect(await exists('reservations', reservationId)).toBe(true);
  });

  it.each([
    ['1;DROP TABLE reservations', 'The id must be a whole number'],
    ['1 OR 1=1', 'The id must be a whole number'],
    ['-1', 'The id must be a whole number'],
    ['1e3', 'The id must be a whole number'],
  ])('refuses the path id %j', async (id, fragment) => {
    await expectError(await del(`/api/reservations/${encodeURIComponent(id)}`), 400, fragment);
  });

  it('refuses a sqlViewName or databaseName that is not registered', async () => {
    await expectError(
      await del(`/api/reservations/${reservationId}?sqlViewName=pg_user`),
      400,
      'sqlViewName "pg_user"',
    );
    await expectError(
      await del(`/api/reservations/${reservationId}?databaseName=postgres`),
      400,
      'databaseName "postgres"',
    );
    expect(await exists('reservations', reservationId)).toBe(true);
  });

  it('refuses the viewer (no Delete right) with 403', async () => {
    await expectError(
      await del(`/api/reservations/${reservationId}`, undefined, 'viewer'),
      403,
      'BMTools/Reservation/Delete',
    );
    await expectError(await del(`/api/pages/${pageId}`, undefined, 'viewer'), 403, 'BMTools/Page/Delete');
    expect(await exists('reservations', reservationId)).toBe(true);
    expect(await exists('pages', pageId)).toBe(true);
  });

  it('answers 401 without a token', async () => {
    await expectError(await del(`/api/reservations/${reservationId}`, undefined, null), 401);
    expect(await exists('reservations', reservationId)).toBe(true);
  });
});

describe('access', () => {
  it('refuses the mapper (no Page rights) listing pages with 403', async () => {
    await expectError(await get('/api/pages', 'mapper'), 403, 'BMTools/Page/List');
    await expectError(await get('/api/pages/page-summarize', 'mapper'), 403, 'BMTools/Page/List');
  });

  // Product bug (uncommitted change in list-service.ts/list-routes.ts, `checkedInQuery`): the list
  // call parses the criteria before checking the List right, so a caller without the right gets a
  // 400 that tells real column names from unknown ones instead of the 403. Remove `.fails` once fixed.
  it('refuses the mapper with 403 even when the criteria are bad', async () => {
    const attack = `?${qs({ filters: cond('nope', 'eq', 'text', 'x') })}`;
    await expectError(await get(`/api/pages${attack}`, 'mapper'), 403, 'BMTools/Page/List');
  });

  it('answers 401 without a token or with a bad one, before looking at the criteria', async () => {
    const attack = `?${qs({ filters: cond('id"; DROP TABLE reservations; --') })}`;
    for (const path of ['/api/reservations', '/api/reservations/page-summarize', '/api/pages']) {
      await expectError(await fetch(`${server.baseUrl}${path}${attack}`), 401);
      await expectError(
        await fetch(`${server.baseUrl}${path}${attack}`, {
          headers: { authorization: 'Bearer not.a.token' },
        }),
        401,
      );
    }
  });

  it('lets the viewer list but not the mapper', async () => {
    expect((await get('/api/pages?pageSize=1', 'viewer')).status).toBe(200);
  });
});

describe('after the attacks', () => {
  it('still answers normally', async () => {
    const response = await get(`/api/reservations?${qs({ pageSize: '5', sort: ['id=ASC'] })}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: Array<{ id: number }>; paging: unknown };
    expect(body.data).toHaveLength(5);
    expect(body.paging).toEqual({ pageIndex: 0, pageSize: 5, hasMore: true });
    const summary = await get('/api/reservations/page-summarize');
    expect(await summary.json()).toMatchObject({ totalItemsCount: TEST_RESERVATIONS, exact: true });
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });
});
