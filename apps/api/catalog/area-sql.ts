/**
 * The standard SQL of an area whose manifest says `sql: 'generated'`: its list view, its record view
 * and its save, delete and publish procedures, derived from the manifest's fields instead of written
 * by hand. `applyAreaSql` (src/catalog/apply-area-sql.ts) creates them in the database at start.
 *
 * The area's table follows these conventions (its migration creates it; nothing here alters tables):
 *   id          serial PRIMARY KEY
 *   row_version integer NOT NULL DEFAULT 1          optimistic locking: each write adds one
 *   created_at  timestamptz NOT NULL DEFAULT now()
 *   created_by  text                                the actor of the insert
 *   updated_at  timestamptz NOT NULL DEFAULT now()
 *   updated_by  text                                the actor of the last write
 * and, when the area's actions include Publish:
 *   status       text                               'draft' | 'published'; every save makes it 'draft'
 *   published_at timestamptz
 *   published_by text
 * A field's column is `field.column`, or its key in snake_case (`delayMs` → `delay_ms`). These
 * managed columns are never a writable field's column.
 *
 * What is generated:
 * - List view (`views.list`, default `v_{table}`): `id`, then every field in the list, each the
 *   table's column (`t.col AS "key"`) or its `select` expression, over `FROM {table} t {joins}`,
 *   then the id of each field that names another area's record (`refersTo`, its `idKey`).
 * - Record view (`views.record`, default `v_{table}_record`): `id`, every field with a form (and the
 *   id a display field edits, its `idKey`), and `"rowVersion"` when the area writes records (a list
 *   and view only area's table, a log or a journal, may have no row version); the joins are added when one of its
 *   fields is a `select`.
 * - `bm_{table}_save(vals jsonb, actor text) RETURNS jsonb` when the area creates or edits and names
 *   no own save: writes the fields that have a form and are neither `select` nor `readOnly`. Without
 *   `vals.id` it inserts (a field left out or null stores its `insertDefault`, else NULL); with it,
 *   it updates only the keys present in `vals`, checks `vals.rowVersion` when given and answers
 *   `conflict` or `notFound` like the hand-written procedures (src/records/write-path.ts reads them).
 * - `bm_{table}_delete` when the actions include Delete, `bm_{table}_publish` when they include
 *   Publish, each unless the manifest names its own.
 *
 * Typed values: every value is converted by its column's own type with
 * `jsonb_populate_record(NULL::{table}, {"col": vals -> 'key'})`, so PostgreSQL's input functions
 * decide what a number, date or boolean is, exactly as for any other write of that column, and a
 * JSON array or object reaches an array or json column intact. The conversion runs before any row
 * is written and a refusal is raised again with the field's key as its COLUMN, so the write path
 * answers 400 naming that field (`A value is not acceptable (price)`), and nothing was written.
 *
 * Safety: everything here comes from the manifest, which is trusted code, but it is still quoted:
 * tables, columns, views and procedures must be plain identifiers (`quoteIdent` refuses anything
 * else); keys, which name view columns and JSON members, are quoted as identifiers with `"` doubled
 * and put into SQL string literals with `'` doubled; nothing from a request ever reaches this text
 * (requests give values to the procedures as one jsonb parameter). `select`, `joins` and
 * `insertDefault` are SQL by design and are used as written.
 */
import { AREA_INDEX } from '../areas/index.ts';
import type { AreaField, EntityManifest } from '../areas/manifest.ts';
import { quoteIdent } from './identifiers.ts';
import { objectNames } from './object-names.ts';
import { referenceIdFields } from './relations.ts';

/** One database object of an area: `sql` is the whole statement that creates it. */
export interface SqlObject {
  name: string;
  kind: 'view' | 'function' | 'trigger';
  sql: string;
}

/** The names of an area's standard views and the procedures its actions run (own or generated). */
interface AreaSqlNames {
  list: string;
  record: string;
  save?: string;
  delete?: string;
  publish?: string;
}

/** `delayMs` → `delay_ms`, `pageURL` → `page_url`, `line2Text` → `line2_text`. */
export const snakeCase = (key: string): string =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();

/** The table column of a field. */
const columnOf = (field: AreaField): string => field.column ?? snakeCase(field.key);

const publishes = (m: EntityManifest) => m.actions.includes('Publish');

/**
 * Names of the area's views and procedures (own or generated), as the catalogue names them
 * (object-names.ts); undefined when the area has no table.
 */
function areaSqlNames(manifest: EntityManifest): AreaSqlNames | undefined {
  if (!manifest.table) return undefined;
  const names = objectNames(manifest);
  return {
    list: names.listView,
    record: names.recordView,
    ...(names.save ? { save: names.save } : {}),
    ...(names.delete ? { delete: names.delete } : {}),
    ...(names.publish ? { publish: names.publish } : {}),
  };
}

/** A key as a quoted identifier (a view's column name): `"` doubled, at most 63 bytes. */
function quoteName(key: string): string {
  if (key === '' || Buffer.byteLength(key) > 63 || key.includes('\0')) {
    throw new Error(`Invalid field key ${JSON.stringify(key)}: 1 to 63 bytes, no NUL`);
  }
  return `"${key.replaceAll('"', '""')}"`;
}

/** A string as an SQL literal (standard_conforming_strings: only `'` needs doubling). */
function literal(text: string): string {
  if (text.includes('\0')) throw new Error(`Invalid text for SQL ${JSON.stringify(text)}`);
  return `'${text.replaceAll("'", "''")}'`;
}

/** Columns the conventions manage; a writable field may not name one. */
function managedColumns(manifest: EntityManifest): Set<string> {
  const managed = ['id', 'row_version', 'created_at', 'created_by', 'updated_at', 'updated_by'];
  if (publishes(manifest)) managed.push('status', 'published_at', 'published_by');
  return new Set(managed);
}

/** Names the procedures' SQL uses for their own parameters and variables; no column may have one. */
const VARIABLES = new Set(['vals', 'actor', '_target', '_saved', '_new', '_field', '_problem', '_state']);

/** `Interception trigger` → `interception trigger`; an acronym (`FAQ entry`) keeps its case. */
const lowerFirst = (text: string) =>
  /^[A-Z][a-z]/.test(text) ? text[0]?.toLowerCase() + text.slice(1) : text;

/** The id a display field's form edits (`idKey`), as a field of its own. */
const idFieldOf = (field: AreaField): AreaField | undefined =>
  field.idKey
    ? {
        key: field.idKey,
        label: field.label,
        type: 'number',
        column: field.idColumn ?? snakeCase(field.idKey),
        form: {},
      }
    : undefined;

/** `t.col AS "key"`, or the field's `select` expression. */
function selectItem(field: AreaField): string {
  const source = field.select !== undefined ? `(${field.select})` : `t.${quoteIdent(columnOf(field))}`;
  return `${source} AS ${quoteName(field.key)}`;
}

function viewSql(name: string, items: string[], from: string): string {
  return `CREATE VIEW ${quoteIdent(name)} AS\nSELECT ${items.join(',\n       ')}\n  FROM ${from}`;
}

const TAG = '$bm$';
const TARGET = "_target bigint := (vals ->> 'id')::bigint";

function functionSql(name: string, declare: string[], lines: string[]): string {
  const body = lines.join('\n');
  if (body.includes(TAG)) throw new Error(`${name}: the procedure's text may not contain ${TAG}`);
  return [
    `CREATE OR REPLACE FUNCTION ${quoteIdent(name)}(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS ${TAG}`,
    'DECLARE',
    ...declare.map((d) => `  ${d};`),
    'BEGIN',
    body,
    `END ${TAG}`,
  ].join('\n');
}

const result = (pairs: string) => `jsonb_build_object(${pairs})`;

function checkFields(manifest: EntityManifest, fields: readonly AreaField[]): void {
  const keys = new Set<string>();
  for (const field of fields) {
    if (keys.has(field.key)) throw new Error(`${manifest.entity}: field ${field.key} is given twice`);
    keys.add(field.key);
    if (field.key === 'rowVersion') throw new Error(`${manifest.entity}: rowVersion is not a field`);
  }
}

interface Messages {
  notFound: (target: string) => string;
  success: (id: string, done: string) => string;
  conflict: string;
}

function messagesOf(manifest: EntityManifest): Messages {
  const singular = manifest.singular;
  const lower = lowerFirst(singular);
  return {
    notFound: (target) =>
      `RETURN ${result(`'isSuccess', false, 'id', ${target}, 'notFound', true, 'message', ${literal(`The ${lower} does not exist`)}`)};`,
    success: (id, done) =>
      `RETURN ${result(`'isSuccess', true, 'id', ${id}, 'message', ${literal(`${singular} ${done}`)}`)};`,
    conflict: `RETURN ${result(`'isSuccess', false, 'id', _target, 'conflict', true, 'message', ${literal(`The ${lower} was changed by someone else`)}`)};`,
  };
}

/** The views and procedures of a generated area; none for an area with its own SQL or no table. */
export function areaSql(manifest: EntityManifest): SqlObject[] {
  const names = areaSqlNames(manifest);
  const table = manifest.table;
  if (manifest.sql !== 'generated' || !table || !names) return [];
  const fields = (manifest.fields ?? []).filter((f) => f.key !== 'id');
  checkFields(manifest, fields);
  const own = manifest.procedures ?? {};
  const joins = manifest.joins ? ` ${manifest.joins}` : '';
  const t = quoteIdent(table);
  const say = messagesOf(manifest);
  const objects: SqlObject[] = [];

  const listFields = fields.filter((f) => f.list !== false);
  // A field naming another area's record carries that record's id too: its link and the other
  // record's related list read it (catalog/relations.ts).
  const referenceIds = referenceIdFields(manifest).map((f) => idFieldOf(f) as AreaField);
  objects.push({
    name: names.list,
    kind: 'view',
    sql: viewSql(
      names.list,
      ['t."id" AS "id"', ...listFields.map(selectItem), ...referenceIds.map(selectItem)],
      `${t} t${joins}`,
    ),
  });

  const recordFields = fields.filter((f) => f.form !== undefined || f.record === true);
  const writes = manifest.actions.some(
    (action) => action !== 'List' && action !== 'View' && action !== 'GetMap',
  );
  objects.push({
    name: names.record,
    kind: 'view',
    sql: viewSql(
      names.record,
      [
        't."id" AS "id"',
        ...recordFields.flatMap((f) => [
          selectItem(f),
          ...(idFieldOf(f) ? [selectItem(idFieldOf(f) as AreaField)] : []),
        ]),
        // A record nobody writes (a log, a journal) needs no version, and its table may have none.
        ...(writes ? ['t."row_version" AS "rowVersion"'] : []),
      ],
      `${t} t${recordFields.some((f) => f.select !== undefined) ? joins : ''}`,
    ),
  });

  if (names.save && !own.save) {
    objects.push({ name: names.save, kind: 'function', sql: saveSql(manifest, names.save, fields, say) });
  }
  if (names.delete && !own.delete) {
    const body = [
      `  DELETE FROM ${t} WHERE "id" = _target;`,
      '  IF NOT FOUND THEN',
      `    ${say.notFound('_target')}`,
      '  END IF;',
      `  ${say.success('_target', 'deleted')}`,
    ];
    objects.push({ name: names.delete, kind: 'function', sql: functionSql(names.delete, [TARGET], body) });
  }
  if (names.publish && !own.publish) {
    const body = [
      `  UPDATE ${t} SET "status" = 'published', "published_at" = now(), "published_by" = actor,`,
      '         "row_version" = "row_version" + 1',
      '   WHERE "id" = _target;',
      '  IF NOT FOUND THEN',
      `    ${say.notFound('_target')}`,
      '  END IF;',
      `  ${say.success('_target', 'published')}`,
    ];
    objects.push({ name: names.publish, kind: 'function', sql: functionSql(names.publish, [TARGET], body) });
  }
  return objects;
}

/**
 * The generated views and procedures of every area of the index, in index order: what each start
 * applies (src/catalog/sync-catalog.ts). Made when called, so a manifest the SQL refuses (a field
 * writing a managed column, a key given twice) fails the start that applies it, loudly.
 */
export const allAreaSql = (): SqlObject[] =>
  AREA_INDEX.flatMap((area) => (area.kind === 'entity' ? areaSql(area) : []));

function saveSql(m: EntityManifest, name: string, fields: readonly AreaField[], say: Messages): string {
  const managed = managedColumns(m);
  const writable = fields.flatMap((f) => {
    if (f.form === undefined || f.readOnly) return [];
    const id = idFieldOf(f);
    if (id) return [id];
    return f.select === undefined ? [f] : [];
  });
  const columns = new Set<string>();
  for (const field of writable) {
    const column = columnOf(field);
    quoteIdent(column);
    if (managed.has(column) || VARIABLES.has(column) || columns.has(column)) {
      throw new Error(`${m.entity}: field ${field.key} may not write column ${column}`);
    }
    columns.add(column);
  }
  const t = quoteIdent(m.table ?? '');
  const col = (f: AreaField) => quoteIdent(columnOf(f));
  const convert = writable.map(
    (f) =>
      `    _field := ${literal(f.key)}; _new.${col(f)} := (jsonb_populate_record(NULL::${t}, ` +
      `jsonb_build_object(${literal(columnOf(f))}, nullif(vals -> ${literal(f.key)}, '""'::jsonb)))).${col(f)};`,
  );
  const insertColumns = writable.map(col);
  const insertValues = writable.map((f) =>
    f.insertDefault !== undefined ? `coalesce(_new.${col(f)}, ${f.insertDefault})` : `_new.${col(f)}`,
  );
  if (publishes(m)) {
    insertColumns.push('"status"');
    insertValues.push(`'draft'`);
  }
  insertColumns.push('"created_by"', '"updated_by"');
  insertValues.push('actor', 'actor');
  const sets = writable.map(
    (f) => `${col(f)} = CASE WHEN vals ? ${literal(f.key)} THEN _new.${col(f)} ELSE ${col(f)} END`,
  );
  if (publishes(m)) sets.push(`"status" = 'draft'`);
  sets.push('"row_version" = "row_version" + 1', '"updated_at" = now()', '"updated_by" = actor');

  const body = [
    ...(convert.length > 0
      ? [
          "  -- Each value is converted by its column's type; a refusal names its field and writes nothing.",
          '  -- An empty text is no value: a form cannot tell a cleared field from one never filled.',
          '  BEGIN',
          ...convert,
          '  EXCEPTION WHEN data_exception THEN',
          '    GET STACKED DIAGNOSTICS _problem = MESSAGE_TEXT, _state = RETURNED_SQLSTATE;',
          "    RAISE EXCEPTION USING ERRCODE = _state, MESSAGE = _field || ': ' || _problem, COLUMN = _field;",
          '  END;',
        ]
      : []),
    '  IF _target IS NULL THEN',
    `    INSERT INTO ${t} (${insertColumns.join(', ')})`,
    `    VALUES (${insertValues.join(', ')})`,
    '    RETURNING "id" INTO _saved;',
    `    ${say.success('_saved', 'created')}`,
    '  END IF;',
    `  UPDATE ${t} SET`,
    `    ${sets.join(',\n    ')}`,
    `  WHERE "id" = _target AND (NOT vals ? 'rowVersion' OR "row_version" = (vals ->> 'rowVersion')::integer)`,
    '  RETURNING "id" INTO _saved;',
    '  IF _saved IS NULL THEN',
    `    IF EXISTS (SELECT 1 FROM ${t} WHERE "id" = _target) THEN`,
    `      ${say.conflict}`,
    '    END IF;',
    `    ${say.notFound('_target')}`,
    '  END IF;',
    `  ${say.success('_saved', 'saved')}`,
  ];
  const declare = [
    TARGET,
    '_saved bigint',
    `_new ${t}%ROWTYPE`,
    '_field text',
    '_problem text',
    '_state text',
  ];
  return functionSql(name, declare, body);
}
