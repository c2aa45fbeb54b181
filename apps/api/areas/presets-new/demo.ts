/**
 * Demo shared presets, so the preset editors have a team's own views to show beside the shipped
 * defaults: each is the latest default of its screen with a team's changes. Added once: only when
 * no shared group preset exists yet.
 */
import type { Queryable } from '../manifest.ts';

interface DemoPreset {
  name: string;
  group: 'Team' | 'Operations';
  right: string;
  /** Settings laid over the default's. */
  settings: Record<string, unknown>;
}

const DEMO: readonly DemoPreset[] = [
  {
    name: 'Fifty pages a screen',
    group: 'Team',
    right: 'BMTools/Page/List',
    settings: { pageItems: 50, paging: true, compactView: true },
  },
  {
    name: 'Newest reservations, compact',
    group: 'Operations',
    right: 'BMTools/Reservation/List',
    settings: { pageItems: 50, paging: true, compactView: true },
  },
  {
    name: 'Rules by country',
    group: 'Team',
    right: 'BMTools/ProductPlacement/List',
    settings: { pageItems: 20, paging: true, hideColumnToggle: true },
  },
];

export async function seedSharedPresets(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM presets WHERE owner_email IS NULL AND preset_group_id > 2`,
  );
  if ((rows[0]?.n ?? 0) > 0) return;
  for (const preset of DEMO) {
    await db.query(
      `INSERT INTO presets (name, right_name, preset_group_id, definition, created_by)
       SELECT $1, p.right_name, g.id,
              jsonb_set(p.definition, '{settings}', COALESCE(p.definition -> 'settings', '{}') || $4::jsonb),
              'admin@bmtools.local'
         FROM presets p, preset_groups g
        WHERE p.right_name = $3 AND p.name = 'default' AND p.preset_group_id = 1 AND g.name = $2
        ORDER BY p.version DESC LIMIT 1`,
      [preset.name, preset.group, preset.right, JSON.stringify(preset.settings)],
    );
  }
}
