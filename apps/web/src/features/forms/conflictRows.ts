/**
 * What a stale save's dialog lists (409 on a stale rowVersion; issue: "field by field, the user's value
 * and the stored one"): every field whose edited value differs from the value stored now.
 */
import type { FormField } from '../../fields/formField.ts';

export interface ConflictRow {
  mapKey: string;
  label: string;
  mine: string;
  stored: string;
}

export function displayValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export function conflictRows(
  fields: readonly FormField[],
  mine: Readonly<Record<string, unknown>>,
  stored: Readonly<Record<string, unknown>>,
): ConflictRow[] {
  return fields
    .filter((f) => f.type !== 'spacer' && !same(mine[f.mapKey], stored[f.mapKey]))
    .map((f) => ({
      mapKey: f.mapKey,
      label: f.label,
      mine: displayValue(mine[f.mapKey]),
      stored: displayValue(stored[f.mapKey]),
    }));
}
