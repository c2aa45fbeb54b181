/**
 * Migrations that shipped as one file and were later split into several, so that each area's
 * tables are created in the area's own folder and the shared mapping engine only by platform
 * migrations. A database that ran the old file has, in effect, run the new ones: before the runner
 * reads the history, the old name is replaced by the new names in its place — the same run time, and ids right after the old one's (later entries move up), so
 * the history reads, in the runner's order (run time, then id), as if the new files had always
 * been there. The new files together create exactly what the old one did.
 */
import type pg from 'pg';

export const SPLIT_MIGRATIONS: Readonly<Record<string, readonly string[]>> = {
  // Pages, reservations and the shared presets' record SQL, until November 2026 one platform file.
  '1700000002000_pages-and-reservations': [
    '1700000002000_pages',
    '1700000002010_reservations',
    '1700000002020_preset-records',
  ],
  // The pages' and the presets' delete procedures taking a bigint id, each now in its area's folder.
  '1700000003000_delete-ids-bigint': [
    '1700000003000_page-delete-ids-bigint',
    '1700000003010_preset-delete-ids-bigint',
  ],
  // The first record forms (pages, interceptions, presets, reservations) and the languages.
  '1700000004000_forms': [
    '1700000004000_page-form',
    '1700000004010_interceptions',
    '1700000004020_preset-form',
    '1700000004030_reservation-form',
    '1700000004040_languages',
  ],
  // The price-comparison catalogue, until November 2026 one file of the price-watch locations area.
  '1700000009700_catalogue': [
    '1700000009620_pricewatch-locations',
    '1700000009625_pricewatch-suppliers',
    '1700000009630_pricewatch-car-classes',
    '1700000009635_pricewatch-cars',
    '1700000009640_pricewatch-options',
    '1700000009645_pricewatch-included-items',
    '1700000009650_pricewatch-offices',
    '1700000009655_location-keywords',
    '1700000009660_merchant-feeds',
    '1700000009665_merchant-locations',
    '1700000009670_merchant-suppliers',
    '1700000009675_merchant-car-classes',
    '1700000009680_merchant-cars',
    '1700000009685_merchant-options',
    '1700000009690_merchant-included-items',
    '1700000009695_merchant-offices',
  ],
  // The insurance area's first migration, which also generalised the mapping engine's targets and
  // added the customer reservations' map kind: each now in the folder that owns it.
  '1700000010400_insurance': [
    '1700000010390_map-targets',
    '1700000010395_customer-reservation-mapping',
    '1700000010400_insurance-policies',
  ],
  // The evidence column for the pick-up places' (mapping engine) and the policies' map candidates.
  '1700000010901_insurance-map-evidence': [
    '1700000010901_pickup-map-evidence',
    '1700000010902_insurance-candidate-evidence',
  ],
};

/** Rewrites the history of `client`'s database for every split migration it ran; one transaction. */
export async function rewriteSplitHistory(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ present: boolean }>(
    "SELECT to_regclass('pgmigrations') IS NOT NULL AS present",
  );
  if (!rows[0]?.present) return;
  await client.query('BEGIN');
  try {
    // Instances starting together rewrite one after the other; the later finds nothing to do.
    await client.query('LOCK TABLE pgmigrations IN EXCLUSIVE MODE');
    for (const [old, parts] of Object.entries(SPLIT_MIGRATIONS)) {
      const found = await client.query<{ id: number }>('SELECT id FROM pgmigrations WHERE name = $1', [old]);
      const id = found.rows[0]?.id;
      if (id === undefined) continue;
      const shift = parts.length - 1;
      // Ids are unique: move the later ones out of the way (negated), then to their new place.
      await client.query('UPDATE pgmigrations SET id = -id WHERE id > $1', [id]);
      await client.query('UPDATE pgmigrations SET id = -id + $2 WHERE id < 0 AND -id > $1', [id, shift]);
      await client.query('UPDATE pgmigrations SET name = $2 WHERE id = $1', [id, parts[0]]);
      await client.query(
        `INSERT INTO pgmigrations (id, name, run_on)
         SELECT $1::int + n, p.name, m.run_on
           FROM pgmigrations m, unnest($2::text[]) WITH ORDINALITY AS p(name, n)
          WHERE m.id = $1`,
        [id, parts.slice(1)],
      );
      await client.query(
        "SELECT setval(pg_get_serial_sequence('pgmigrations', 'id'), (SELECT max(id) FROM pgmigrations))",
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}
