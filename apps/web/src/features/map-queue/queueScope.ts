/**
 * The queue's scope as the address keeps it (one parameter per published filter), so a
 * filtered queue can be linked and reloaded, and the query string the API takes for it. Which keys
 * there are, and what a value of each looks like, come from the filters the server publishes with
 * the queue (the map header's `queue.filters`): nothing here knows one filter from another.
 */
import type { MapHeader, MapScope } from '@bm/contracts';

export type QueueFilter = NonNullable<MapHeader['queue']>['filters'][number];

/** A value of one filter as it may stand in the scope, or undefined when the text is not one. */
function scopeValueOf(filter: QueueFilter, text: string | null | undefined): string | number | undefined {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return undefined;
  if (filter.input === 'lookup') {
    const id = Number(trimmed);
    return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
  }
  if (filter.input === 'code') {
    const code = trimmed.toUpperCase();
    return /^[A-Z]{2}$/.test(code) ? code : undefined;
  }
  return trimmed.length <= 60 ? trimmed : undefined;
}

/** The scope with one filter set to `value` (or left out when the value is not one). */
export function withScopeValue(scope: MapScope, filter: QueueFilter, text: string | null): MapScope {
  const { [filter.key]: _drop, ...rest } = scope;
  const value = scopeValueOf(filter, text);
  return value === undefined ? rest : { ...rest, [filter.key]: value };
}

export function scopeFromSearch(search: string, filters: readonly QueueFilter[]): MapScope {
  const params = new URLSearchParams(search);
  let scope: MapScope = {};
  for (const filter of filters) scope = withScopeValue(scope, filter, params.get(filter.key));
  return scope;
}

export function scopeToSearch(scope: MapScope): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(scope)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/** The queue call's query: the scope and the records skipped in this visit (at most 500). */
export function queueQuery(scope: MapScope, skipped: readonly number[]): string {
  const params = new URLSearchParams(scopeToSearch(scope));
  if (skipped.length > 0) params.set('exclude', skipped.slice(-500).join(','));
  return params.toString();
}
