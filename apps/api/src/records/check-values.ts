/**
 * Turns a save payload's `values` into the object a procedure receives, refusing anything the form
 * does not have: every key must be a field of the action's form (or its `mapKeyId` companion),
 * plus `rowVersion` and `markedFields`; read-only fields are dropped; with `markedFields` only the
 * marked fields pass. A select's value must be one of its options: the preset's fixed list, or the
 * rows of the registered lookup its `source` names. A field's server-only rules (such as `openapi`)
 * check its value off the event loop. All failures are collected as `errors[mapKey]` (400).
 *
 * Keys come from the caller, so they are only ever used with Maps and own-property checks: a key
 * such as `__proto__` or `constructor` is an unknown field like any other, never a prototype.
 */
import {
  conditionScope,
  fillMessage,
  relatedFieldsOf,
  relatedScope,
  resolvedSourceParams,
  rulesInForm,
  type SavePayload,
} from '@bm/contracts';
import type { DropdownSpec } from '../../areas/manifest.ts';
import { DROPDOWNS } from '../../catalog/dropdowns.ts';
import { quoteIdent } from '../../catalog/identifiers.ts';
import { checkServerRule } from '../code-validation/server-rules.ts';
import type { Queryable } from '../db/pool.ts';
import { HttpError } from '../http/http-error.ts';
import { checkMenuTree, loadMenuKnowledge, type MenuKnowledge } from '../menu/check-menu.ts';
import { checkField, fixedOptionsOf, isListType, serverRulesOf } from './field-rules.ts';
import type { FormField } from './form-spec.ts';

export interface CheckedValues {
  values: Record<string, unknown>;
  rowVersion: number | undefined;
  marked: string[] | undefined;
}

const MARK_MESSAGE = 'Please choose at least one more fields for the changes.';
const NOT_A_FIELD = 'Is not a field of this form';
const NOT_AN_OPTION = 'Is not one of the options';

const LOOKUPS = new Map(DROPDOWNS.map((d) => [d.name.toLowerCase(), d]));
const LOOKUP_PATH = /^\/api\/dropdowns\/([A-Za-z0-9_-]+)(?:\?.*)?$/;

/** The registered lookup a field's `source` names, if any. */
export function lookupOf(source: string | undefined): DropdownSpec | undefined {
  const name = source ? LOOKUP_PATH.exec(source.trim())?.[1] : undefined;
  return name ? LOOKUPS.get(name.toLowerCase()) : undefined;
}

/** The column of a lookup's rows that holds the value, as the form reads it. */
function valueColumnOf(lookup: DropdownSpec, valueFieldName: string | undefined): string | undefined {
  const column = valueFieldName || (lookup.columns.includes('id') ? 'id' : 'value');
  return lookup.columns.includes(column) ? column : undefined;
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/**
 * The rows other fields' rules read (a field's `related`, ADR 0027): for each field that names one
 * and was sent an id, its lookup's row of that id, read from the lookup's view as the browser reads
 * it through the lookup (so a numeric column is the same text, `120.00`, in both messages). Its
 * columns go into the scope as `{related}.{column}`; a row not found adds nothing, and the rules
 * reading it are left out (the foreign key and the table's triggers still judge the save).
 */
async function loadRelated(
  db: Queryable,
  fields: ReadonlyMap<string, FormField>,
  raw: ReadonlyMap<string, unknown>,
): Promise<Record<string, unknown>> {
  const scope: Record<string, unknown> = {};
  for (const field of relatedFieldsOf([...new Set(fields.values())])) {
    const id = raw.get(field.spec.mapKeyId || field.mapKey) ?? raw.get(field.mapKey);
    const lookup = lookupOf(field.spec.source);
    const column = lookup && valueColumnOf(lookup, field.spec.valueFieldName);
    if (!lookup || !column || (typeof id !== 'string' && typeof id !== 'number') || id === '') continue;
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT ${lookup.columns.map(quoteIdent).join(', ')} FROM ${quoteIdent(lookup.view)}
        WHERE ${quoteIdent(column)}::text = $1::text LIMIT 1`,
      [String(id)],
    );
    const entries = relatedScope(String(field.spec.related).trim(), rows[0]);
    for (const [key, value] of Object.entries(entries))
      Object.defineProperty(scope, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return scope;
}

/**
 * The lookup filters a field's `sourceParams` name, with the values the scope gives them: the
 * options the form offered. Undefined when a named value is not known (nothing to filter by, so
 * only the lookup as a whole judges the value) or the lookup does not take that parameter.
 */
function optionFilters(
  field: FormField,
  lookup: DropdownSpec,
  scope: Readonly<Record<string, unknown>>,
): { column: string; value: string }[] | undefined {
  const { params, named, missing } = resolvedSourceParams(field.spec.sourceParams, scope);
  if (named.length === 0 || missing) return undefined;
  const filters: { column: string; value: string }[] = [];
  for (const param of named) {
    const filter = lookup.filters?.[param];
    if (!filter) return undefined;
    filters.push({ column: filter.column, value: String(params[param]) });
  }
  return filters;
}

/**
 * Checks select values whose options come from a lookup: every given value must be a row of it,
 * and of the rows its `sourceParams` filter it to when they name another value (the reason codes
 * of the payment's card scheme): such a refusal says the field's `optionsMessage`, filled with the
 * value and the scope's values. Returns errors by mapKey.
 */
async function checkLookupValues(
  db: Queryable,
  fields: ReadonlyMap<string, FormField>,
  values: ReadonlyMap<string, unknown>,
  scope: Readonly<Record<string, unknown>>,
): Promise<Map<string, string>> {
  const errors = new Map<string, string>();
  for (const [key, value] of values) {
    const field = fields.get(key);
    if (!field || key !== field.mapKey || value === null || value === '') continue;
    const type = field.spec.type ?? field.column.type;
    if (!isListType(type) || fixedOptionsOf(field.spec)) continue;
    const lookup = lookupOf(field.spec.source);
    const column = lookup && valueColumnOf(lookup, field.spec.valueFieldName);
    if (!lookup || !column) {
      errors.set(key, 'Its list of options is not known, so no value can be accepted');
      continue;
    }
    const wanted = [...new Set(asList(value).map(String))];
    if (wanted.length === 0) continue;
    const filters = optionFilters(field, lookup, scope) ?? [];
    const where = filters.map((f, i) => ` AND ${quoteIdent(f.column)}::text = $${i + 2}::text`).join('');
    const { rows } = await db.query<{ v: string }>(
      `SELECT DISTINCT ${quoteIdent(column)}::text AS v FROM ${quoteIdent(lookup.view)}
        WHERE ${quoteIdent(column)}::text = ANY($1::text[])${where}`,
      [wanted, ...filters.map((f) => f.value)],
    );
    if (rows.length >= wanted.length) continue;
    const found = new Set(rows.map((r) => r.v));
    const refused = wanted.find((v) => !found.has(v));
    const words = typeof field.spec.optionsMessage === 'string' ? field.spec.optionsMessage.trim() : '';
    errors.set(key, filters.length > 0 && words ? fillMessage(words, scope, refused) : NOT_AN_OPTION);
  }
  return errors;
}

/**
 * Runs the server-only rules of the fields whose value passed every other rule; a non-empty text
 * only (empty is for `required`). The rule's message says what is wrong in the form's words, the
 * check's message where. Returns errors by mapKey.
 */
async function checkServerRules(
  fields: ReadonlyMap<string, FormField>,
  values: ReadonlyMap<string, unknown>,
): Promise<Map<string, string>> {
  const errors = new Map<string, string>();
  for (const [key, value] of values) {
    const field = fields.get(key);
    if (!field || typeof value !== 'string' || value === '') continue;
    for (const rule of serverRulesOf(field.spec)) {
      const result = await checkServerRule(rule.name, value);
      if (result.isSuccess) continue;
      errors.set(key, rule.message ? `${rule.message}. ${result.message}` : result.message);
      break;
    }
  }
  return errors;
}

/**
 * Checks and normalises the menu trees (`menutree` fields) that passed every other rule: the menu
 * schema, the published pages and the existing rights. The normalised tree replaces the sent one.
 * Returns errors by mapKey.
 */
async function checkMenuTrees(
  db: Queryable,
  fields: ReadonlyMap<string, FormField>,
  values: Map<string, unknown>,
): Promise<Map<string, string>> {
  const errors = new Map<string, string>();
  let known: MenuKnowledge | undefined;
  for (const [key, value] of values) {
    const field = fields.get(key);
    if (!field || (field.spec.type ?? field.column.type) !== 'menutree' || value === null) continue;
    known ??= await loadMenuKnowledge(db);
    const checked = checkMenuTree(value, known);
    if (checked.ok) values.set(key, checked.value);
    else errors.set(key, checked.message);
  }
  return errors;
}

/** The sent values by map key, an id-editing field's under its map key too, for conditions. */
function sentByMapKey(
  fields: ReadonlyMap<string, FormField>,
  raw: ReadonlyMap<string, unknown>,
): Record<string, unknown> {
  const sent: Record<string, unknown> = {};
  for (const [key, value] of raw) Object.defineProperty(sent, key, { value, enumerable: true });
  for (const field of fields.values()) {
    const idKey = field.spec.mapKeyId;
    if (idKey && raw.has(idKey) && !raw.has(field.mapKey))
      Object.defineProperty(sent, field.mapKey, { value: raw.get(idKey), enumerable: true });
  }
  return sent;
}

export async function checkValues(
  db: Queryable,
  fields: Map<string, FormField>,
  payload: SavePayload,
  opts: { requireAll: boolean; requireMarked?: boolean },
): Promise<CheckedValues> {
  const byKey = new Map<string, FormField>();
  for (const field of fields.values()) {
    byKey.set(field.mapKey, field);
    if (field.spec.mapKeyId) byKey.set(field.spec.mapKeyId, field);
  }
  const errors = new Map<string, string>();
  const raw = new Map<string, unknown>();
  let rowVersion: number | undefined;
  let marked: string[] | undefined;
  for (const { mapkey, value } of payload.values) {
    if (raw.has(mapkey) || (mapkey === 'rowVersion' && rowVersion !== undefined)) {
      errors.set(mapkey, 'Is given twice');
    } else if (mapkey === 'rowVersion') {
      rowVersion = Number(value);
      if (!Number.isSafeInteger(rowVersion)) errors.set('rowVersion', 'Must be a whole number');
    } else if (mapkey === 'markedFields') {
      marked = String(value ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    } else if (!byKey.has(mapkey)) {
      errors.set(mapkey.slice(0, 100), NOT_A_FIELD);
    } else {
      raw.set(mapkey, value);
    }
  }
  if (marked) {
    for (const key of marked) if (!byKey.has(key)) errors.set(key.slice(0, 100), NOT_A_FIELD);
    if (marked.length === 0) throw new HttpError(400, MARK_MESSAGE, { markedFields: MARK_MESSAGE });
  } else if (opts.requireMarked) {
    throw new HttpError(400, MARK_MESSAGE, { markedFields: MARK_MESSAGE });
  }

  const values = new Map<string, unknown>();
  const scope = conditionScope([...fields.values()], sentByMapKey(fields, raw));
  // A related record's columns (`payment.amount`) join the scope under their dotted keys, which no
  // field's map key has.
  for (const [key, value] of Object.entries(await loadRelated(db, byKey, raw)))
    if (!Object.hasOwn(scope, key))
      Object.defineProperty(scope, key, { value, enumerable: true, writable: true, configurable: true });
  for (const [key, field] of byKey) {
    if (field.readOnly || (marked && !marked.includes(field.mapKey))) continue;
    const given = raw.has(key);
    // Required rules apply to every field of a create, and to fields present in an update. A field
    // that edits an id (mapKeyId) is sent, and so required, under that key.
    if (!given && !(opts.requireAll && key === (field.spec.mapKeyId || field.mapKey))) continue;
    // A field the form hides for these values has no rules; one required only for them has it.
    const rules = rulesInForm(field.spec, scope);
    const checked = checkField(field.spec, field.column.type, raw.get(key), rules);
    if (checked.ok) values.set(key, checked.value);
    else errors.set(key, checked.message);
  }
  for (const [key, message] of await checkServerRules(byKey, values)) errors.set(key, message);
  for (const [key, message] of await checkMenuTrees(db, byKey, values)) errors.set(key, message);
  if (errors.size === 0) {
    for (const [key, message] of await checkLookupValues(db, byKey, values, scope)) errors.set(key, message);
  }
  if (errors.size > 0) {
    // Object.fromEntries defines own properties, so even `__proto__` is reported as a key.
    throw new HttpError(400, `Please check: ${[...errors.keys()].join(', ')}`, Object.fromEntries(errors));
  }
  return { values: Object.fromEntries(values), rowVersion, marked };
}
