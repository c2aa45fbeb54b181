/**
 * Brings the shipped dashboards (catalog/dashboards.ts) into the database by the hash of their
 * content (title and panels), the rule the default presets and the generated SQL follow too
 * (docs/adr/0025-one-sync-rule.md). Part of `syncCatalog`, inside its transaction and lock.
 *
 * Per shipped dashboard, against its row:
 * - no row: it is written, with the hash;
 * - the row records the shipped content's hash: nothing is written;
 * - the row's content still hashes to the hash it records (nobody edited it) and the catalogue
 *   changed it: the new content is written over it, its version raised;
 * - the row was edited by staff (its content no longer hashes to what it records): it stays as
 *   staff left it; "Put back as shipped" in the editor brings the catalogue's again.
 * Dashboards made by staff (no shipped counterpart) are never touched.
 */
import type { PanelSpec } from '@bm/contracts';
import type pg from 'pg';
import type { SHIPPED_DASHBOARDS } from '../../catalog/dashboards.ts';
import { presetHash } from './sync-presets.ts';

type ShippedDashboards = typeof SHIPPED_DASHBOARDS;

/** The hash of a dashboard's content, as `dashboards.shipped_hash` records it. */
export const dashboardHash = (title: string, panels: readonly PanelSpec[]): string =>
  presetHash({ title, panels });

/** Writes the shipped dashboards that are new or changed; returns the ids written. */
export async function syncDashboards(client: pg.PoolClient, shipped: ShippedDashboards): Promise<string[]> {
  const { rows } = await client.query<{
    id: string;
    title: string;
    panels: PanelSpec[];
    shipped_hash: string | null;
  }>('SELECT id, title, panels, shipped_hash FROM dashboards WHERE id = ANY($1::text[])', [
    shipped.map((d) => d.id),
  ]);
  const stored = new Map(rows.map((r) => [r.id, r]));
  const written: string[] = [];
  for (const [position, d] of shipped.entries()) {
    const hash = dashboardHash(d.title, d.panels);
    const row = stored.get(d.id);
    if (!row) {
      await client.query(
        'INSERT INTO dashboards (id, title, position, panels, shipped_hash) VALUES ($1, $2, $3, $4, $5)',
        [d.id, d.title, position, JSON.stringify(d.panels), hash],
      );
      written.push(d.id);
      continue;
    }
    if (row.shipped_hash === hash) continue;
    const editedByStaff =
      row.shipped_hash === null || dashboardHash(row.title, row.panels) !== row.shipped_hash;
    if (editedByStaff) continue;
    await client.query(
      `UPDATE dashboards SET title = $2, panels = $3, shipped_hash = $4, version = version + 1,
              updated_by = 'catalogue', updated_at = now()
        WHERE id = $1`,
      [d.id, d.title, JSON.stringify(d.panels), hash],
    );
    written.push(d.id);
  }
  return written;
}
