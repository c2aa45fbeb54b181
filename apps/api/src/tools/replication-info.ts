/**
 * What the replication page shows: the replicas streaming from this server and their lag, the
 * replication slots, publications and subscriptions. Each part is read on its own (a savepoint
 * each): a part the database account may not read answers its error, the others still show.
 */
import type { ReplicationInfo } from '@bm/contracts';
import type pg from 'pg';
import type { Db } from '../db/pool.ts';
import type { ReadRoutingStatus } from '../db/read-replicas.ts';

type Section<K extends 'replicas' | 'slots' | 'publications' | 'subscriptions'> = ReplicationInfo[K];
type RowOf<K extends 'replicas' | 'slots' | 'publications' | 'subscriptions'> = Section<K>['rows'][number];

async function readSection<K extends 'replicas' | 'slots' | 'publications' | 'subscriptions'>(
  client: pg.PoolClient,
  name: K,
  sql: string,
): Promise<Section<K>> {
  await client.query(`SAVEPOINT ${name}`);
  try {
    const { rows } = await client.query<RowOf<K>>(sql);
    await client.query(`RELEASE SAVEPOINT ${name}`);
    return { rows } as Section<K>;
  } catch (error) {
    await client.query(`ROLLBACK TO SAVEPOINT ${name}`);
    return { rows: [], error: (error as Error).message } as Section<K>;
  }
}

// The WAL position lag is measured against: our own on a primary, the replayed one on a standby.
const HERE_LSN = 'CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_lsn() END';

const ALONE_SUMMARY =
  'This server has no replicas, replication slots, publications or subscriptions: it runs alone, ' +
  'so there is no replication to watch.';

/**
 * `routing`: this instance's read replicas (db/read-replicas.ts), as its last checks found them;
 * they are shown beside what the primary says of the replicas streaming from it.
 */
export async function readReplicationInfo(db: Db, routing: ReadRoutingStatus): Promise<ReplicationInfo> {
  const client = await db.connect();
  try {
    await client.query('BEGIN READ ONLY');
    const role = await client.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby');
    const replicas = await readSection(
      client,
      'replicas',
      `SELECT pid, application_name AS application, host(client_addr) AS "clientAddr", state,
              sync_state AS "syncState", sent_lsn::text AS "sentLsn", replay_lsn::text AS "replayLsn",
              pg_wal_lsn_diff(sent_lsn, replay_lsn)::float8 AS "replayLagBytes",
              extract(epoch FROM write_lag)::float8 AS "writeLagSeconds",
              extract(epoch FROM flush_lag)::float8 AS "flushLagSeconds",
              extract(epoch FROM replay_lag)::float8 AS "replayLagSeconds"
         FROM pg_stat_replication ORDER BY application_name, pid`,
    );
    const slots = await readSection(
      client,
      'slots',
      `SELECT slot_name AS name, slot_type AS type, plugin, database, active,
              restart_lsn::text AS "restartLsn",
              pg_wal_lsn_diff(${HERE_LSN}, restart_lsn)::float8 AS "retainedBytes",
              wal_status AS "walStatus"
         FROM pg_replication_slots ORDER BY slot_name`,
    );
    const publications = await readSection(
      client,
      'publications',
      `SELECT p.pubname AS name, p.puballtables AS "allTables",
              (SELECT count(*)::int FROM pg_publication_tables t WHERE t.pubname = p.pubname) AS tables,
              concat_ws(', ', CASE WHEN p.pubinsert THEN 'insert' END, CASE WHEN p.pubupdate THEN 'update' END,
                        CASE WHEN p.pubdelete THEN 'delete' END, CASE WHEN p.pubtruncate THEN 'truncate' END)
                AS operations
         FROM pg_publication p ORDER BY p.pubname`,
    );
    // Never subconninfo: it may hold the publisher's password.
    const subscriptions = await readSection(
      client,
      'subscriptions',
      `SELECT s.subname AS name, s.subenabled AS enabled, s.subpublications AS publications,
              (SELECT max(st.last_msg_receipt_time)::text FROM pg_stat_subscription st WHERE st.subid = s.oid)
                AS "lastMessageAt"
         FROM pg_subscription s
        WHERE s.subdbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        ORDER BY s.subname`,
    );
    await client.query('COMMIT');
    const parts = [replicas, slots, publications, subscriptions];
    const alone = parts.every((p) => p.rows.length === 0 && !p.error);
    const standby = role.rows[0]?.standby === true;
    return {
      role: standby ? 'standby' : 'primary',
      alone,
      summary: alone
        ? ALONE_SUMMARY
        : `This server is a ${standby ? 'standby' : 'primary'} with ${replicas.rows.length} streaming replica(s), ` +
          `${slots.rows.length} slot(s), ${publications.rows.length} publication(s) and ` +
          `${subscriptions.rows.length} subscription(s).`,
      replicas,
      slots,
      publications,
      subscriptions,
      readReplicas: {
        maxLagMs: routing.maxLagMs,
        primaryReads: routing.primaryReads,
        rows: routing.replicas,
      },
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
