/**
 * Conditional form fields, read the same way by the browser and by the server. A field spec may say
 * - `visibleWhen`: the field shows only while the condition holds over the form's values; a hidden
 *   field is not checked and its value is not sent (a hidden field that edits an id is sent empty);
 * - `requiredWhen`: while it holds, the field is required ('This field is required');
 * - `keepWhen`: when a change makes it false, the field's value is cleared.
 * Conditions are in the row-action language (evaluateCondition) and read the form's values by map
 * key, and the value of a field that edits an id also by that id key (`locationTypeId == 4`).
 */
import { evaluateCondition } from './expression/evaluate.ts';
import { DEFAULT_RULE_MESSAGES, type FieldRule, parseFieldRules, type RuleSource } from './field-rules.ts';

export interface ConditionalSpec extends RuleSource {
  mapKeyId?: string | undefined;
  visibleWhen?: string | undefined;
  requiredWhen?: string | undefined;
  keepWhen?: string | undefined;
}

export interface ConditionalField {
  mapKey: string;
  spec: ConditionalSpec;
}

/** The values a condition reads: each by map key, and an id-editing field's also by its id key. */
export function conditionScope(
  fields: readonly ConditionalField[],
  values: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  // Keys may come from a caller, so they are defined, never assigned: `__proto__` stays a key.
  const scope: Record<string, unknown> = {};
  const put = (key: string, value: unknown) =>
    Object.defineProperty(scope, key, { value, enumerable: true, writable: true, configurable: true });
  for (const [key, value] of Object.entries(values)) put(key, value);
  for (const field of fields) {
    const idKey = field.spec.mapKeyId;
    if (idKey && !Object.hasOwn(values, idKey) && Object.hasOwn(values, field.mapKey))
      put(idKey, values[field.mapKey]);
  }
  return scope;
}

const stated = (condition: string | undefined): condition is string =>
  typeof condition === 'string' && condition.trim() !== '';

/** Whether the field shows for these values (always, without a `visibleWhen`). */
export const isFieldShown = (spec: ConditionalSpec, scope: Readonly<Record<string, unknown>>): boolean =>
  !stated(spec.visibleWhen) || evaluateCondition(spec.visibleWhen, scope);

/** Whether a change to these values must clear the field (only with a `keepWhen` that fails). */
export const mustClearField = (spec: ConditionalSpec, scope: Readonly<Record<string, unknown>>): boolean =>
  stated(spec.keepWhen) && !evaluateCondition(spec.keepWhen, scope);

const REQUIRED: FieldRule = { name: 'required', message: DEFAULT_RULE_MESSAGES.required };

/**
 * The rules that apply to the field for these values: none while it is hidden; its own rules,
 * with 'required' first while its `requiredWhen` holds.
 */
export function rulesInForm(
  spec: ConditionalSpec,
  scope: Readonly<Record<string, unknown>>,
  rules: readonly FieldRule[] = parseFieldRules(spec),
): readonly FieldRule[] {
  if (!isFieldShown(spec, scope)) return [];
  if (!stated(spec.requiredWhen) || !evaluateCondition(spec.requiredWhen, scope)) return rules;
  return rules.some((r) => r.name === 'required') ? rules : [REQUIRED, ...rules];
}
