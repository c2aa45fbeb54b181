/**
 * What the database management page shows about our own PostgreSQL database, read from the
 * statistics views: databases and tables with their sizes, indexes with their use, the slowest
 * statements (when pg_stat_statements is loaded), the backends of this database at work, and the
 * sign-in locks in force.
 *
 * Statement text is shown in full only to those who may cancel statements (CancelQuery): another
 * tool's statements may carry passwords or customer data in their literals. Everyone else with the
 * page's right sees the text of the console's own backends only (our pool's application name and
 * database user), whose values travel as parameters; for other backends, and for every slowest
 * statement (pg_stat_statements cannot tell which application ran it), the text is withheld
 * (`query` null, `queryHidden` true). A foreign session that names itself as ours under our
 * database user would show its text: only a holder of our database credentials can do that.
 */
import { ACTIVITY_QUERY_MAX, type DatabaseInfo } from '@bm/contracts';
import type pg from 'pg';
import { currentLocks, SUSTAINED_LOCKS } from '../auth/login-limit.ts';
import { APPLICATION_NAME, type Db } from '../db/pool.ts';

/** What the caller may see of statement text: all of it (the cancel right), or our own only. */
export interface StatementTextAccess {
  allStatements: boolean;
}

/** Most tables and indexes listed, largest first (a schema grown wild must not flood the page). */
const MAX_RELATIONS = 500;
const MAX_STATEMENTS = 25;

const STATEMENTS_HOW_TO =
  'pg_stat_statements is not loaded, so the slowest statements cannot be listed. To enable it, add ' +
  "it to shared_preload_libraries in postgresql.conf (shared_preload_libraries = 'pg_stat_statements'), " +
  'restart PostgreSQL, then run CREATE EXTENSION pg_stat_statements; in this database.';

async function statements(
  client: pg.PoolClient,
  { allStatements }: StatementTextAccess,
): Promise<DatabaseInfo['statements']> {
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
      `SELECT CASE WHEN $3 THEN left(query, $1) END AS query, NOT $3 AS "queryHidden",
              calls, total_exec_time AS "totalMs", mean_exec_time AS "meanMs", rows
         FROM ${client.escapeIdentifier(ext.schema)}.pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        ORDER BY mean_exec_time DESC
        LIMIT $2`,
      [ACTIVITY_QUERY_MAX, MAX_STATEMENTS, allStatements],
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

export async function readDatabaseInfo(db: Db, access: StatementTextAccess): Promise<DatabaseInfo> {
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
              CASE WHEN shown THEN left(query, $1) END AS query, NOT shown AS "queryHidden",
              CASE WHEN wait_event IS NOT NULL THEN wait_event_type || ': ' || wait_event END AS "waitEvent"
         FROM pg_stat_activity,
              LATERAL (SELECT $2::boolean OR (application_name = $3 AND usename = current_user) AS shown) s
        WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()
        ORDER BY state = 'active' DESC, query_start NULLS LAST, pid`,
      [ACTIVITY_QUERY_MAX, access.allStatements, APPLICATION_NAME],
    );
    const statementInfo = await statements(client, access);
    const locks = await currentLocks(client);
    await client.query('COMMIT');
    const first = head.rows[0] ?? { name: '', serverVersion: '' };
    return {
      ...first,
      databases: databases.rows,
      tables: tables.rows,
      indexes: indexes.rows,
      statements: statementInfo,
      activity: activity.rows,
      signInLocks: { sustainedLocks: SUSTAINED_LOCKS, rows: locks },
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
