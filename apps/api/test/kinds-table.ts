/**
 * A list over a table of its own for the count tests: `total` rows, one in a hundred of kind 'rare'
 * and the rest 'common', behind a view, analysed so the planner's estimates hold; and the entity
 * spec of that list.
 */
import { col, type EntitySpec } from '../catalog/entity-spec.ts';
import type { Db } from '../src/db/pool.ts';

export async function kindsTable(db: Db, entity: string, table: string, total: number): Promise<EntitySpec> {
  await db.query(`
    CREATE TABLE ${table} (id bigint PRIMARY KEY, kind text NOT NULL);
    INSERT INTO ${table} SELECT g, CASE WHEN g % 100 = 0 THEN 'rare' ELSE 'common' END
      FROM generate_series(1, ${total}) AS g;
    CREATE VIEW v_${table} AS SELECT id, kind FROM ${table};
    ANALYZE ${table};
  `);
  return {
    entity,
    api: `/api/${table.replace(/_/g, '-')}`,
    rightPrefix: `BMTools/${entity}`,
    view: `v_${table}`,
    views: [],
    dataSources: [],
    key: 'id',
    deleteKeys: ['id'],
    columns: [col('id', 'number'), col('kind', 'text')],
    procedures: {},
  };
}
