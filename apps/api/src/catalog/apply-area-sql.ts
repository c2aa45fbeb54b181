/**
 * Creates an area's generated views and procedures (catalog/area-sql.ts) in the database, repeatably: each
 * object's statement is hashed (sha256) and recorded in `area_sql`; an object whose hash is recorded
 * and which still exists is left untouched, every other one is (re-)created and its hash recorded.
 *
 * - A view is dropped and created again, so a changed field list may remove or reorder columns
 *   (CREATE OR REPLACE VIEW may only add columns at the end). A view something else depends on
 *   is not dropped with it: the DROP fails and the caller's transaction with it, loudly.
 * - A trigger (the record journal's, catalog/journal.ts) is replaced in place: its `sql` is
 *   CREATE OR REPLACE TRIGGER, named after its table.
 * - A procedure is replaced in place (its `sql` is CREATE OR REPLACE FUNCTION): the signature is
 *   always `(vals jsonb, actor text) RETURNS jsonb`, so only the body changes, and replacing keeps
 *   its owner, grants and identity, and a call running in another session is never without it.
 *   Only an existing function of that name and argument types with other parameter names or
 *   another result (e.g. a hand-written one the area used before) is dropped first, since
 *   PostgreSQL cannot replace those.
 *
 * It runs inside the caller's transaction, which holds the start-up advisory lock, so concurrent
 * starts apply each change once and a failure leaves nothing half-applied.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { SqlObject } from '../../catalog/area-sql.ts';
import { quoteIdent } from '../../catalog/identifiers.ts';

const hashOf = (sql: string) => createHash('sha256').update(sql).digest('hex');

/** Applies the objects that are new, changed or missing; returns their names, in the given order. */
export async function applyAreaSql(client: pg.PoolClient, objects: readonly SqlObject[]): Promise<string[]> {
  if (objects.length === 0) return [];
  const { rows } = await client.query<{ name: string; hash: string | null; present: boolean }>(
    `SELECT o.name, a.hash,
            CASE o.kind WHEN 'view' THEN to_regclass(quote_ident(o.name)) IS NOT NULL
                        WHEN 'trigger' THEN EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgname = o.name)
                        ELSE to_regprocedure(quote_ident(o.name) || '(jsonb, text)') IS NOT NULL END AS present
       FROM unnest($1::text[], $2::text[]) AS o (name, kind)
       LEFT JOIN area_sql a ON a.name = o.name`,
    [objects.map((o) => o.name), objects.map((o) => o.kind)],
  );
  const stored = new Map(rows.map((r) => [r.name, r]));
  const applied: string[] = [];
  for (const object of objects) {
    const hash = hashOf(object.sql);
    const before = stored.get(object.name);
    if (before?.present && before.hash === hash) continue;
    const name = quoteIdent(object.name);
    if (object.kind === 'view') {
      await client.query(`DROP VIEW IF EXISTS ${name}`);
    } else if (object.kind === 'function' && before?.present) {
      const { rows: existing } = await client.query<{ args: string[] | null; result: string }>(
        `SELECT proargnames AS args, pg_get_function_result(oid) AS result
           FROM pg_proc WHERE oid = to_regprocedure($1)`,
        [`${name}(jsonb, text)`],
      );
      const current = existing[0];
      if (current && (current.args?.join(',') !== 'vals,actor' || current.result !== 'jsonb')) {
        await client.query(`DROP FUNCTION ${name}(jsonb, text)`);
      }
    }
    await client.query(object.sql);
    await client.query(
      `INSERT INTO area_sql (name, kind, hash) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET kind = EXCLUDED.kind, hash = EXCLUDED.hash, applied_at = now()`,
      [object.name, object.kind, hash],
    );
    applied.push(object.name);
  }
  return applied;
}
