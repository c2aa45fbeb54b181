/**
 * The catalogue entries, derived from the area manifests: per area with fields, what its list and
 * record endpoints may read and run (list view, columns with their type and filter/sort flags,
 * record view, keys, procedures). The start-up sync stores them (src/catalog/sync-entities.ts) and
 * the server reads them back as its registry; a request never names anything outside them.
 */
import { AREA_INDEX } from '../../areas/index.ts';
import type { EntityManifest } from '../../areas/manifest.ts';
import type { EntitySpec, EntityAction as ProcedureAction } from '../entity-spec.ts';
import { objectNames } from '../object-names.ts';
import { referenceIdFields } from '../relations.ts';

/**
 * The keys of the fields the list's search looks in. A searchable field must be a `text` field of
 * the list view (the search is a case-insensitive "contains" on its column); any other stops the
 * derivation, naming the field.
 */
export function searchKeysOf(area: EntityManifest): string[] {
  const keys: string[] = [];
  for (const field of area.fields ?? []) {
    if (!field.searchable) continue;
    if (field.type !== 'text') {
      throw new Error(
        `${area.entity}: searchable field ${field.key} must be of type text, not ${field.type}`,
      );
    }
    if (field.list === false) {
      throw new Error(`${area.entity}: searchable field ${field.key} is not in the list`);
    }
    keys.push(field.key);
  }
  return keys;
}

/** The catalogue entry, or none for an area that has no fields yet. */
export function entitySpecOf(area: EntityManifest): EntitySpec | undefined {
  if (!area.fields) return undefined;
  const names = objectNames(area);
  const procedures: Partial<Record<ProcedureAction, string>> = {};
  if (names.delete) procedures.delete = names.delete;
  if (names.save && area.actions.includes('Create')) procedures.create = names.save;
  if (names.save && area.actions.includes('Edit')) procedures.update = names.save;
  if (names.save && area.actions.includes('BulkEdit')) procedures.bulkupdate = names.save;
  if (names.publish) procedures.publish = names.publish;
  if (names.setIsActiveCustomer) procedures.setIsActiveCustomer = names.setIsActiveCustomer;
  const listed = area.fields.filter((f) => f.list !== false);
  const formed = area.fields.filter((f) => f.form !== undefined);
  const search = searchKeysOf(area);
  return {
    entity: area.entity,
    singular: area.singular,
    api: area.api,
    rightPrefix: `BMTools/${area.entity}`,
    ...(area.rightOverrides ? { rights: { ...area.rightOverrides } } : {}),
    view: names.listView,
    views: [names.listView],
    dataSources: ['main'],
    key: 'id',
    deleteKeys: ['id'],
    columns: [
      ...listed.map((f) => {
        const list = f.list === false ? {} : (f.list ?? {});
        return { name: f.key, type: f.type, filterable: list.filter ?? true, sortable: list.sort ?? true };
      }),
      // The id a referring field shows the name of: the other record's related list filters on it.
      ...(area.sql === 'generated' ? referenceIdFields(area) : []).map((f) => ({
        name: f.idKey as string,
        type: 'number' as const,
        filterable: true,
        sortable: true,
      })),
    ],
    procedures,
    ...(formed.length > 0 ? { record: { view: names.recordView, views: [names.recordView] } } : {}),
    ...(area.bulkPath ? { bulkPath: area.bulkPath } : {}),
    ...(area.owner ? { owner: area.owner } : {}),
    ...(search.length > 0 ? { search } : {}),
  };
}

/** Every entity with a catalogue entry: the area modules that have fields. */
export const ENTITIES: readonly EntitySpec[] = AREA_INDEX.flatMap((area) => {
  const spec = area.kind === 'entity' ? entitySpecOf(area) : undefined;
  return spec ? [spec] : [];
});

/** One entity's catalogue entry by its right segment (`Page`); throws for an unknown one. */
export function catalogEntry(entity: string): EntitySpec {
  const spec = ENTITIES.find((e) => e.entity === entity);
  if (!spec) throw new Error(`No catalogue entry for ${entity}`);
  return spec;
}
