/**
 * The names of an area's standard database objects: its list and record views and the procedures
 * its actions run. The manifest's own names win; an area with generated SQL gets `v_{table}`,
 * `v_{table}_record` and `bm_{table}_{save|delete|publish}`. The catalogue entry, the presets' row
 * actions and the generated SQL all name them from here, so they always agree.
 */
import type { EntityAction } from '@bm/contracts';
import type { EntityManifest } from '../areas/manifest.ts';

/** Names of the standard objects: the manifest's own, else the generated ones. */
export function objectNames(area: EntityManifest) {
  const table = area.table ?? '';
  const generated = area.sql === 'generated';
  const own = area.procedures ?? {};
  const pick = (name: keyof typeof own, action: EntityAction | null): string | undefined => {
    if (action && !area.actions.includes(action)) return undefined;
    return own[name] ?? (generated ? `bm_${table}_${name}` : undefined);
  };
  const saves = area.actions.some((a) => a === 'Create' || a === 'Edit' || a === 'BulkEdit');
  return {
    listView: area.views?.list ?? `v_${table}`,
    recordView: area.views?.record ?? `v_${table}_record`,
    save: saves ? pick('save', null) : undefined,
    delete: pick('delete', 'Delete'),
    publish: pick('publish', 'Publish'),
    setIsActiveCustomer: pick('setIsActiveCustomer', 'SetIsActiveCustomer'),
  };
}
