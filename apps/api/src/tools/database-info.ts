/**
 * What the database management page shows about our own PostgreSQL database, read from the
 * statistics views: databases and tables with their sizes, indexes with their use, the slowest
 * statements (when pg_stat_statements is loaded) and the backends of this database at work.
 */
import { ACTIVITY_QUERY_MAX, type DatabaseInfo } from '@bm/contracts';
import type pg from 'pg';
import type { Db } from '../db/pool.ts';

/** Most tables and indexes listed, largest first (a schema grown wild must not flood the page). */
const MAX_RELATIONS = 500;
const MAX_STATEMENTS = 25;

const STATEMENTS_HOW_TO =
  'pg_stat_statements is not loaded, so the slowest statements cannot be listed. To enable it, add ' +
  "it to shared_preload_libraries in postgresql.conf (shared_preload_libraries = 'pg_stat_statements'), " +
  'restart PostgreSQL, then run CREATE EXTENSION pg_stat_statements; in this database.';

async function statements(client: pg.PoolClient): Promise<DatabaseInfo['statements']> {
  const { rows } = await client.query<{ schema: string; loaded: boolean }>(
    `SELECT n.nspname AS schema,
            'pg_stat_statements' = ANY (string_to_array(replace(current_setting('shared_preload_libraries'), ' ', ''), ',')) AS loaded
       FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
      WHERE e.extname = 'pg_stat_statements'`,
  );
  const ext = rows[0];
  if (!ext?.loaded) return { available: false, note: STATEMENTS_HOW_TO, rows: [] };
  try {
    // A savepoint: a failing read (privileges) must not abort the rest of the answer.
    await client.query('SAVEPOINT statements');
    const result = await client.query<DatabaseInfo['statements']['rows'][number]>(
      `SELECT left(query, $1) AS query, calls, total_exec_time AS "totalMs", mean_exec_time AS "meanMs", rows
         FROM ${client.escapeIdentifier(ext.schema)}.pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        ORDER BY mean_exec_time DESC
        LIMIT $2`,
      [ACTIVITY_QUERY_MAX, MAX_STATEMENTS],
    );
    await client.query('RELEASE SAVEPOINT statements');
    return { available: true, rows: result.rows };
  } catch (error) {
    await client.query('ROLLBACK TO SAVEPOINT statements');
    return {
      available: false,
      note: `pg_stat_statements could not be read: ${(error as Error).message}`,
      rows: [],
    };
  }
}

export async function readDatabaseInfo(db: Db): Promise<DatabaseInfo> {
  const client = await db.connect();
  try {
    // One read-only transaction: the statistics snapshot is taken once, so the parts agree.
    await client.query('BEGIN READ ONLY');
    const head = await client.query<{ name: string; serverVersion: string }>(
      `SELECT current_database() AS name, current_setting('server_version') AS "serverVersion"`,
    );
    const databases = await client.query<DatabaseInfo['databases'][number]>(
      `SELECT datname AS name,
              CASE WHEN has_database_privilege(oid, 'CONNECT') THEN pg_database_size(oid) END AS "sizeBytes",
              datname = current_database() AS current
         FROM pg_database WHERE NOT datistemplate ORDER BY datname`,
    );
    const tables = await client.query<DatabaseInfo['tables'][number]>(
      `SELECT n.nspname AS schema, c.relname AS name, pg_total_relation_size(c.oid) AS "totalBytes",
              pg_relation_size(c.oid) AS "tableBytes", pg_indexes_size(c.oid) AS "indexBytes",
              CASE WHEN c.reltuples >= 0 THEN c.reltuples::bigint END AS "estimatedRows"
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'm')
          AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%'
        ORDER BY 3 DESC, 1, 2
        LIMIT $1`,
      [MAX_RELATIONS],
    );
    const indexes = await client.query<DatabaseInfo['indexes'][number]>(
      `SELECT s.schemaname AS schema, s.relname AS table, s.indexrelname AS name,
              pg_relation_size(s.indexrelid) AS "sizeBytes", s.idx_scan AS scans,
              pg_get_indexdef(s.indexrelid) AS definition
         FROM pg_stat_user_indexes s
        ORDER BY 4 DESC, 1, 2, 3
        LIMIT $1`,
      [MAX_RELATIONS],
    );
    const activity = await client.query<DatabaseInfo['activity'][number]>(
      `SELECT pid, usename AS user, application_name AS application, state,
              extract(epoch FROM clock_timestamp() - query_start)::float8 AS "durationSeconds",
              left(query, $1) AS query,
              CASE WHEN wait_event IS NOT NULL THEN wait_event_type || ': ' || wait_event END AS "waitEvent"
         FROM pg_stat_activity
        WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()
        ORDER BY state = 'active' DESC, query_start NULLS LAST, pid`,
      [ACTIVITY_QUERY_MAX],
    );
    const statementInfo = await statements(client);
    await client.query('COMMIT');
    const first = head.rows[0] ?? { name: '', serverVersion: '' };
    return {
      ...first,
      databases: databases.rows,
      tables: tables.rows,
      indexes: indexes.rows,
      statements: statementInfo,
      activity: activity.rows,
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
