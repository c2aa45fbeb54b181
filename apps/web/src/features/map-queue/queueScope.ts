/**
 * The queue's scope as the address keeps it (`?merchantId=3&recordKind=Airport&country=DE`), so a
 * filtered queue can be linked and reloaded, and the query string the API takes for it.
 */
import type { MapScope } from '@bm/contracts';

export function scopeFromSearch(search: string): MapScope {
  const params = new URLSearchParams(search);
  const merchantId = Number(params.get('merchantId'));
  const recordKind = params.get('recordKind')?.trim();
  const country = params.get('country')?.trim().toUpperCase();
  return {
    ...(Number.isInteger(merchantId) && merchantId > 0 ? { merchantId } : {}),
    ...(recordKind ? { recordKind } : {}),
    ...(country && /^[A-Z]{2}$/.test(country) ? { country } : {}),
  };
}

export function scopeToSearch(scope: MapScope): string {
  const params = new URLSearchParams();
  if (scope.merchantId !== undefined) params.set('merchantId', String(scope.merchantId));
  if (scope.recordKind) params.set('recordKind', scope.recordKind);
  if (scope.country) params.set('country', scope.country);
  return params.toString();
}

/** The queue call's query: the scope and the records skipped in this visit (at most 500). */
export function queueQuery(scope: MapScope, skipped: readonly number[]): string {
  const params = new URLSearchParams(scopeToSearch(scope));
  if (skipped.length > 0) params.set('exclude', skipped.slice(-500).join(','));
  return params.toString();
}
