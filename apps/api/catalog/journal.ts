/**
 * The record journal, derived from the manifests (docs/adr/0028-record-journal.md): which tables
 * are journalled, by which trigger, and how a journalled column reads on a record's History.
 *
 * Every area whose records people change (any action besides List and View) gets the trigger
 * `bm_journal_{table}` on its table, calling the platform's `bm_journal` with the area's entity
 * and its key column. The trigger fires only
 * in a transaction the write path opened for a person (`bm.actor` set), so the demo seed, the logs
 * the API itself writes and the jobs' bookkeeping cost its WHEN clause only. The statements are
 * SqlObjects of kind `trigger`, created at start by their hash like the generated views.
 */
import { AREA_INDEX } from '../areas/index.ts';
import type { AreaField, EntityManifest } from '../areas/manifest.ts';
import { type SqlObject, snakeCase } from './area-sql.ts';
import { quoteIdent } from './identifiers.ts';

/** The columns a field stores in the area's table: its own (unless it reads another's) and its id's. */
const storedColumns = (area: EntityManifest): { field: AreaField; key: string; column: string }[] =>
  (area.fields ?? []).flatMap((field) => [
    ...(field.select === undefined
      ? [{ field, key: field.key, column: field.column ?? snakeCase(field.key) }]
      : []),
    ...(field.idKey !== undefined
      ? [{ field, key: field.idKey, column: field.idColumn ?? snakeCase(field.idKey) }]
      : []),
  ]);

/**
 * Columns a History never shows: what a key generator stores is a secret's hash. The journal keeps
 * them (a restored record needs them), the API answers them masked.
 */
const secretColumns = (area: EntityManifest): string[] =>
  storedColumns(area)
    .filter(({ field }) => field.form?.type === 'keygenerator')
    .map(({ column }) => column);

/** Whether the area's records are journalled: it has a table and people change its records. */
export const isJournalled = (area: EntityManifest): boolean =>
  area.table !== undefined &&
  area.actions.some((action) => action !== 'List' && action !== 'View' && action !== 'GetMap');

export interface JournalledArea {
  entity: string;
  table: string;
  key: string;
  /** A journalled column as a History shows it: the field's key and label. */
  columns: ReadonlyMap<string, { key: string; label: string }>;
  /** Columns a History shows masked. */
  secret: readonly string[];
}

export const journalledAreas = (): JournalledArea[] =>
  AREA_INDEX.flatMap((area) => {
    if (area.kind !== 'entity' || area.table === undefined || !isJournalled(area)) return [];
    const columns = new Map<string, { key: string; label: string }>();
    for (const { field, key, column } of storedColumns(area)) {
      if (!columns.has(column)) columns.set(column, { key, label: field.label });
    }
    return [{ entity: area.entity, table: area.table, key: 'id', columns, secret: secretColumns(area) }];
  });

/** A SQL string literal. */
const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** The trigger statements, one per journalled table. */
export const journalTriggers = (): SqlObject[] =>
  journalledAreas().map((area) => {
    const name = `bm_journal_${area.table}`;
    const args = [area.entity, area.key].map(literal).join(', ');
    return {
      name,
      kind: 'trigger',
      sql: `CREATE OR REPLACE TRIGGER ${quoteIdent(name)}
  AFTER INSERT OR UPDATE OR DELETE ON ${quoteIdent(area.table)}
  FOR EACH ROW WHEN (current_setting('bm.actor', true) <> '')
  EXECUTE FUNCTION bm_journal(${args})`,
    };
  });
