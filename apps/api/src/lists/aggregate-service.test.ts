/**
 * A dashboard figure's count over more rows than a count should read, on a real database: answered
 * with the planner's estimate and flagged (`exact: false`, which the screen shows as "about"),
 * close to the true count; a selective filter, or a breakdown, is counted exactly. The limit is
 * the caller's here (the server's is 1,000,000 rows) so a table of this test's size crosses it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { col, type EntitySpec } from '../../catalog/entity-spec.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Db } from '../db/pool.ts';
import { runAggregate } from './aggregate-service.ts';

const entity: EntitySpec = {
  entity: 'TallyItem',
  api: '/api/tally-items',
  rightPrefix: 'BMTools/TallyItem',
  view: 'v_tally_items',
  views: [],
  dataSources: [],
  key: 'id',
  deleteKeys: ['id'],
  columns: [col('id', 'number'), col('kind', 'text')],
  procedures: {},
};

let db: Db;
const TOTAL = 80_000;
const LIMIT = 50_000;
const who = { email: 'admin@bmtools.local' };
const rare = JSON.stringify({ operation: 'eq', name: 'kind', type: 'text', value: 'rare' });

beforeAll(async () => {
  db = (await createTestDatabase()).db;
  await db.query(`
    CREATE TABLE tally_items (id bigint PRIMARY KEY, kind text NOT NULL);
    INSERT INTO tally_items SELECT g, CASE WHEN g % 100 = 0 THEN 'rare' ELSE 'common' END
      FROM generate_series(1, ${TOTAL}) AS g;
    CREATE VIEW v_tally_items AS SELECT id, kind FROM tally_items;
    ANALYZE tally_items;
  `);
});

const count = (query: Record<string, string>) =>
  runAggregate(db, entity, { measure: 'count', ...query }, who, [], LIMIT);

describe('a dashboard count over a large list', () => {
  it('answers the estimate and says so', async () => {
    const answer = await count({});
    expect(answer.exact).toBe(false);
    const value = Number(answer.groups[0]?.value);
    expect(Math.abs(value - TOTAL) / TOTAL).toBeLessThan(0.1);
  });

  it('counts a selective filter and a breakdown exactly', async () => {
    expect(await count({ filters: rare })).toMatchObject({
      exact: true,
      groups: [{ key: null, value: TOTAL / 100 }],
    });
    const byKind = await count({ groupBy: 'kind' });
    expect(byKind.exact).toBe(true);
    expect(Object.fromEntries(byKind.groups.map((g) => [g.key, Number(g.value)]))).toEqual({
      common: TOTAL - TOTAL / 100,
      rare: TOTAL / 100,
    });
  });

  it('counts exactly below the limit', async () => {
    const answer = await runAggregate(db, entity, { measure: 'count' }, who, []);
    expect(answer).toMatchObject({ exact: true, groups: [{ key: null, value: TOTAL }] });
  });
});
