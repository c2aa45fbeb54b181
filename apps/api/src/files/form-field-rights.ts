/**
 * Which rights open the two calls a form field makes on its own, derived once from the shipped
 * form presets of the catalogue:
 * - code validation (`POST /api/validation/{type}`): the Create or Edit right of an area whose
 *   form has a code field — parsing is costly, so only those who can save code may ask for it;
 * - file upload (`POST /api/files/upload`): the Create or Edit right of an area whose form has an
 *   upload field, and only into a folder one of those fields names (`sourceParams.directory`, else
 *   `inputProps.directory`, the same place the web widget reads it from);
 * - file download (`GET /api/files/…`): any right of an area whose form stores into the file's
 *   folder — whoever may see the records holding the file's path (docs/adr/0020-uploaded-files.md).
 */
import { CODE_FIELD_TYPES, type PresetDefinition } from '@bm/contracts';
import { AREAS, type EntityArea, entityRight, entityRights, LOCATION_RIGHTS } from '../../catalog/areas.ts';
import { DEFAULT_PRESETS } from '../../catalog/presets/default-presets.ts';

/** A column's `edit` or `create` spec, open on the wire: only what is read here is typed. */
type FieldSpec = Record<string, unknown>;

interface FormPreset {
  rightName: string;
  definition: PresetDefinition;
}

/** Every Create and Edit right the catalogue defines. */
function createOrEditRights(): Set<string> {
  const rights = new Set<string>(['CreateLocation', 'EditLocation']);
  for (const area of AREAS) {
    if (area.kind !== 'entity') continue;
    for (const action of ['Create', 'Edit'] as const) {
      if (area.actions.includes(action)) rights.add(entityRight(area as EntityArea, action));
    }
  }
  return rights;
}

/** The fields of the create and edit forms of the presets held by a Create or Edit right. */
function* createAndEditFields(presets: readonly FormPreset[]): Generator<[string, FieldSpec]> {
  const rights = createOrEditRights();
  for (const preset of presets) {
    if (!rights.has(preset.rightName)) continue;
    for (const column of preset.definition.definition ?? []) {
      for (const spec of [column.edit, column.create]) {
        if (spec) yield [preset.rightName, spec];
      }
    }
  }
}

const CODE_TYPES = new Set<string>(CODE_FIELD_TYPES);

/** The rights that may validate code: Create or Edit of an area whose form has a code field. */
export function codeFieldRights(presets: readonly FormPreset[] = DEFAULT_PRESETS): string[] {
  const rights = new Set<string>();
  for (const [right, spec] of createAndEditFields(presets)) {
    if (typeof spec.type === 'string' && CODE_TYPES.has(spec.type)) rights.add(right);
  }
  return [...rights].sort();
}

const propertyOf = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

/** The folder an upload field stores into, as the web widget reads it. */
function uploadDirectoryOf(spec: FieldSpec): string {
  const dir = propertyOf(spec.sourceParams, 'directory') ?? propertyOf(spec.inputProps, 'directory');
  return typeof dir === 'string' ? dir.trim().replace(/\/+$/g, '') : '';
}

/** Create or Edit right → the folders its form's upload fields name. */
export function uploadFolders(presets: readonly FormPreset[] = DEFAULT_PRESETS): Map<string, Set<string>> {
  const folders = new Map<string, Set<string>>();
  for (const [right, spec] of createAndEditFields(presets)) {
    if (spec.type !== 'uploadsingleselect') continue;
    const set = folders.get(right) ?? new Set<string>();
    set.add(uploadDirectoryOf(spec));
    folders.set(right, set);
  }
  return folders;
}

/**
 * Folder → the rights that may read a file in it: every right (List, View, Create, Edit, …) of each
 * area whose Create or Edit form uploads into that folder (`folders`, as `uploadFolders` derives
 * them), so a file is as visible as the records that hold its path and no more. A folder no form
 * names has no readers.
 */
export function uploadReaders(folders: ReadonlyMap<string, ReadonlySet<string>>): Map<string, Set<string>> {
  const rightsOfArea = new Map<string, readonly string[]>();
  for (const right of LOCATION_RIGHTS) rightsOfArea.set(right, LOCATION_RIGHTS);
  for (const area of AREAS) {
    if (area.kind !== 'entity') continue;
    const all = entityRights(area);
    for (const right of all) rightsOfArea.set(right, all);
  }
  const readers = new Map<string, Set<string>>();
  for (const [uploadRight, named] of folders) {
    for (const folder of named) {
      const set = readers.get(folder) ?? new Set<string>();
      for (const right of rightsOfArea.get(uploadRight) ?? [uploadRight]) set.add(right);
      readers.set(folder, set);
    }
  }
  return readers;
}
