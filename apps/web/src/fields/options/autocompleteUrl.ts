/**
 * The autocomplete lookup: the field's fetchAPI (else its source) with the typed text
 * as `name`, plus its sourceParams with parent values substituted; undefined while a parent is empty.
 */
import type { FormFieldSpec } from '@bm/contracts';
import { substituteParams, withQuery } from './sourceUrl.ts';

export const AUTOCOMPLETE_DELAY_MS = 500;
export const NO_SUCH_DATA = 'There is no such data';

export function autocompleteUrl(
  spec: Pick<FormFieldSpec, 'fetchAPI' | 'source' | 'sourceParams'>,
  text: string,
  values: Readonly<Record<string, unknown>>,
): string | undefined {
  const path = spec.fetchAPI || spec.source;
  if (!path) return undefined;
  const query = substituteParams(spec.sourceParams, values);
  if (!query) return undefined;
  query.set('name', text);
  return withQuery(path, query);
}
