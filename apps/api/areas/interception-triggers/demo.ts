/** One demo trigger per interception (on page view). Runs only on an empty table. */
import type { Queryable } from '../manifest.ts';

export async function seedInterceptionTriggers(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM interception_triggers');
  if ((rows[0]?.n ?? 0) > 0) return;
  await db.query(
    `INSERT INTO interception_triggers (interception_id, name, event, selector, delay_ms, updated_by)
     SELECT id, name || ' on load', 'pageview', '', 0, 'admin@bmtools.local' FROM interceptions ORDER BY id`,
  );
}
