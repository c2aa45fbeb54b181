/**
 * Brings the database in line with the area index and the catalogue files on every start: the
 * areas' generated SQL (catalog/area-sql.ts) and journal triggers (catalog/journal.ts), rights,
 * roles and their rights, the main menu (created from the default menu, or given the catalogue
 * entries it has never been offered: src/menu/sync-menu.ts), the entity catalogue, preset groups
 * and the shipped default presets (a new version whenever their content changed: sync-presets.ts) and
 * dashboards (sync-dashboards.ts).
 * Idempotent, one transaction, so concurrent instances starting together converge on the same rows.
 */

import { allAreaSql } from '../../catalog/area-sql.ts';
import { allRights } from '../../catalog/areas.ts';
import { SHIPPED_DASHBOARDS } from '../../catalog/dashboards.ts';
import { journalTriggers } from '../../catalog/journal.ts';
import { defaultMenu, MAIN_MENU_ID, MAIN_MENU_NAME } from '../../catalog/menu.ts';
import { DEFAULT_PRESETS, type DefaultPresetSpec } from '../../catalog/presets/default-presets.ts';
import { ROLES } from '../../catalog/roles.ts';
import { type Db, withTransaction } from '../db/pool.ts';
import { syncMenu } from '../menu/sync-menu.ts';
import { applyAreaSql } from './apply-area-sql.ts';
import { syncDashboards } from './sync-dashboards.ts';
import { syncEntities } from './sync-entities.ts';
import { syncDefaultPresets } from './sync-presets.ts';

/**
 * `presets` and `shipped`: the shipped default presets and dashboards (the catalogue's; a test
 * passes a changed catalogue).
 */
export async function syncCatalog(
  db: Db,
  presets: readonly DefaultPresetSpec[] = DEFAULT_PRESETS,
  shipped: typeof SHIPPED_DASHBOARDS = SHIPPED_DASHBOARDS,
): Promise<void> {
  await withTransaction(db, async (client) => {
    // Serialise concurrent starts; released at commit.
    await client.query('SELECT pg_advisory_xact_lock(7246001)');
    const rights = allRights();
    await client.query('INSERT INTO rights (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING', [
      rights,
    ]);
    await client.query('DELETE FROM rights WHERE NOT (name = ANY($1::text[]))', [rights]);
    for (const role of ROLES) {
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO roles (name, description) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET description = EXCLUDED.description RETURNING id`,
        [role.name, role.description],
      );
      const roleId = rows[0]?.id;
      await client.query('DELETE FROM role_rights WHERE role_id = $1', [roleId]);
      await client.query(
        `INSERT INTO role_rights (role_id, right_id)
         SELECT $1, id FROM rights WHERE name = ANY($2::text[])`,
        [roleId, role.rights],
      );
    }
    // The generated views and procedures of the areas that use them, and the record journal's
    // triggers, re-created when their text changed.
    await applyAreaSql(client, [...allAreaSql(), ...journalTriggers()]);
    await syncMenu(client, { id: MAIN_MENU_ID, name: MAIN_MENU_NAME }, defaultMenu());
    await syncEntities(client);
    await syncDefaultPresets(client, presets);
    await syncDashboards(client, shipped);
  });
}
