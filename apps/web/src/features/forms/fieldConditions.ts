/**
 * A form's conditional fields (`visibleWhen`, `requiredWhen`, `keepWhen`; the rules are shared with
 * the server in `@bm/contracts`) and its cascades: a field whose lookup names another field's value
 * (`sourceParams: {countryId: '{countryName}'}`) is cleared when that field changes, as is everything
 * that depends on it in turn; a field whose `keepWhen` no longer holds is cleared too.
 */
import { conditionScope, isFieldShown, mustClearField, rulesInForm } from '@bm/contracts';
import { displayKey } from '../../fields/displayKey.ts';
import type { FormField } from '../../fields/formField.ts';
import { parentKeysOf } from '../../fields/options/sourceUrl.ts';

type Values = Readonly<Record<string, unknown>>;

/** A field whose rules depend on the values: required when…, or a bound read from another value. */
const dependsOnValues = (field: FormField): boolean =>
  Boolean(field.spec.requiredWhen) || field.rules.some((r) => r.limitFrom !== undefined);

/**
 * The fields shown for these values, each with the rules that apply to it now (required while its
 * `requiredWhen` holds; a bound read from another value, such as the payment's amount, set).
 */
export function shownFields(fields: readonly FormField[], values: Values): readonly FormField[] {
  // Most forms have no conditions: they render as they are, with no scope built per keystroke.
  if (!fields.some((f) => f.spec.visibleWhen || dependsOnValues(f))) return fields;
  const scope = conditionScope(fields, values);
  return fields.flatMap((field) => {
    if (!isFieldShown(field.spec, scope)) return [];
    if (!dependsOnValues(field)) return [field];
    const rules = rulesInForm(field.spec, scope, field.rules);
    return [{ ...field, rules, required: rules.some((r) => r.name === 'required') }];
  });
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/**
 * What else changes when `changed` is set in `values` (which already hold its new value): its
 * dependent lookups emptied, in cascade (with `cascade`), and every field whose keepWhen fails
 * emptied (with `keep`).
 * A cleared lookup loses its display text as well. Returns only the values to set.
 */
export function consequencesOf(
  fields: readonly FormField[],
  changed: FormField,
  values: Values,
  { cascade = true, keep = true }: { cascade?: boolean; keep?: boolean } = {},
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...values };
  const out: Record<string, unknown> = {};
  const clear = (field: FormField) => {
    if (isEmpty(next[field.mapKey])) return false;
    for (const key of [field.mapKey, displayKey(field.mapKey)]) {
      next[key] = null;
      out[key] = null;
    }
    return true;
  };
  const queue = cascade ? [changed] : [];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const parent = queue.shift() as FormField;
    if (seen.has(parent.mapKey)) continue;
    seen.add(parent.mapKey);
    const names = new Set([parent.mapKey, parent.spec.mapKeyId].filter(Boolean));
    // A lookup filtered by the record the parent picked (`{payment.scheme}`) depends on it too.
    const related = typeof parent.spec.related === 'string' ? `${parent.spec.related.trim()}.` : undefined;
    const dependsOn = (name: string) =>
      names.has(name) || (related !== undefined && name.startsWith(related));
    for (const field of fields) {
      if (field === changed || !parentKeysOf(field.spec).some(dependsOn)) continue;
      clear(field);
      queue.push(field);
    }
  }
  // A cleared field may make another's keepWhen fail: repeat until nothing more is cleared.
  const kept = keep ? fields.filter((f) => f.spec.keepWhen) : [];
  for (let round = 0; kept.length > 0 && round < kept.length; round++) {
    const scope = conditionScope(fields, next);
    const failing = kept.filter((f) => mustClearField(f.spec, scope) && !isEmpty(next[f.mapKey]));
    if (failing.length === 0) break;
    for (const field of failing) clear(field);
  }
  return out;
}
