/**
 * The named roles and the rights each holds, derived from the area catalogue; the
 * demo accounts (README) hold one each. The same roles serve real accounts created with `npm run users`.
 */
import { type EntityAction, EXPORT_RIGHT } from '@bm/contracts';

/** Every right of the Export entity (its List right is the one that sends an export). */
const EXPORT_ENTITY_PREFIX = EXPORT_RIGHT.slice(0, EXPORT_RIGHT.lastIndexOf('/') + 1);

import { AREAS, allRights, type EntityArea, entityRight, LOCATION_RIGHTS } from './areas.ts';

export interface RoleDefinition {
  name: string;
  description: string;
  rights: string[];
}

const entities = AREAS.filter((a): a is EntityArea => a.kind === 'entity');

function rightsOf(areas: readonly EntityArea[], actions: readonly EntityAction[]): string[] {
  return areas.flatMap((area) =>
    area.actions.filter((a) => actions.includes(a)).map((a) => entityRight(area, a)),
  );
}

const CONTENT = new Set([
  'Page',
  'Menu',
  'Interception',
  'InterceptionTrigger',
  'ProductPlacement',
  'LocationKeyword',
  'Review',
]);
const MAPPING_GROUPS = new Set(['Price-watch', 'Merchant']);

export const ROLES: readonly RoleDefinition[] = [
  { name: 'admin', description: 'Every right', rights: allRights() },
  {
    name: 'editor',
    description: 'List, view, create and edit content areas',
    rights: rightsOf(
      entities.filter((a) => CONTENT.has(a.entity)),
      ['List', 'View', 'Create', 'Edit'],
    ),
  },
  {
    name: 'mapper',
    description: 'List, view and map price-watch and merchant records; view locations',
    rights: [
      ...rightsOf(
        entities.filter((a) => MAPPING_GROUPS.has(a.group)),
        ['List', 'View', 'GetMap', 'Map'],
      ),
      'ViewLocation',
    ],
  },
  {
    name: 'viewer',
    description: 'Every list and view right and the view tool rights; nothing that changes data or exports',
    rights: [
      // Exports are the exporting roles' own files: the viewer, who may not export, sees none of them.
      ...rightsOf(entities, ['List', 'View']).filter((r) => !r.startsWith(EXPORT_ENTITY_PREFIX)),
      ...AREAS.flatMap((a) => (a.kind === 'tool' ? [a.right] : [])),
      LOCATION_RIGHTS[0],
    ],
  },
];

export const roleNames = (): string[] => ROLES.map((r) => r.name);
