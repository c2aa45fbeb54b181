/**
 * page-summarize's rule on a real database: a filter the planner expects to match more than 50,000
 * rows is answered with its estimate (`exact: false`, close to the true count), a smaller one is
 * counted exactly; the estimate is planned once and reused, while exact counts follow every change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntitySpec } from '../../catalog/entity-spec.ts';
import { kindsTable } from '../../test/kinds-table.ts';
import { createTestDatabase } from '../../test/test-database.ts';
import type { Db } from '../db/pool.ts';
import { clearEstimateCache, runPageSummary } from './list-service.ts';

let db: Db;
let entity: EntitySpec;
const TOTAL = 80_000;

beforeAll(async () => {
  db = (await createTestDatabase()).db;
  entity = await kindsTable(db, 'SummaryItem', 'summary_items', TOTAL);
});

afterAll(() => clearEstimateCache());

const summary = (filters?: object) =>
  runPageSummary(
    db,
    entity,
    filters ? { filters: JSON.stringify(filters), pageSize: '100' } : { pageSize: '100' },
    {
      email: 'admin@bmtools.local',
    },
  );

describe('page-summarize', () => {
  it('estimates a large count and says so', async () => {
    for (const filters of [undefined, { operation: 'eq', name: 'kind', type: 'text', value: 'common' }]) {
      const answer = await summary(filters);
      const truth = filters ? TOTAL - TOTAL / 100 : TOTAL;
      expect(answer.exact).toBe(false);
      expect(Math.abs(answer.totalItemsCount - truth) / truth).toBeLessThan(0.1);
      expect(answer.totalPages).toBe(Math.ceil(answer.totalItemsCount / 100));
    }
  });

  it('counts a small one exactly, after every change', async () => {
    const rare = { operation: 'eq', name: 'kind', type: 'text', value: 'rare' };
    expect(await summary(rare)).toEqual({
      totalItemsCount: TOTAL / 100,
      totalPages: TOTAL / 100 / 100,
      pageIndex: 0,
      pageSize: 100,
      exact: true,
    });
    await db.query(`UPDATE summary_items SET kind = 'rare' WHERE id IN (1, 2, 3)`);
    expect((await summary(rare)).totalItemsCount).toBe(TOTAL / 100 + 3);
  });
});
