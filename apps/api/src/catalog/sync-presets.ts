/**
 * Brings the shipped default presets (catalog/presets/default-presets.ts) into the database by the
 * hash of their content, the rule the areas' generated SQL follows too (docs/adr/0025-one-sync-rule.md).
 * Part of `syncCatalog`, inside its transaction and after its advisory lock, so instances starting
 * together write each change once.
 *
 * Per shipped preset, against the newest `default` row of group 1 for its right (the row every
 * screen and every save's check reads):
 * - it records the hash of the shipped definition (`catalogue_hash`): nothing is written;
 * - it records no hash (written before hashes were) and its definition is the shipped one: its hash
 *   is recorded, and nothing else changes;
 * - anything else (no row, a changed catalogue, a row from before that differs): the shipped
 *   definition is inserted as the next version with its hash. No row is ever updated in place, so a
 *   screen that has a version open keeps it, and a version a person changed stays as they left it,
 *   as history below the catalogue's.
 * Presets of any other name or group (staff's own) are never read or written here.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { DefaultPresetSpec } from '../../catalog/presets/default-presets.ts';

/** The value as JSON with every object's keys sorted, so equal content always gives equal text. */
function canonicalJson(value: unknown): string {
  const sorted = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sorted);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([k, item]) => [k, sorted(item)]),
      );
    return v;
  };
  // Through JSON first, as the database stores it: undefined properties go, dates become text.
  return JSON.stringify(sorted(JSON.parse(JSON.stringify(value))));
}

/** The sha256 of a preset definition's canonical JSON: what `presets.catalogue_hash` records. */
export const presetHash = (definition: unknown): string =>
  createHash('sha256').update(canonicalJson(definition)).digest('hex');

interface NewestDefault {
  id: number;
  right_name: string;
  version: number;
  definition: unknown;
  catalogue_hash: string | null;
}

/** Applies the shipped presets that are new or changed; returns the rights given a new version. */
export async function syncDefaultPresets(
  client: pg.PoolClient,
  presets: readonly DefaultPresetSpec[],
): Promise<string[]> {
  const rights = presets.map((p) => p.rightName);
  // Two shipped presets of one right would each replace the other at every start.
  const twice = rights.filter((right, index) => rights.indexOf(right) !== index);
  if (twice.length > 0) throw new Error(`More than one shipped default preset for ${twice.join(', ')}`);

  const { rows } = await client.query<NewestDefault>(
    `SELECT DISTINCT ON (right_name) id, right_name, version, definition, catalogue_hash
       FROM presets WHERE name = 'default' AND preset_group_id = 1 AND right_name = ANY($1::text[])
      ORDER BY right_name, version DESC`,
    [rights],
  );
  const newest = new Map(rows.map((r) => [r.right_name, r]));
  const written: string[] = [];
  for (const preset of presets) {
    const hash = presetHash(preset.definition);
    const current = newest.get(preset.rightName);
    if (current?.catalogue_hash === hash) continue;
    if (current && current.catalogue_hash === null && presetHash(current.definition) === hash) {
      await client.query('UPDATE presets SET catalogue_hash = $2 WHERE id = $1', [current.id, hash]);
      continue;
    }
    await client.query(
      `INSERT INTO presets (name, right_name, preset_group_id, version, definition, created_by, catalogue_hash)
       VALUES ('default', $1, 1, $2, $3, 'catalogue', $4)`,
      [preset.rightName, (current?.version ?? 0) + 1, JSON.stringify(preset.definition), hash],
    );
    written.push(preset.rightName);
  }
  return written;
}
