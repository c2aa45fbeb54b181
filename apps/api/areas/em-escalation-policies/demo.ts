/**
 * Demo escalation policies, two per team: business hours (the team's first on-call engineer, the
 * second after 15 minutes, repeated once) and critical around the clock (first at once, second
 * after 10 minutes, the first duty manager after 30, repeated three times). Only enabled contacts
 * are named. Deterministic; runs only on an empty table.
 */
import type { Queryable } from '../manifest.ts';

export async function seedEscalationPolicies(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM em_escalation_policies');
  if ((rows[0]?.n ?? 0) > 0) return;
  await db.query(
    `WITH ranked AS (
       SELECT id, team, row_number() OVER (PARTITION BY team ORDER BY id) AS k
         FROM em_contacts WHERE enabled
     ), teams AS (
       SELECT team, max(id) FILTER (WHERE k = 1) AS first_id, max(id) FILTER (WHERE k = 2) AS second_id,
              max(id) FILTER (WHERE k = 3) AS third_id
         FROM ranked WHERE team <> 'Duty managers' GROUP BY team
     ), duty AS (
       SELECT min(id) AS id FROM em_contacts WHERE team = 'Duty managers' AND enabled
     )
     INSERT INTO em_escalation_policies (name, description, first_contact_id, second_contact_id,
       second_delay_minutes, third_contact_id, third_delay_minutes, repeat_count, enabled, created_by, updated_by)
     SELECT p.name, p.description, p.first_id, p.second_id, p.second_delay, p.third_id, p.third_delay,
            p.repeats, true, 'admin@bmtools.local', 'admin@bmtools.local'
       FROM (
         SELECT t.team || ' business hours' AS name,
                'Alerts the ' || t.team || ' on-call engineer, then a colleague' AS description,
                t.first_id, t.second_id, 15 AS second_delay, NULL::integer AS third_id,
                NULL::integer AS third_delay, 1 AS repeats
           FROM teams t
         UNION ALL
         SELECT t.team || ' critical 24/7',
                'Around the clock: the ' || t.team || ' on-call engineer, a colleague, then the duty manager',
                t.third_id, t.first_id, 10, d.id, 30, 3
           FROM teams t CROSS JOIN duty d
       ) p
      ORDER BY p.name`,
  );
}
