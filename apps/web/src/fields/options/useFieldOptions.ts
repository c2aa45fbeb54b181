/**
 * A select's options: the fixed list, or the dropdown call's rows, cached per URL and refreshed
 * after 5 minutes like the filter dropdowns. A failed lookup is alerted by the HTTP
 * client and leaves the list empty.
 */
import type { FormFieldSpec } from '@bm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useHttp } from '../../app/http/HttpContext.tsx';
import type { FormValues } from '../fieldWidget.ts';
import { type FieldOption, fixedOptions, rowsOf, rowsToOptions } from './fieldOptions.ts';
import { sourceUrl } from './sourceUrl.ts';

const OPTIONS_STALE_MS = 5 * 60_000;
const NO_OPTIONS: FieldOption[] = [];

export function useFieldOptions(
  spec: FormFieldSpec,
  values: FormValues,
): { options: FieldOption[]; loading: boolean } {
  const http = useHttp();
  const fixed = fixedOptions(spec);
  const url = fixed ? undefined : sourceUrl(spec, values);
  const query = useQuery({
    queryKey: ['fieldOptions', url, spec.valueFieldName, spec.displayFieldName],
    queryFn: async ({ signal }) =>
      rowsToOptions(rowsOf(await http.request<unknown>(url ?? '', { signal })), spec),
    enabled: url !== undefined,
    staleTime: OPTIONS_STALE_MS,
    retry: false,
  });
  if (fixed) return { options: fixed, loading: false };
  return { options: query.data ?? NO_OPTIONS, loading: query.isFetching };
}
