/**
 * Reads and writes presets on behalf of a caller. The owner always comes from the token: a caller
 * sees the latest default of a right, their own state and personal presets, and presets of groups
 * they may read — nothing else exists for them (404), whatever ids they send.
 */
import {
  DEFAULT_PRESET_NAME,
  PERSONAL_PRESET_GROUP,
  type Preset,
  STATE_PRESET_NAME,
  SYSTEM_PRESET_GROUP_ID,
} from '@bm/contracts';
import type { Queryable } from '../db/pool.ts';

interface PresetRow {
  id: number;
  name: string;
  right_name: string;
  preset_group_id: number;
  group_name: string;
  owner_email: string | null;
  parent_id: number | null;
  version: number;
  latest: boolean;
  definition: unknown;
  total_item_count: number | null;
  in_use: boolean;
  saved_by_you: boolean;
}

export interface StoredPreset extends Preset {
  ownerEmail: string | null;
}

const VISIBLE = `
  WITH readable AS (
    SELECT g.id FROM preset_groups g
     WHERE g.name = $2
        OR EXISTS (SELECT 1 FROM preset_group_rights r
                     JOIN user_roles ur ON ur.role_id = r.role_id
                     JOIN users u ON u.id = ur.user_id
                    WHERE r.group_id = g.id AND r.can_read AND u.email = $1 AND NOT u.disabled)
  ), latest_default AS (
    SELECT DISTINCT ON (right_name) id FROM presets
     WHERE name = '${DEFAULT_PRESET_NAME}' AND preset_group_id = ${SYSTEM_PRESET_GROUP_ID}
     ORDER BY right_name, version DESC
  )
  SELECT p.id, p.name, p.right_name, p.preset_group_id, g.name AS group_name, p.owner_email, p.parent_id,
         p.version, p.definition, p.total_item_count, coalesce(p.created_by = $1, false) AS saved_by_you,
         (p.id IN (SELECT id FROM latest_default) OR p.name <> '${DEFAULT_PRESET_NAME}') AS latest,
         EXISTS (SELECT 1 FROM preset_in_use u WHERE u.user_email = $1 AND u.preset_id = p.id) AS in_use
    FROM presets p JOIN preset_groups g ON g.id = p.preset_group_id
   WHERE p.superseded_by IS NULL
     AND (p.id IN (SELECT id FROM latest_default)
          OR (p.owner_email = $1 AND (g.name = $2 OR (p.preset_group_id = ${SYSTEM_PRESET_GROUP_ID} AND p.name = '${STATE_PRESET_NAME}')))
          OR (p.owner_email IS NULL AND p.preset_group_id <> ${SYSTEM_PRESET_GROUP_ID} AND g.name <> $2
              AND p.preset_group_id IN (SELECT id FROM readable)))`;

function toPreset(row: PresetRow): StoredPreset {
  return {
    id: row.id,
    name: row.name,
    rightName: row.right_name,
    presetGroupId: row.preset_group_id,
    presetGroup: { id: row.preset_group_id, name: row.group_name },
    isInUse: row.in_use,
    latestVersion: row.latest,
    version: row.version,
    parentId: row.parent_id,
    totalItemCount: row.total_item_count,
    definition: JSON.stringify(row.definition),
    savedByYou: row.saved_by_you,
    ownerEmail: row.owner_email,
  };
}

/** Visible presets of the caller, for one right or all, with exactly one in use per right. */
export async function visiblePresets(
  db: Queryable,
  email: string,
  rightName?: string,
): Promise<StoredPreset[]> {
  const { rows } = await db.query<PresetRow>(
    `SELECT * FROM (${VISIBLE}) v WHERE $3::text IS NULL OR v.right_name = $3 ORDER BY v.right_name, v.preset_group_id, v.name, v.id`,
    [email, PERSONAL_PRESET_GROUP, rightName ?? null],
  );
  const presets = rows.map(toPreset);
  const byRight = new Map<string, StoredPreset[]>();
  for (const p of presets) byRight.set(p.rightName, [...(byRight.get(p.rightName) ?? []), p]);
  for (const list of byRight.values()) {
    if (!list.some((p) => p.isInUse)) {
      const fallback = list.find(
        (p) => p.name === DEFAULT_PRESET_NAME && p.presetGroupId === SYSTEM_PRESET_GROUP_ID,
      );
      if (fallback) fallback.isInUse = true;
    }
  }
  return presets;
}

export async function findVisible(
  db: Queryable,
  email: string,
  id: number,
): Promise<StoredPreset | undefined> {
  const { rows } = await db.query<PresetRow>(`SELECT * FROM (${VISIBLE}) v WHERE v.id = $3`, [
    email,
    PERSONAL_PRESET_GROUP,
    id,
  ]);
  return rows[0] ? toPreset(rows[0]) : undefined;
}

export async function latestDefault(
  db: Queryable,
  rightName: string,
): Promise<{ id: number; version: number } | undefined> {
  const { rows } = await db.query<{ id: number; version: number }>(
    `SELECT id, version FROM presets WHERE name = $1 AND preset_group_id = $2 AND right_name = $3
      ORDER BY version DESC LIMIT 1`,
    [DEFAULT_PRESET_NAME, SYSTEM_PRESET_GROUP_ID, rightName],
  );
  return rows[0];
}

export async function setInUse(
  db: Queryable,
  email: string,
  rightName: string,
  presetId: number,
): Promise<void> {
  await db.query(
    `INSERT INTO preset_in_use (user_email, right_name, preset_id) VALUES ($1, $2, $3)
     ON CONFLICT (user_email, right_name) DO UPDATE SET preset_id = EXCLUDED.preset_id`,
    [email, rightName, presetId],
  );
}
