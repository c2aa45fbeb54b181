/**
 * The area modules against a migrated database: every folder is in the index, and everything
 * derived from a manifest names views, columns and procedures that exist.
 */

import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { entityRightName } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { AREA_INDEX } from '../areas/index.ts';
import type { EntityManifest } from '../areas/manifest.ts';
import { deriveAppRoutes } from '../catalog/app-routes.ts';
import { entitySpecOf } from '../catalog/entities/index.ts';
import { procedureOf } from '../catalog/map-lists.ts';
import { objectNames } from '../catalog/object-names.ts';
import { presetsOf } from '../catalog/presets/default-presets.ts';
import { inTestArea } from './only-area.ts';
import { createTestDatabase } from './test-database.ts';

const { db } = await createTestDatabase();
const AREAS_DIR = path.resolve(import.meta.dirname, '../areas');
const modules = AREA_INDEX.filter((a): a is EntityManifest => a.kind === 'entity' && a.fields !== undefined);

async function columnsOf(relation: string): Promise<string[]> {
  const { rows } = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1`,
    [relation],
  );
  return rows.map((r) => r.column_name);
}

async function functionExists(name: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM pg_proc WHERE proname = $1', [name]);
  return rows.length > 0;
}

describe('the area index', () => {
  it('lists every area folder, and each folder has a manifest', () => {
    const folders = readdirSync(AREAS_DIR).filter((f) => statSync(path.join(AREAS_DIR, f)).isDirectory());
    expect(folders.length).toBe(modules.length);
    for (const folder of folders) expect(readdirSync(path.join(AREAS_DIR, folder))).toContain('manifest.ts');
  });

  it('has one area per entity, segment and API path', () => {
    const entities = AREA_INDEX.flatMap((a) => (a.kind === 'entity' ? [a] : []));
    for (const key of ['entity', 'segment', 'api'] as const) {
      const values = entities.map((a) => a[key].toLowerCase());
      expect(new Set(values).size, key).toBe(values.length);
    }
  });

  it('states each field once, with a known key in every sort and row action', () => {
    for (const area of modules) {
      const keys = (area.fields ?? []).map((f) => f.key);
      expect(new Set(keys).size, area.entity).toBe(keys.length);
      if (area.list) expect(keys, area.entity).toContain(area.list.sort.key);
    }
  });

  it('names a record by a field its list or its record carries, and sends that field with its routes', () => {
    const routes = deriveAppRoutes().routes;
    for (const area of modules) {
      const list = routes.find(
        (r) => r.kind === 'list' && r.right === entityRightName(area.entity, 'List', area.rightOverrides),
      );
      expect(list?.titleField, area.entity).toBe(area.titleField ?? undefined);
      if (area.titleField === null) continue;
      const field = (area.fields ?? []).find((f) => f.key === area.titleField);
      expect(field, `${area.entity} titleField ${area.titleField}`).toBeDefined();
      expect(field?.list !== false || field?.form !== undefined || field?.record, area.entity).toBe(true);
    }
  });
});

/** The areas `npm run test:area` asks for (all of them otherwise). */
const chosen = modules.filter((a) => inTestArea(a.entity));

describe.each(chosen.map((a) => [a.entity, a] as const))('area %s', (_name, area) => {
  const spec = entitySpecOf(area);
  const names = objectNames(area);

  it('reads a list view that has every catalogue column', async () => {
    expect(spec).toBeDefined();
    const columns = await columnsOf(names.listView);
    for (const column of spec?.columns ?? []) expect(columns, column.name).toContain(column.name);
  });

  it('reads a record view that has every form field, and the row version where records are written', async () => {
    const formFields = (area.fields ?? []).filter((f) => f.form).map((f) => f.key);
    if (formFields.length === 0) return;
    const writes = area.actions.some((a) => a !== 'List' && a !== 'View' && a !== 'GetMap');
    const columns = await columnsOf(names.recordView);
    for (const key of [...formFields, ...(writes ? ['rowVersion'] : [])]) expect(columns, key).toContain(key);
  });

  it('runs only procedures that exist, and its presets name only those', async () => {
    // A map list's actions run its kind's procedure (catalog/map-lists.ts).
    const procedures = [
      ...Object.values(spec?.procedures ?? {}),
      ...(area.map ? [procedureOf(area.map.kind)] : []),
    ];
    for (const name of procedures) expect(await functionExists(name), name).toBe(true);
    const named = JSON.stringify(presetsOf(area)).match(/"storedProcedure":"[^"]+"/g) ?? [];
    for (const entry of named) expect(procedures).toContain(entry.split('"')[3]);
  });

  it('ships presets only for rights it defines, in columns the catalogue knows', () => {
    const columns = new Set(spec?.columns.map((c) => c.name));
    for (const preset of presetsOf(area)) {
      const own = area.actions.map((a) => entityRightName(area.entity, a, area.rightOverrides));
      expect(own, preset.rightName).toContain(preset.rightName);
      if (preset.rightName.endsWith('/List'))
        for (const column of preset.definition.definition) expect(columns.has(column.mapKey)).toBe(true);
    }
  });
});
