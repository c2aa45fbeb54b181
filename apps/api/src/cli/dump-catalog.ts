/**
 * `npm run catalog:dump`: prints everything the area index ships (routes, rights, roles, menu,
 * catalogue entries, default presets, lookups) as one JSON document with sorted keys, so a change
 * to a manifest or to the derivation can be reviewed as a diff of two dumps.
 */

import { deriveAppRoutes } from '../../catalog/app-routes.ts';
import { allRights } from '../../catalog/areas.ts';
import { DROPDOWNS } from '../../catalog/dropdowns.ts';
import { ENTITIES } from '../../catalog/entities/index.ts';
import { defaultMenu } from '../../catalog/menu.ts';
import { DEFAULT_PRESETS } from '../../catalog/presets/default-presets.ts';
import { ROLES } from '../../catalog/roles.ts';

const sortKeys = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  return value;
};
const byKey = <T>(items: readonly T[], key: (item: T) => string): T[] =>
  [...items].sort((a, b) => (key(a) < key(b) ? -1 : 1));

const dump = {
  routes: deriveAppRoutes(),
  rights: allRights().sort(),
  roles: ROLES.map((r) => ({ ...r, rights: [...r.rights].sort() })),
  menu: defaultMenu(),
  entities: byKey(ENTITIES, (e) => e.entity),
  presets: byKey(DEFAULT_PRESETS, (p) => p.rightName),
  dropdowns: byKey(DROPDOWNS, (d) => d.name),
};
process.stdout.write(`${JSON.stringify(sortKeys(dump), null, 1)}\n`);
