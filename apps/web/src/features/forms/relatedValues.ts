/**
 * A form's related records (ADR 0027): a field that picks a lookup row by id and names it
 * (`related: 'payment'`) makes that row's columns readable by the other fields' rules as
 * `payment.amount`, `payment.scheme`, … — a bound (`max: {payment.amount}`), a lookup's filter
 * (`sourceParams: {scheme: '{payment.scheme}'}`) and messages. The row is read through the same
 * lookup the field picks from, with its filter on the value column (`?id=…`), which is the row the
 * server reads from the lookup's view when it checks the save, so both judge by the same values.
 *
 * The values stay beside the form's own (never in its state): they are not the record's, so they
 * are never sent, never make the form "changed" and never go into a draft.
 */
import { relatedFieldsOf, relatedScope } from '@bm/contracts';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useHttp } from '../../app/http/HttpContext.tsx';
import type { FormField } from '../../fields/formField.ts';
import { rowsOf } from '../../fields/options/fieldOptions.ts';
import { withQuery } from '../../fields/options/sourceUrl.ts';

type Values = Readonly<Record<string, unknown>>;

const RELATED_STALE_MS = 60_000;

/** The lookup call reading the one row a related field picked, or undefined while it picked none. */
export function relatedUrl(field: FormField, value: unknown): string | undefined {
  const source = field.spec.source?.trim();
  if (!source || (typeof value !== 'string' && typeof value !== 'number') || value === '') return undefined;
  const query = new URLSearchParams({ [field.spec.valueFieldName || 'id']: String(value), pageSize: '1' });
  return withQuery(source, query);
}

/** The related values of these answers: each field's row under its name, in the fields' order. */
export function relatedValuesOf(
  fields: readonly FormField[],
  rows: readonly (Record<string, unknown> | undefined)[],
): Record<string, unknown> {
  const scope: Record<string, unknown> = {};
  fields.forEach((field, index) => {
    const entries = relatedScope(String(field.spec.related).trim(), rows[index]);
    for (const [key, value] of Object.entries(entries))
      Object.defineProperty(scope, key, { value, enumerable: true, writable: true, configurable: true });
  });
  return scope;
}

/** The values and the related values together, as the rules and the lookups read them. */
export function withRelated(values: Values, related: Values): Values {
  if (Object.keys(related).length === 0) return values;
  const merged: Record<string, unknown> = { ...values };
  for (const [key, value] of Object.entries(related))
    Object.defineProperty(merged, key, { value, enumerable: true, writable: true, configurable: true });
  return merged;
}

const firstRow = (body: unknown): Record<string, unknown> | undefined => {
  const [row] = rowsOf(body);
  return typeof row === 'object' && row !== null ? (row as Record<string, unknown>) : undefined;
};

/** The related values of the form's current picks; a row still loading or not found adds nothing. */
export function useRelatedValues(fields: readonly FormField[], values: Values): Record<string, unknown> {
  const http = useHttp();
  const related = useMemo(() => relatedFieldsOf(fields).filter((f) => f.spec.source), [fields]);
  const urls = related.map((field) => relatedUrl(field, values[field.mapKey]));
  const rows = useQueries({
    queries: urls.map((url) => ({
      queryKey: ['relatedRecord', url],
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        firstRow(await http.request<unknown>(url ?? '', { signal, silent: true })),
      enabled: url !== undefined,
      staleTime: RELATED_STALE_MS,
      retry: false,
    })),
    // Only the rows of the current picks count: an earlier pick's cached row is not this one's.
    combine: (results) => results.map((r, i) => (urls[i] === undefined ? undefined : r.data)),
  });
  const key = JSON.stringify(rows);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rows' content is the dependency.
  return useMemo(() => relatedValuesOf(related, rows), [related, key]);
}
