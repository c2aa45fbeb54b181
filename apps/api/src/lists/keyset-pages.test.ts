/**
 * Keyset paging against OFFSET on a real database: for any order keyset paging serves (one column
 * with ties and NULLs, or the key alone, either direction), any filter, page size, page and boundary
 * stride, and after rows are inserted, updated and deleted between reads, a page is exactly the rows
 * and `hasMore` the OFFSET statement answers — and it is indeed read by key, not handed to OFFSET.
 */
import type { Row } from '@bm/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { col, type EntitySpec } from '../../catalog/entity-spec.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import { columnMap, parseListQuery, type QueryInput } from '../criteria/parse-criteria.ts';
import { listSql, type SqlGuard } from '../criteria/plan-sql.ts';
import { createPool, type Db } from '../db/pool.ts';
import { rightHeldSql } from '../users/users.ts';
import { clearKeysetCache, type KeysetOptions, keysetPage } from './keyset-pages.ts';
import { runList } from './list-service.ts';

const entity: EntitySpec = {
  entity: 'KeysetItem',
  api: '/api/keyset-items',
  rightPrefix: 'BMTools/KeysetItem',
  view: 'v_keyset_items',
  views: ['v_keyset_untracked', 'v_keyset_function'],
  dataSources: [],
  key: 'id',
  deleteKeys: ['id'],
  columns: [col('id', 'number'), col('score', 'number'), col('label', 'text'), col('at', 'datetime')],
  procedures: {},
};
const key = columnMap(entity).get('id') as (typeof entity.columns)[number];

let database: { db: Db };
let caller: { email: string; right: string };
let nextId = 1;

const LABELS = ['alpha', 'Alpha', 'beta', 'gamma', 'delta', null] as const;

/** A row with few distinct values (many ties) and NULLs in every sortable column but the key. */
const rowValues = (r: number) => [
  nextId++,
  r % 7 === 0 ? null : r % 5,
  LABELS[r % LABELS.length],
  r % 11 === 0 ? null : new Date(Date.UTC(2026, 0, 1 + (r % 4), 0, 0, 0, r % 3)).toISOString(),
];

async function insertRows(count: number, seed: number): Promise<void> {
  const values: unknown[] = [];
  const tuples: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = rowValues(seed + i * 13);
    tuples.push(
      `($${values.length + 1}::bigint, $${values.length + 2}::int, $${values.length + 3}, $${values.length + 4}::timestamptz)`,
    );
    values.push(...row);
  }
  await database.db.query(
    `INSERT INTO keyset_items (id, score, label, at) VALUES ${tuples.join(', ')}`,
    values,
  );
}

beforeAll(async () => {
  const created = await createTestDatabase();
  // Plans as on a large table: on 400 rows the planner would rather sort than walk an index, and keyset
  // paging (rightly) leaves a list it must sort to OFFSET.
  const name = new URL(created.url).pathname.slice(1);
  await created.db.query(
    `ALTER DATABASE "${name}" SET enable_seqscan = off; ALTER DATABASE "${name}" SET enable_bitmapscan = off; ALTER DATABASE "${name}" SET enable_sort = off`,
  );
  database = { db: createPool(created.url, 4) };
  await database.db.query(`
    CREATE TABLE keyset_items (id bigint PRIMARY KEY, score integer, label text, at timestamptz);
    CREATE INDEX ON keyset_items (score, id);
    CREATE INDEX ON keyset_items (label, id);
    CREATE INDEX ON keyset_items (at, id);
    CREATE TRIGGER list_track_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON keyset_items
      FOR EACH STATEMENT EXECUTE FUNCTION list_track_change();
    CREATE VIEW v_keyset_items AS SELECT id, score, label, at FROM keyset_items;
    CREATE TABLE keyset_untracked (id bigint PRIMARY KEY, score integer, label text, at timestamptz);
    CREATE VIEW v_keyset_untracked AS SELECT id, score, label, at FROM keyset_untracked;
    CREATE FUNCTION keyset_shifted(n integer) RETURNS integer LANGUAGE sql IMMUTABLE AS 'SELECT n + 1';
    CREATE VIEW v_keyset_function AS SELECT id, keyset_shifted(score) AS score, label, at FROM keyset_items;
  `);
  await insertRows(400, 0);
  await database.db.query('ANALYZE keyset_items');
  const { rows } = await database.db.query<{ right_name: string }>(
    `SELECT right_name FROM user_rights WHERE email = 'admin@bmtools.local' ORDER BY right_name LIMIT 1`,
  );
  caller = { email: 'admin@bmtools.local', right: rows[0]?.right_name as string };
});

/** What OFFSET answers for the same request, run directly. */
async function offsetAnswer(query: QueryInput): Promise<{ data: Row[]; hasMore: boolean }> {
  const request = parseListQuery(query, entity);
  const sql = listSql(request, key);
  const { rows } = await database.db.query<Row>(sql.text, sql.values);
  return { data: rows.slice(0, request.pageSize), hasMore: rows.length > request.pageSize };
}

const right: SqlGuard = (param) => rightHeldSql(param(caller.email, 'text'), param(caller.right, 'text'));
const readByKey = (query: QueryInput, options: KeysetOptions) =>
  keysetPage(
    database.db,
    { ...parseListQuery(query, entity), of: undefined },
    key,
    { right, owner: undefined, holdsRight: async () => true },
    options,
  );

const SORTS = [
  [],
  ['id=ASC'],
  ['id=DESC'],
  ['score=ASC'],
  ['score=DESC'],
  ['label=ASC'],
  ['label=DESC'],
  ['at=ASC'],
  ['at=DESC', 'id=DESC'],
];
const FILTERS = [
  undefined,
  { operation: 'gt', name: 'score', type: 'number', value: 1 },
  { operation: 'isnotnull', name: 'label', type: 'text' },
  {
    or: [
      { operation: 'eq', name: 'label', type: 'text', value: 'beta' },
      { operation: 'isnull', name: 'score', type: 'number' },
    ],
  },
];

const requestArb = fc.record({
  sort: fc.constantFrom(...SORTS),
  filter: fc.constantFrom(...FILTERS),
  pageSize: fc.integer({ min: 1, max: 40 }),
  page: fc.double({ min: 0, max: 1.1, noNaN: true }),
  stride: fc.integer({ min: 1, max: 17 }),
  fields: fc.constantFrom(undefined, ['id'], ['label']),
});

type Generated = typeof requestArb extends fc.Arbitrary<infer T> ? T : never;

/** The query of a generated request, its page placed at `page` (0…1.1) of the list's rows. */
async function queryOf(r: Generated): Promise<QueryInput> {
  const base: QueryInput = { sort: JSON.stringify(r.sort), pageSize: String(r.pageSize) };
  if (r.filter) base.filters = JSON.stringify(r.filter);
  if (r.fields) base.fields = JSON.stringify(r.fields);
  const { rows } = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM keyset_items');
  const pages = Math.ceil((rows[0]?.n ?? 0) / r.pageSize);
  base.pageIndex = String(Math.floor(r.page * pages));
  return base;
}

afterAll(async () => {
  await database.db.end();
});

describe('keyset paging', () => {
  it('answers the rows OFFSET answers, with ties and NULLs, reading by key', async () => {
    await fc.assert(
      fc.asyncProperty(requestArb, async (r) => {
        const query = await queryOf(r);
        const options = { minOffset: 0, stride: r.stride, ttlMs: 60_000, churnMs: 30_000 };
        const byKey = await readByKey(query, options);
        const expected = await offsetAnswer(query);
        const pageSize = Number(query.pageSize);
        // Only the NULL-crossing union without the sort column in the page's columns goes to OFFSET.
        if (r.fields === undefined) expect(byKey).not.toBeNull();
        if (byKey) {
          expect(byKey.slice(0, pageSize)).toEqual(expected.data);
          expect(byKey.length > pageSize).toBe(expected.hasMore);
        }
        const listed = await runList(database.db, entity, query, caller, {}, options);
        expect(listed.data).toEqual(expected.data);
        expect(listed.paging.hasMore).toBe(expected.hasMore);
      }),
      { numRuns: 250 },
    );
  }, 180_000);

  it('stays exact while rows are inserted, updated and deleted between reads', async () => {
    let seed = 10_000;
    await fc.assert(
      fc.asyncProperty(
        requestArb,
        fc.constantFrom('insert', 'delete', 'update', 'none'),
        async (r, change) => {
          const query = await queryOf(r);
          // churnMs 0: a change however soon after the read is not taken for a busy table.
          const options = { minOffset: 0, stride: r.stride, ttlMs: 60_000, churnMs: 0 };
          // Read once so the boundaries are cached, change the table, read again.
          await runList(database.db, entity, query, caller, {}, options);
          seed += 1000;
          if (change === 'insert') await insertRows(7, seed);
          if (change === 'delete')
            await database.db.query(
              'DELETE FROM keyset_items WHERE id IN (SELECT id FROM keyset_items ORDER BY md5(id::text || $1) LIMIT 5)',
              [String(seed)],
            );
          if (change === 'update')
            await database.db.query(
              `UPDATE keyset_items SET score = CASE WHEN score IS NULL THEN 4 ELSE NULL END, label = 'beta'
                WHERE id IN (SELECT id FROM keyset_items ORDER BY md5(id::text || $1) LIMIT 5)`,
              [String(seed)],
            );
          const listed = await runList(database.db, entity, query, caller, {}, options);
          const expected = await offsetAnswer(query);
          expect(listed.data).toEqual(expected.data);
          expect(listed.paging.hasMore).toBe(expected.hasMore);
          // Once read again, the boundaries serve pages by key.
          if (r.fields === undefined) expect(await readByKey(query, options)).not.toBeNull();
        },
      ),
      { numRuns: 80 },
    );
  }, 180_000);

  it('sends a list whose tables change right after its boundaries are read to OFFSET, still exact', async () => {
    clearKeysetCache();
    const query: QueryInput = { sort: JSON.stringify(['score=DESC']), pageSize: '5', pageIndex: '3' };
    const options = { minOffset: 0, stride: 4, ttlMs: 60_000, churnMs: 60_000 };
    await runList(database.db, entity, query, caller, {}, options);
    expect(await readByKey(query, options)).not.toBeNull();
    await insertRows(3, 90_000);
    // Stale within churnMs: this read is answered by OFFSET, and so are the next ones.
    const listed = await runList(database.db, entity, query, caller, {}, options);
    expect(listed.data).toEqual((await offsetAnswer(query)).data);
    expect(await readByKey(query, options)).toBeNull();
    expect((await runList(database.db, entity, query, caller, {}, options)).data).toEqual(
      (await offsetAnswer(query)).data,
    );
  });

  it('reads the last page backwards-equal to OFFSET at the default options past the first 2,000 rows', async () => {
    clearKeysetCache();
    await insertRows(2_500, 50_000);
    await database.db.query('ANALYZE keyset_items');
    const { rows } = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM keyset_items');
    const n = rows[0]?.n as number;
    for (const sort of [['score=DESC'], ['label=ASC'], ['id=ASC']]) {
      const query = {
        sort: JSON.stringify(sort),
        pageSize: '20',
        pageIndex: String(Math.floor((n - 1) / 20)),
      };
      const listed = await runList(database.db, entity, query, caller);
      expect(listed.data).toEqual((await offsetAnswer(query)).data);
      expect(listed.data.length).toBe(n % 20 || 20);
      expect(listed.paging.hasMore).toBe(false);
    }
  });

  it('leaves a list over an untracked table or a function of ours, a shallow page and an order of several columns to OFFSET', async () => {
    const options = { minOffset: 40, stride: 10, ttlMs: 60_000, churnMs: 30_000 };
    await database.db.query('INSERT INTO keyset_untracked SELECT * FROM keyset_items');
    const deep = { sort: JSON.stringify(['score=ASC']), pageSize: '10', pageIndex: '9' };
    expect(await readByKey({ ...deep, sqlViewName: 'v_keyset_untracked' }, options)).toBeNull();
    // A function of our own in the view might read tables its dependencies do not name.
    expect(await readByKey({ ...deep, sqlViewName: 'v_keyset_function' }, options)).toBeNull();
    expect(await readByKey({ ...deep, pageIndex: '3' }, options)).toBeNull();
    expect(
      await readByKey({ ...deep, sort: JSON.stringify(['score=ASC', 'label=ASC']) }, options),
    ).toBeNull();
    expect(await readByKey(deep, options)).not.toBeNull();
    const listed = await runList(
      database.db,
      entity,
      { ...deep, sqlViewName: 'v_keyset_untracked' },
      caller,
      {},
      options,
    );
    expect(listed.data).toEqual((await offsetAnswer({ ...deep, sqlViewName: 'v_keyset_untracked' })).data);
  });

  it('refuses a caller without the right, without reading boundaries', async () => {
    const stranger = { email: 'nobody@example.com', right: caller.right };
    const query = { sort: JSON.stringify(['score=ASC']), pageSize: '10', pageIndex: '30' };
    await expect(runList(database.db, entity, query, stranger)).rejects.toMatchObject({ statusCode: 403 });
  });

  it('keeps a table change number through folding', async () => {
    const number = async () =>
      (
        await database.db.query<{ n: string }>(
          `SELECT list_change_number(ARRAY['keyset_items']::regclass[])::text AS n`,
        )
      ).rows[0]?.n;
    const before = Number(await number());
    await insertRows(1, 90_000);
    await database.db.query('DELETE FROM keyset_items WHERE id = $1', [nextId - 1]);
    expect(Number(await number())).toBe(before + 2);
    await database.db.query(`SELECT list_changes_fold('keyset_items')`);
    expect(Number(await number())).toBe(before + 2);
    const { rows } = await database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM list_changes WHERE relation = 'keyset_items'::regclass`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
