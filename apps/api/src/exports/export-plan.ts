/**
 * What an export reads: the list's criteria (its filters and search, sort and visible columns, its view and
 * data source) checked by the list engine exactly as the list call checks them, and turned into
 * the list's own statement without its page. The send call plans once to refuse a bad request
 * with a 400; the job plans again when it runs, against the catalogue of that moment.
 */
import { type ExportCriteria, exportCriteriaSchema } from '@bm/contracts';
import { type CatalogColumn, type EntitySpec, entityRight } from '../../catalog/entity-spec.ts';
import { CriteriaError } from '../criteria/criteria.types.ts';
import { columnMap, parseListQuery } from '../criteria/parse-criteria.ts';
import { bothGuards, estimateSql, exportSql, ownerGuard, type SqlQuery } from '../criteria/plan-sql.ts';
import { rightHeldSql } from '../users/users.ts';
import type { SheetColumn } from './xlsx-sheet.ts';

export interface ExportPlan {
  entity: EntitySpec;
  /** The right the caller needs to read the list (its List right). */
  listRight: string;
  columns: SheetColumn[];
  sql: SqlQuery;
  estimate: SqlQuery;
}

/** The send payload's `criteria` (JSON text or an object) as checked criteria, or a CriteriaError. */
export function parseExportCriteria(raw: unknown): ExportCriteria {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new CriteriaError('criteria is not valid JSON');
    }
  }
  const parsed = exportCriteriaSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CriteriaError(
      `criteria: ${issue?.path.join('.') || 'value'} ${issue?.message ?? 'is invalid'}`,
    );
  }
  return parsed.data;
}

export function planExport(entity: EntitySpec, criteria: ExportCriteria, email: string): ExportPlan {
  const columns = columnMap(entity);
  const query: Record<string, unknown> = {
    fields: JSON.stringify(criteria.selector.map((c) => c.field)),
    ...(criteria.sort.length > 0 ? { sort: JSON.stringify(criteria.sort) } : {}),
    ...(criteria.filter !== undefined && criteria.filter !== null
      ? { filters: JSON.stringify(criteria.filter) }
      : {}),
    ...(criteria.search ? { q: criteria.search } : {}),
    ...(criteria.sqlViewName ? { sqlViewName: criteria.sqlViewName } : {}),
    ...(criteria.databaseName ? { databaseName: criteria.databaseName } : {}),
  };
  // The list engine checks every name, operator, value and limit, as for the list call.
  const request = parseListQuery(query, entity);
  const key = columns.get(entity.key);
  if (!key) throw new Error(`Entity ${entity.entity} has no key column`);
  const seen = new Set<string>();
  const chosen: { column: CatalogColumn; label: string; labels?: Record<string, string> | undefined }[] = [];
  for (const { field, label, labels } of criteria.selector) {
    if (seen.has(field)) throw new CriteriaError(`criteria: column ${field.slice(0, 50)} is listed twice`);
    seen.add(field);
    chosen.push({ column: columns.get(field) as CatalogColumn, label: label.trim() || field, labels });
  }
  const listRight = entityRight(entity, 'List');
  const guard = bothGuards(
    (param) => rightHeldSql(param(email, 'text'), param(listRight, 'text')),
    ownerGuard(entity.owner, email),
  );
  // The sheet's columns in the grid's order (the engine returns them in the catalogue's).
  const fields = chosen.map((c) => c.column);
  return {
    entity,
    listRight,
    columns: chosen.map((c) => ({
      header: c.label,
      type: c.column.type,
      ...(c.labels && c.column.type === 'text' ? { labels: c.labels } : {}),
    })),
    sql: exportSql({ ...request, fields }, key, guard),
    estimate: estimateSql(request, guard),
  };
}
