/**
 * The counts by state (migrations 1700000012000 and 1700000012010, docs/adr/0034-api-log-rollup.md):
 * payments by status and kind, each merchant table's records by mapping state. The triggers keep
 * them equal to the rows through the demo's bulk seed, inserts, updates (of the state, and of
 * anything else) and deletes; the dashboard panels they answer (payments by status, each mapping
 * progress bar, the locations still to map) give the very figures the rows give, and what they
 * cannot answer (a condition on another column, a sum) is answered from the rows.
 */
import { panelAggregateUrl } from '@bm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { dashboards } from '../catalog/dashboards.ts';
import { loadEntityRegistry } from '../src/catalog/entity-registry.ts';
import type { Queryable } from '../src/db/pool.ts';
import { type AggregateResult, runAggregate } from '../src/lists/aggregate-service.ts';
import { MERCHANT_TABLES } from '../src/lists/rollups.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

/** Rows of the count tables that differ from the rows' own counts (none when they are exact). */
async function drift(): Promise<number> {
  const differ = (counts: string, raw: string) =>
    `(SELECT count(*) FROM ((${raw} EXCEPT ${counts}) UNION ALL (${counts} EXCEPT ${raw})) d)`;
  const parts = [
    differ(
      'SELECT status, kind, payments FROM payment_counts WHERE payments <> 0',
      'SELECT status, kind, count(*) FROM payments GROUP BY 1, 2',
    ),
    ...MERCHANT_TABLES.map((t) =>
      differ(
        `SELECT map_status, records FROM ${t}_map_counts WHERE records <> 0`,
        `SELECT map_status, count(*) FROM ${t} GROUP BY 1`,
      ),
    ),
  ];
  const { rows } = await database.db.query<{ n: number }>(`SELECT (${parts.join(' + ')})::int AS n`);
  return rows[0]?.n ?? -1;
}

/** The pool, noting whether a statement read one of the count tables. */
function watched(): { db: Queryable; readCounts: () => boolean } {
  let read = false;
  const pool = database.db;
  const query = (text: string, values?: unknown[]) => {
    if (/"(payment_counts|merchant_\w+_map_counts)"/.test(text)) read = true;
    return pool.query(text, values);
  };
  const db = new Proxy(pool, {
    get: (target, name, receiver) => (name === 'query' ? query : Reflect.get(target, name, receiver)),
  });
  return { db, readCounts: () => read };
}

/** The aggregate of `api` with the counts and from the rows, and whether the counts were read. */
async function both(
  api: string,
  query: Readonly<Record<string, string | undefined>>,
): Promise<{ counted: AggregateResult; raw: AggregateResult; usedCounts: boolean }> {
  const entity = (await loadEntityRegistry(database.db)).byApi(api);
  if (!entity) throw new Error(`no ${api} in the catalogue`);
  const spy = watched();
  const who = { email: 'admin@bmtools.local' };
  const counted = await runAggregate(spy.db, entity, query, who);
  const raw = await runAggregate(database.db, entity, query, who, []);
  return { counted, raw, usedCounts: spy.readCounts() };
}

const queryOf = (url: string): Record<string, string> =>
  Object.fromEntries(new URL(url, 'http://x').searchParams);

describe('the counts by state', () => {
  it('equal the rows’ counts after the demo’s bulk seed, and through inserts, updates and deletes', async () => {
    const { rows } = await database.db.query<{ n: number }>(
      'SELECT (SELECT count(*) FROM payment_counts) + (SELECT count(*) FROM merchant_offices_map_counts) AS n',
    );
    expect(Number(rows[0]?.n)).toBeGreaterThan(0);
    expect(await drift()).toBe(0);

    // Payments: new ones, a status moved, an edit that moves nothing, some of the new ones removed.
    const { rows: top } = await database.db.query<{ id: number }>('SELECT max(id) AS id FROM payments');
    await database.db.query(
      `INSERT INTO payments (reservation_id, amount, currency, kind, status, method, paid_at)
       SELECT reservation_id, amount, currency, 'payment', 'authorized', method, NULL
         FROM payments WHERE kind = 'payment' AND method <> 'card' AND id % 9 = 0`,
    );
    await database.db.query(
      `UPDATE payments SET status = 'captured', paid_at = coalesce(paid_at, now())
        WHERE status = 'authorized' AND id % 2 = 0`,
    );
    await database.db.query(`UPDATE payments SET amount = amount WHERE id % 5 = 0`);
    await database.db.query('DELETE FROM payments WHERE id > $1 AND id % 2 = 1', [top[0]?.id]);
    // Merchant records: states moved both ways, renamed, new ones, some removed.
    for (const table of MERCHANT_TABLES) {
      await database.db.query(
        `UPDATE ${table} SET map_status = CASE WHEN id % 2 = 0 THEN 'blacklisted' ELSE 'disabled' END
          WHERE map_status = 'unmapped' AND id % 3 = 0`,
      );
      await database.db.query(
        `UPDATE ${table} SET map_status = 'unmapped' WHERE map_status = 'disabled' AND id % 2 = 1`,
      );
      await database.db.query(`UPDATE ${table} SET map_note = 'seen' WHERE id % 4 = 0`);
    }
    // Copies of a tenth of the locations, in every state, and half of them removed again.
    await database.db.query(
      `CREATE TEMP TABLE location_copies AS SELECT * FROM merchant_locations WHERE id % 10 = 0;
       UPDATE location_copies SET id = nextval(pg_get_serial_sequence('merchant_locations', 'id')),
                                  external_code = external_code || '-copy';
       INSERT INTO merchant_locations SELECT * FROM location_copies;
       DROP TABLE location_copies;`,
    );
    await database.db.query(
      `DELETE FROM merchant_locations WHERE external_code LIKE '%-copy' AND id % 2 = 0`,
    );
    expect(await drift()).toBe(0);
  });

  it('answer payments by status and every mapping progress bar as the rows do', async () => {
    const panels = dashboards()
      .flatMap((d) => d.panels)
      .filter((p) => p.id === 'payments-by-status' || p.kind === 'progress' || p.id === 'locations-to-do');
    expect(panels).toHaveLength(9);
    for (const panel of panels) {
      const url = panelAggregateUrl(panel, 'Europe/Madrid', {
        from: new Date(Date.now() - 30 * 86_400_000),
        to: new Date(),
      });
      const { counted, raw, usedCounts } = await both(panel.api, queryOf(url));
      expect(usedCounts, panel.id).toBe(true);
      expect(counted.groups.length, panel.id).toBeGreaterThan(0);
      expect(counted, panel.id).toEqual(raw);
    }
  });

  it('count one figure and with conditions on their states, and leave the rest to the rows', async () => {
    const states = JSON.stringify({
      and: [
        { operation: 'in', name: 'status', type: 'text', value: ['captured', 'refunded'] },
        { operation: 'eq', name: 'kind', type: 'text', value: 'payment' },
      ],
    });
    for (const query of [{}, { filters: states }, { groupBy: 'kind', filters: states }]) {
      const { counted, raw, usedCounts } = await both('/api/payments', query);
      expect(usedCounts, JSON.stringify(query)).toBe(true);
      expect(counted, JSON.stringify(query)).toEqual(raw);
    }
    const eur = JSON.stringify({ operation: 'eq', name: 'currency', type: 'text', value: 'EUR' });
    for (const query of [
      { groupBy: 'status', filters: eur },
      { measure: 'sum', field: 'amount', groupBy: 'status' },
    ]) {
      const { counted, raw, usedCounts } = await both('/api/payments', query);
      expect(usedCounts, JSON.stringify(query)).toBe(false);
      expect(counted).toEqual(raw);
    }
  });

  it('are emptied with their table', async () => {
    await database.db.query('TRUNCATE payments CASCADE');
    const { rows } = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_counts');
    expect(rows[0]?.n).toBe(0);
    const { counted, raw } = await both('/api/payments', { groupBy: 'status' });
    expect(counted).toEqual(raw);
    expect(counted.groups).toEqual([]);
  });
});
