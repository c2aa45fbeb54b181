/**
 * What a caller may do with preset groups: flags per group from the caller's roles; 'personal' is
 * always fully permitted; the system group (1) is never offered for writing.
 */
import { PERSONAL_PRESET_GROUP, type PresetGroup, SYSTEM_PRESET_GROUP_ID } from '@bm/contracts';
import type { Queryable } from '../db/pool.ts';

export async function groupsFor(db: Queryable, email: string): Promise<PresetGroup[]> {
  const { rows } = await db.query<PresetGroup>(
    `SELECT g.id, g.name,
            g.name = $2 OR coalesce(bool_or(r.can_read), false) AS read,
            g.name = $2 OR coalesce(bool_or(r.can_write), false) AS write,
            g.name = $2 OR coalesce(bool_or(r.can_edit), false) AS edit,
            g.name = $2 OR coalesce(bool_or(r.can_delete), false) AS delete
       FROM preset_groups g
       LEFT JOIN (preset_group_rights r
                  JOIN user_roles ur ON ur.role_id = r.role_id
                  JOIN users u ON u.id = ur.user_id AND u.email = $1 AND NOT u.disabled)
              ON r.group_id = g.id
      WHERE g.id <> $3
      GROUP BY g.id ORDER BY g.id`,
    [email, PERSONAL_PRESET_GROUP, SYSTEM_PRESET_GROUP_ID],
  );
  return rows.filter((g) => g.read);
}
