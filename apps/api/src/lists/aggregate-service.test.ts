/**
 * A dashboard figure's count over more rows than a count should read, on a real database: answered
 * with the planner's estimate and flagged (`exact: false`, which the screen shows as "about"),
 * close to the true count; a selective filter, or a breakdown, is counted exactly. The limit is
 * the caller's here (the server's is 1,000,000 rows) so a table of this test's size crosses it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { EntitySpec } from '../../catalog/entity-spec.ts';
import { kindsTable } from '../../test/kinds-table.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Db } from '../db/pool.ts';
import { runAggregate } from './aggregate-service.ts';

let db: Db;
let entity: EntitySpec;
const TOTAL = 80_000;
const LIMIT = 50_000;
const who = { email: 'admin@bmtools.local' };
const rare = JSON.stringify({ operation: 'eq', name: 'kind', type: 'text', value: 'rare' });

beforeAll(async () => {
  db = (await createTestDatabase()).db;
  entity = await kindsTable(db, 'TallyItem', 'tally_items', TOTAL);
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
