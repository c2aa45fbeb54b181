/**
 * Cancels the running query of one backend of our own database with pg_cancel_backend (the query
 * fails with 57014; the session stays), and records who asked, when, the pid, the query text and the
 * result in `query_cancellations`. Refused: a pid that is no backend (404), a backend of another
 * database, a background process, or the connection doing the cancelling (400).
 */
import type { CancelQueryResult } from '@bm/contracts';
import type { Db } from '../db/pool.ts';
import { HttpError } from '../http/http-error.ts';

/** Longest query text the audit keeps. */
const AUDIT_QUERY_MAX = 10_000;

interface Target {
  database: string | null;
  backendType: string | null;
  user: string | null;
  query: string | null;
  own: boolean;
  isOurs: boolean;
}

export async function cancelQuery(db: Db, pid: number, actor: string): Promise<CancelQueryResult> {
  const client = await db.connect();
  try {
    // Looked up and signalled on the same connection, so "our own connection" is this one.
    const { rows } = await client.query<Target>(
      `SELECT datname AS database, backend_type AS "backendType", usename AS user,
              left(query, $2) AS query, pid = pg_backend_pid() AS own, datname = current_database() AS "isOurs"
         FROM pg_stat_activity WHERE pid = $1`,
      [pid, AUDIT_QUERY_MAX],
    );
    const target = rows[0];
    if (!target) throw new HttpError(404, `No backend has pid ${pid}`);
    const refuse = (why: string) => new HttpError(400, why, { pid: why });
    if (target.own) throw refuse('This is the connection doing the cancelling');
    if (!target.isOurs) throw refuse(`Backend ${pid} is not connected to this database`);
    if (target.backendType !== 'client backend') throw refuse(`Backend ${pid} is not a client connection`);

    let result: string;
    let cancelled = false;
    try {
      const signal = await client.query<{ ok: boolean }>('SELECT pg_cancel_backend($1) AS ok', [pid]);
      cancelled = signal.rows[0]?.ok === true;
      result = cancelled ? 'cancelled' : 'not signalled';
    } catch (error) {
      // Missing privilege (42501: the backend belongs to a role ours may not signal).
      result = `refused: ${(error as Error).message}`;
    }
    await client.query(
      `INSERT INTO query_cancellations (cancelled_by, pid, database_name, backend_user, query, result)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [actor, pid, target.database ?? '', target.user, target.query ?? '', result],
    );
    return {
      cancelled,
      message: cancelled ? `Cancel sent to backend ${pid}` : `Backend ${pid} was not cancelled (${result})`,
    };
  } finally {
    client.release();
  }
}
