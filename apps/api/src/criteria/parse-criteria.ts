/**
 * Stage 1 of the criteria pipeline: the list query string → a typed `ListRequest`. Names resolve
 * only to the entity's registered columns; operators, types and value shapes are checked; limits
 * hold (8 levels, 200 conditions, 1,000 `in` items, page size 1–1,000). Anything else is a
 * `CriteriaError` naming the offending part, and nothing runs.
 */
import {
  CRITERIA_LIMITS,
  DEFAULT_PAGE_SIZE,
  FILTER_OPERATIONS,
  FILTER_TYPES,
  type FilterOperation,
  type FilterType,
} from '@bm/contracts';
import type { CatalogColumn, EntitySpec } from '../../catalog/entity-spec.ts';
import { registeredView } from '../catalog/sources.ts';
import { CriteriaError, type FilterNode, type ListRequest, type SortKey } from './criteria.types.ts';
import { parseValue } from './parse-value.ts';

const LIST_PARAMS = new Set([
  'filters',
  'pageSize',
  'pageIndex',
  'sort',
  'fields',
  'sqlViewName',
  'databaseName',
  'q',
]);
/** The longest search text a list takes (a search is a few words, never a document). */
export const MAX_SEARCH_LENGTH = 200;
const MAX_SORT_KEYS = 5;
const MAX_PAGE_INDEX = 1_000_000;
const MAX_JSON_LENGTH = 256 * 1024;

export type QueryInput = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A refused value as a message quotes it: its first 50 characters. `String(value)` throws for a
 * parsed object with a `toString` key that is not a function; such a value is quoted as JSON.
 */
function shown(value: unknown): string {
  let text: string;
  try {
    text = String(value);
  } catch {
    text = JSON.stringify(value) ?? '';
  }
  return text.slice(0, 50);
}

function json(name: string, raw: unknown): unknown {
  if (typeof raw !== 'string') throw new CriteriaError(`${name} must be given once, as JSON`);
  if (raw.length > MAX_JSON_LENGTH) throw new CriteriaError(`${name} is too long`);
  try {
    return JSON.parse(raw);
  } catch {
    throw new CriteriaError(`${name} is not valid JSON`);
  }
}

function integer(name: string, raw: unknown, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw))
    throw new CriteriaError(`${name} must be a whole number`);
  const value = Number(raw);
  if (value < min || value > max) throw new CriteriaError(`${name} must be between ${min} and ${max}`);
  return value;
}

const columnMaps = new WeakMap<EntitySpec, ReadonlyMap<string, CatalogColumn>>();

/** The entity's registered columns by name, built once per entity (entities do not change). */
export function columnMap(entity: EntitySpec): ReadonlyMap<string, CatalogColumn> {
  let map = columnMaps.get(entity);
  if (!map) {
    map = new Map(entity.columns.map((c) => [c.name, c]));
    columnMaps.set(entity, map);
  }
  return map;
}

class FilterParser {
  private conditions = 0;
  constructor(private readonly columns: ReadonlyMap<string, CatalogColumn>) {}

  parse(raw: unknown, depth: number): FilterNode {
    if (depth > CRITERIA_LIMITS.maxDepth) {
      throw new CriteriaError(`filters are nested deeper than ${CRITERIA_LIMITS.maxDepth} levels`);
    }
    if (!isPlainObject(raw)) throw new CriteriaError('each filter must be an object');
    const keys = Object.keys(raw);
    if (keys.length === 1 && (keys[0] === 'and' || keys[0] === 'or')) {
      const conjunction = keys[0];
      const children = raw[conjunction];
      if (!Array.isArray(children)) throw new CriteriaError(`filters: "${conjunction}" must hold a list`);
      return { kind: 'group', conjunction, children: children.map((c) => this.parse(c, depth + 1)) };
    }
    return this.condition(raw);
  }

  private condition(raw: Record<string, unknown>): FilterNode {
    for (const key of Object.keys(raw)) {
      if (!['operation', 'name', 'type', 'value'].includes(key)) {
        throw new CriteriaError(`filters: unknown key "${key.slice(0, 50)}"`);
      }
    }
    if (++this.conditions > CRITERIA_LIMITS.maxConditions) {
      throw new CriteriaError(`filters hold more than ${CRITERIA_LIMITS.maxConditions} conditions`);
    }
    const { operation, name, type, value } = raw;
    const column = typeof name === 'string' ? this.columns.get(name) : undefined;
    if (!column) throw new CriteriaError(`filters: unknown column "${shown(name)}"`);
    if (!column.filterable) throw new CriteriaError(`filters: column ${column.name} cannot be filtered`);
    if (!FILTER_OPERATIONS.includes(operation as FilterOperation)) {
      throw new CriteriaError(`filters: unknown operation "${shown(operation)}" on ${column.name}`);
    }
    if (!FILTER_TYPES.includes(type as FilterType)) {
      throw new CriteriaError(`filters: unknown type "${shown(type)}" on ${column.name}`);
    }
    return {
      kind: 'condition',
      column,
      operation: operation as FilterOperation,
      value: parseValue(column, operation as FilterOperation, type as FilterType, value),
    };
  }
}

function parseSort(raw: unknown, columns: ReadonlyMap<string, CatalogColumn>): SortKey[] {
  if (raw === undefined || raw === '') return [];
  const list = json('sort', raw);
  if (!Array.isArray(list)) throw new CriteriaError('sort must be a JSON list of "mapKey=ASC|DESC"');
  if (list.length > MAX_SORT_KEYS) throw new CriteriaError(`sort takes at most ${MAX_SORT_KEYS} keys`);
  return list.map((entry) => {
    const match = typeof entry === 'string' ? /^([^=]{1,100})=(ASC|DESC)$/i.exec(entry) : null;
    if (!match) throw new CriteriaError(`sort: "${shown(entry)}" is not "mapKey=ASC|DESC"`);
    const column = columns.get(match[1] as string);
    if (!column) throw new CriteriaError(`sort: unknown column "${match[1]}"`);
    if (!column.sortable) throw new CriteriaError(`sort: column ${column.name} cannot be sorted`);
    return { column, direction: (match[2] as string).toUpperCase() as 'ASC' | 'DESC' };
  });
}

function parseFields(
  raw: unknown,
  entity: EntitySpec,
  columns: ReadonlyMap<string, CatalogColumn>,
): CatalogColumn[] {
  if (raw === undefined || raw === '') return entity.columns;
  const list = json('fields', raw);
  if (!Array.isArray(list) || list.length === 0)
    throw new CriteriaError('fields must be a JSON list of column names');
  const chosen = new Set<CatalogColumn>();
  for (const name of list) {
    const column = typeof name === 'string' ? columns.get(name) : undefined;
    if (!column) throw new CriteriaError(`fields: unknown column "${shown(name)}"`);
    chosen.add(column);
  }
  // The key always travels: row actions need it.
  chosen.add(columns.get(entity.key) as CatalogColumn);
  return entity.columns.filter((c) => chosen.has(c));
}

/** `sqlViewName` and `databaseName` may only name what the catalogue registers for the entity. */
export function resolveSource(entity: EntitySpec, query: QueryInput): string {
  return registeredView(entity, query);
}

export function parseFilters(raw: unknown, entity: EntitySpec): FilterNode | null {
  if (raw === undefined || raw === '') return null;
  const parsed = json('filters', raw);
  if (parsed === null) return null;
  return new FilterParser(columnMap(entity)).parse(parsed, 1);
}

/**
 * The list's search (`q`) as a filter: any of the entity's searchable columns containing the text,
 * case-insensitively (the planner's `contains`, an ILIKE with a bound parameter). Blank: none. A
 * search on a list without searchable columns, given twice or too long is refused naming `q`.
 */
export function parseSearch(raw: unknown, entity: EntitySpec): FilterNode | null {
  if (raw === undefined) return null;
  if (typeof raw !== 'string') throw new CriteriaError('q must be given once, as text');
  const text = raw.trim();
  if (text === '') return null;
  if (text.length > MAX_SEARCH_LENGTH) {
    throw new CriteriaError(`q is longer than ${MAX_SEARCH_LENGTH} characters`);
  }
  const columns = columnMap(entity);
  const searched = (entity.search ?? []).flatMap((name) => {
    const column = columns.get(name);
    return column ? [column] : [];
  });
  if (searched.length === 0) throw new CriteriaError(`q: ${entity.entity} has no searchable fields`);
  return {
    kind: 'group',
    conjunction: 'or',
    children: searched.map((column) => ({
      kind: 'condition',
      column,
      operation: 'contains',
      value: { kind: 'scalar', value: text },
    })),
  };
}

/** The list's rows: its filters and its search (`q`), both holding. */
export function parseCriteria(query: QueryInput, entity: EntitySpec): FilterNode | null {
  const filter = parseFilters(query.filters, entity);
  const search = parseSearch(query.q, entity);
  if (!search) return filter;
  if (!filter) return search;
  return { kind: 'group', conjunction: 'and', children: [filter, search] };
}

export function parseListQuery(query: QueryInput, entity: EntitySpec): ListRequest {
  for (const key of Object.keys(query)) {
    if (!LIST_PARAMS.has(key)) throw new CriteriaError(`Unknown query parameter "${key.slice(0, 50)}"`);
  }
  const columns = columnMap(entity);
  return {
    filter: parseCriteria(query, entity),
    sort: parseSort(query.sort, columns),
    fields: parseFields(query.fields, entity, columns),
    pageSize: integer(
      'pageSize',
      query.pageSize,
      DEFAULT_PAGE_SIZE,
      CRITERIA_LIMITS.minPageSize,
      CRITERIA_LIMITS.maxPageSize,
    ),
    pageIndex: integer('pageIndex', query.pageIndex, 0, 0, MAX_PAGE_INDEX),
    view: resolveSource(entity, query),
  };
}
