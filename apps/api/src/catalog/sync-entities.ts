/**
 * Syncs the entity catalogue and the preset groups with their role rights from the catalogue files
 * into the database (part of `syncCatalog`, inside its transaction; the shipped default presets
 * follow in sync-presets.ts).
 */
import type pg from 'pg';
import { ENTITIES } from '../../catalog/entities/index.ts';
import { PRESET_GROUPS } from '../../catalog/presets/preset-groups.ts';

export async function syncEntities(client: pg.PoolClient): Promise<void> {
  for (const entity of ENTITIES) {
    await client.query(
      `INSERT INTO entity_catalog (entity, api_path, right_prefix, spec) VALUES ($1, $2, $3, $4)
       ON CONFLICT (entity) DO UPDATE SET api_path = EXCLUDED.api_path, right_prefix = EXCLUDED.right_prefix,
         spec = EXCLUDED.spec, updated_at = now()`,
      [entity.entity, entity.api, entity.rightPrefix, JSON.stringify(entity)],
    );
  }
  await client.query('DELETE FROM entity_catalog WHERE NOT (entity = ANY($1::text[]))', [
    ENTITIES.map((e) => e.entity),
  ]);

  for (const group of PRESET_GROUPS) {
    await client.query(
      'INSERT INTO preset_groups (id, name) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name',
      [group.id, group.name],
    );
    await client.query('DELETE FROM preset_group_rights WHERE group_id = $1', [group.id]);
    for (const [role, r] of Object.entries(group.rights)) {
      await client.query(
        `INSERT INTO preset_group_rights (group_id, role_id, can_read, can_write, can_edit, can_delete)
         SELECT $1, id, $3, $4, $5, $6 FROM roles WHERE name = $2`,
        [group.id, role, r.read ?? false, r.write ?? false, r.edit ?? false, r.delete ?? false],
      );
    }
  }
}
