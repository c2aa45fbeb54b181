/**
 * Conditional form fields, read the same way by the browser and by the server. A field spec may say
 * - `visibleWhen`: the field shows only while the condition holds over the form's values; a hidden
 *   field is not checked and its value is not sent (a hidden field that edits an id is sent empty);
 * - `requiredWhen`: while it holds, the field is required ('This field is required');
 * - `keepWhen`: when a change makes it false, the field's value is cleared.
 * Conditions are in the row-action language (evaluateCondition) and read the form's values by map
 * key, and the value of a field that edits an id also by that id key (`locationTypeId == 4`).
 *
 * Business rules that depend on other values (ADR 0027) are declared on the field the same way, and
 * read here by both sides:
 * - `requiredMessage`: what `requiredWhen` says when it refuses, in words that name the rule
 *   ('Paid at is required when the status is Captured or Refunded');
 * - `related: 'payment'` on a field that picks a row of a lookup by id: the picked row's columns are
 *   readable as `payment.amount`, `payment.scheme`, … by the other fields' bounds, lookups and
 *   messages. The browser reads the row with the lookup's filter on its value column
 *   (`?id=…`), the server from the lookup's view, so both see the same row;
 * - a `min` or `max` bound written `{key}` (`{payment.amount}`) is read from those values, and the
 *   rule is left out while the value is not known;
 * - `sourceParams` naming a value (`{scheme: '{payment.scheme}'}`) filter the options on both sides:
 *   the browser offers only those, and the server refuses any other with `optionsMessage`.
 * Messages may name values as `{key}` (`{payment.amount}`, and `{value}` for the value given).
 */
import { evaluateCondition } from './expression/evaluate.ts';
import {
  DEFAULT_RULE_MESSAGES,
  type FieldRule,
  parseFieldRules,
  type RuleSource,
  ruleNumber,
} from './field-rules.ts';

export interface ConditionalSpec extends RuleSource {
  mapKeyId?: string | undefined;
  visibleWhen?: string | undefined;
  requiredWhen?: string | undefined;
  keepWhen?: string | undefined;
  /** The message while `requiredWhen` holds and the field is empty (default 'This field is required'). */
  requiredMessage?: string | undefined;
  /** The name the picked lookup row is read under by the other fields (`payment` → `payment.amount`). */
  related?: string | undefined;
  /** The message for a value that is not among the options its `sourceParams` filter to. */
  optionsMessage?: string | undefined;
}

/** The form's business-rule keys on a field spec, as an area's manifest declares them. */
export type RuleSettings = Pick<ConditionalSpec, 'requiredMessage' | 'related' | 'optionsMessage'>;

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

const TOKEN = /\{([^{}]+)\}/g;
const PLACEHOLDER = /^\{([^{}]+)\}$/;

const known = (value: unknown): boolean => value !== null && value !== undefined && value !== '';

/**
 * A message with the values it names filled in: `{payment.amount}` from the scope, `{value}` from
 * `value`. A token whose value is not known stays as written.
 */
export function fillMessage(
  template: string,
  scope: Readonly<Record<string, unknown>>,
  value?: unknown,
): string {
  return template.replace(TOKEN, (token, key: string) => {
    const name = key.trim();
    const v =
      name === 'value' && value !== undefined ? value : Object.hasOwn(scope, name) ? scope[name] : undefined;
    return known(v) && typeof v !== 'object' ? String(v) : token;
  });
}

/**
 * The scope's entries for a related record: each column of the picked row under `{name}.{column}`
 * (ADR 0027). Defined, never assigned, as conditionScope does.
 */
export function relatedScope(
  name: string,
  row: Readonly<Record<string, unknown>> | undefined,
): Record<string, unknown> {
  const scope: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row ?? {}))
    Object.defineProperty(scope, `${name}.${column}`, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return scope;
}

/** The fields whose picked row other fields read (`related`), with the name they read it under. */
export const relatedFieldsOf = <F extends ConditionalField>(fields: readonly F[]): F[] =>
  fields.filter((f) => stated(f.spec.related) && /^[A-Za-z][A-Za-z0-9_]*$/.test(f.spec.related.trim()));

/**
 * A lookup's parameters as the field names them (`sourceParams`), each `{key}` read from the scope.
 * `missing` when a named value is not known: the field has no options yet (the browser) and its
 * value cannot be judged against them (the server).
 */
export function resolvedSourceParams(
  params: Readonly<Record<string, unknown>> | undefined,
  scope: Readonly<Record<string, unknown>>,
): { params: Record<string, unknown>; named: string[]; missing: boolean } {
  const out: Record<string, unknown> = {};
  const named: string[] = [];
  let missing = false;
  for (const [param, raw] of Object.entries(params ?? {})) {
    const key = typeof raw === 'string' ? PLACEHOLDER.exec(raw)?.[1] : undefined;
    if (key === undefined) {
      if (known(raw)) out[param] = raw;
      continue;
    }
    named.push(param);
    const value = Object.hasOwn(scope, key) ? scope[key] : undefined;
    if (known(value)) out[param] = value;
    else missing = true;
  }
  return { params: out, named, missing };
}

const REQUIRED: FieldRule = { name: 'required', message: DEFAULT_RULE_MESSAGES.required };

/**
 * The rules that apply to the field for these values: none while it is hidden; its own rules,
 * with 'required' first while its `requiredWhen` holds (saying `requiredMessage`), and a bound
 * read from another value (`limitFrom`) set from the scope, or left out while that value is not
 * known. Messages naming values (`{payment.amount}`) are filled in.
 */
export function rulesInForm(
  spec: ConditionalSpec,
  scope: Readonly<Record<string, unknown>>,
  rules: readonly FieldRule[] = parseFieldRules(spec),
): readonly FieldRule[] {
  if (!isFieldShown(spec, scope)) return [];
  const resolved = rules.some((r) => r.limitFrom !== undefined)
    ? rules.flatMap<FieldRule>((rule) => {
        if (rule.limitFrom === undefined) return [rule];
        const limit = ruleNumber(Object.hasOwn(scope, rule.limitFrom) ? scope[rule.limitFrom] : undefined);
        return limit === undefined ? [] : [{ ...rule, limit, message: fillMessage(rule.message, scope) }];
      })
    : rules;
  if (!stated(spec.requiredWhen) || !evaluateCondition(spec.requiredWhen, scope)) return resolved;
  if (resolved.some((r) => r.name === 'required')) return resolved;
  const message = stated(spec.requiredMessage) ? fillMessage(spec.requiredMessage.trim(), scope) : undefined;
  return [message ? { ...REQUIRED, message } : REQUIRED, ...resolved];
}
