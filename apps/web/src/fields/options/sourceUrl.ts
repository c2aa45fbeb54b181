/**
 * The dropdown call of a field: `pageSize=1000` plus the spec's
 * sourceParams (sqlViewName, databaseName, filters). A param written `{parentKey}` takes the parent
 * field's current value, so a dependent field preloads from its parent; while the parent is empty
 * there is nothing to load (undefined).
 */
import type { FormFieldSpec } from '@bm/contracts';

const PLACEHOLDER = /^\{([^{}]+)\}$/;
const DROPDOWN_PAGE_SIZE = 1000;

export function substituteParams(
  params: Record<string, unknown> | undefined,
  values: Readonly<Record<string, unknown>>,
): URLSearchParams | undefined {
  const query = new URLSearchParams();
  for (const [key, raw] of Object.entries(params ?? {})) {
    const match = typeof raw === 'string' ? PLACEHOLDER.exec(raw) : null;
    const value = match ? values[match[1] ?? ''] : raw;
    if (value === null || value === undefined || value === '') {
      if (match) return undefined;
      continue;
    }
    query.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return query;
}

export const withQuery = (path: string, query: URLSearchParams): string => {
  const text = query.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
};

export function sourceUrl(
  spec: Pick<FormFieldSpec, 'source' | 'sourceParams'>,
  values: Readonly<Record<string, unknown>>,
): string | undefined {
  if (!spec.source) return undefined;
  const query = substituteParams(spec.sourceParams, values);
  if (!query) return undefined;
  if (!query.has('pageSize')) query.set('pageSize', String(DROPDOWN_PAGE_SIZE));
  return withQuery(spec.source, query);
}

/** The parent fields (map keys) the source names, so its options change with them. */
export const parentKeysOf = (spec: Pick<FormFieldSpec, 'sourceParams'>): string[] =>
  Object.values(spec.sourceParams ?? {}).flatMap((raw) => {
    const name = typeof raw === 'string' ? PLACEHOLDER.exec(raw)?.[1] : undefined;
    return name ? [name] : [];
  });
