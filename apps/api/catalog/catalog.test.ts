/**
 * The catalogue files agree with each other: every entity's rights exist, every shipped preset
 * points at a registered source, lists only registered columns, and names only registered
 * procedures. A mistake here would otherwise surface as a 400 in front of a user.
 */

import { describe, expect, it } from 'vitest';
import { allRights } from './areas.ts';
import { DROPDOWNS } from './dropdowns.ts';
import { ENTITIES } from './entities/index.ts';
import { entityRight } from './entity-spec.ts';
import { MAP_LISTS } from './map-lists.ts';
import { DEFAULT_PRESETS } from './presets/default-presets.ts';

const rights = new Set(allRights());
const byApi = new Map(ENTITIES.map((e) => [e.api, e]));
// Map lists are read by their own routes (src/mapping), each running its kind's procedure.
const mapLists = new Map(MAP_LISTS.map((l) => [l.entity.api, l]));

describe('the catalogue', () => {
  it.each(ENTITIES.map((e) => [e.entity, e] as const))('%s has its rights', (_name, entity) => {
    expect(rights.has(entityRight(entity, 'List'))).toBe(true);
    if (entity.procedures.delete) expect(rights.has(entityRight(entity, 'Delete'))).toBe(true);
    if (entity.procedures.create) expect(rights.has(entityRight(entity, 'Create'))).toBe(true);
    if (entity.procedures.update) expect(rights.has(entityRight(entity, 'Edit'))).toBe(true);
    if (entity.procedures.publish) expect(rights.has(entityRight(entity, 'Publish'))).toBe(true);
  });

  it.each(DEFAULT_PRESETS.map((p) => [p.rightName, p] as const))(
    'the default preset of %s fits its entity',
    (right, preset) => {
      expect(rights.has(right)).toBe(true);
      const source = preset.definition.source ?? '';
      const entity = byApi.get(source) ?? mapLists.get(source)?.entity;
      expect(entity, `source ${preset.definition.source}`).toBeDefined();
      if (!entity) return;
      expect(
        right.startsWith(`${entity.rightPrefix}/`) || Object.values(entity.rights ?? {}).includes(right),
      ).toBe(true);
      const mapList = mapLists.get(source);
      const registered = new Set([
        ...Object.values(entity.procedures),
        ...(mapList ? [mapList.procedure] : []),
      ]);
      for (const action of preset.definition.rowActions) {
        if (action.storedProcedure)
          expect(registered.has(action.storedProcedure), action.storedProcedure).toBe(true);
      }
      for (const action of Object.values(preset.definition.actions)) {
        if (action.storedProcedure)
          expect(registered.has(action.storedProcedure), action.storedProcedure).toBe(true);
      }
      if (right.endsWith('/List')) {
        const columns = new Map(entity.columns.map((c) => [c.name, c]));
        for (const column of preset.definition.definition) {
          const known = columns.get(column.mapKey);
          expect(known, column.mapKey).toBeDefined();
          // The grid offers sorting on every column, and filtering where the preset says so.
          expect(known?.sortable, `${column.mapKey} sortable`).toBe(true);
          if (column.filterable) expect(known?.filterable, `${column.mapKey} filterable`).toBe(true);
        }
        expect(preset.definition.definition.some((c) => c.delete)).toBe(Boolean(entity.procedures.delete));
      }
    },
  );

  it.each(DROPDOWNS.map((d) => [d.name, d] as const))(
    'the lookup %s declares rights that exist',
    (_name, lookup) => {
      expect(lookup.rights.length).toBeGreaterThan(0);
      for (const right of lookup.rights) expect(rights.has(right), right).toBe(true);
    },
  );

  it('every shipped form field that reads a lookup is readable with the right of its preset', () => {
    const byName = new Map(DROPDOWNS.map((d) => [d.name.toLowerCase(), d]));
    let checked = 0;
    for (const preset of DEFAULT_PRESETS) {
      for (const column of preset.definition.definition) {
        const specs = [column, column.edit, column.create, column.bulkupdate] as Array<
          Record<string, unknown> | undefined
        >;
        for (const spec of specs) {
          for (const key of ['source', 'fetchAPI']) {
            const path = spec?.[key];
            const name = typeof path === 'string' ? /^\/api\/dropdowns\/([^/?]+)/.exec(path)?.[1] : undefined;
            if (!name) continue;
            checked++;
            const lookup = byName.get(name.toLowerCase());
            expect(lookup, `${preset.rightName} ${column.mapKey} reads ${name}`).toBeDefined();
            expect(lookup?.rights, `${preset.rightName} ${column.mapKey} reads ${name}`).toContain(
              preset.rightName,
            );
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('every lookup a business rule reads takes the filters the form reads it with (ADR 0027)', () => {
    // A `related` field's row is read through its lookup by its value column (`?id=…`), and the
    // params `sourceParams` name are the lookup's filters, or the server could not check the
    // filtered options: both must be declared filters of the lookup.
    const byName = new Map(DROPDOWNS.map((d) => [d.name.toLowerCase(), d]));
    const lookupOf = (source: unknown) => {
      const name = typeof source === 'string' ? /^\/api\/dropdowns\/([^/?]+)/.exec(source)?.[1] : undefined;
      return name ? byName.get(name.toLowerCase()) : undefined;
    };
    let checked = 0;
    for (const preset of DEFAULT_PRESETS) {
      for (const column of preset.definition.definition) {
        for (const spec of [column.edit, column.create] as Array<Record<string, unknown> | undefined>) {
          if (!spec) continue;
          const where = `${preset.rightName} ${column.mapKey}`;
          if (typeof spec.related === 'string') {
            checked++;
            const filter = typeof spec.valueFieldName === 'string' ? spec.valueFieldName : 'id';
            expect(
              lookupOf(spec.source)?.filters?.[filter],
              `${where} reads its row by ${filter}`,
            ).toBeDefined();
          }
          const params = spec.sourceParams as Record<string, unknown> | undefined;
          for (const [param, value] of Object.entries(params ?? {})) {
            if (typeof value !== 'string' || !/^\{[^{}]+\.[^{}]+\}$/.test(value)) continue;
            checked++;
            expect(lookupOf(spec.source)?.filters?.[param], `${where} filters by ${param}`).toBeDefined();
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
