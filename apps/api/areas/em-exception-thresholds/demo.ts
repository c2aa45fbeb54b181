/**
 * Demo thresholds: most exceptions that are not ignored get a medium one (a handful within five
 * minutes) through their own policy, and production's busier ones a critical one too (many within a
 * quarter of an hour) through their team's critical policy. About one exception in eight has none
 * yet. Deterministic; runs only on an empty table.
 */
import type { Queryable } from '../manifest.ts';

export async function seedExceptionThresholds(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM em_exception_thresholds');
  if ((rows[0]?.n ?? 0) > 0) return;
  await db.query(
    `INSERT INTO em_exception_thresholds (exception_id, window_minutes, max_occurrences, severity,
       escalation_policy_id, enabled, created_by, updated_by)
     SELECT e.id, l.window_minutes, l.max_occurrences, l.severity,
            coalesce(CASE WHEN l.severity = 'critical' THEN crit.id END, e.escalation_policy_id, biz.id),
            e.status <> 'resolved' OR e.id % 2 = 0, 'admin@bmtools.local', 'admin@bmtools.local'
       FROM em_exceptions e
       JOIN em_applications a ON a.id = e.application_id
       JOIN em_escalation_policies biz ON biz.name = a.owning_team || ' business hours'
       JOIN em_escalation_policies crit ON crit.name = a.owning_team || ' critical 24/7'
      CROSS JOIN LATERAL (
        VALUES ('medium', 5, 5 + (e.id * 7) % 20),
               ('critical', 15, CASE WHEN a.environment = 'production' AND e.occurrences > 10000
                                     THEN 100 + (e.id * 13) % 400 END)
      ) AS l (severity, window_minutes, max_occurrences)
      WHERE e.status <> 'ignored' AND e.id % 8 <> 3 AND l.max_occurrences IS NOT NULL
      ORDER BY e.id, l.window_minutes`,
  );
}
