/**
 * A field's validation rules in the one shape the form checks: a preset gives them as a pipe-joined
 * list of rule names (`required|maxlength:50|email`, a bound after ':' or '=') with a pipe-joined
 * `validationMessages`, or as a list of `{name, message, value}`. Both read the same here.
 * Unknown rule names are dropped; a rule without a message gets the default one.
 */
import { type FormFieldSpec, VALIDATION_RULES, type ValidationRuleName } from '@bm/contracts';

export interface ParsedRule {
  name: ValidationRuleName;
  message: string;
  value?: number | string | undefined;
}

export const DEFAULT_RULE_MESSAGES: Record<ValidationRuleName, string> = {
  required: 'This field is required',
  checked: 'This box must be ticked',
  minlength: 'The value is too short',
  maxlength: 'The value is too long',
  number: 'Only digits are allowed',
  email: 'Please enter a valid email address',
  json: 'Please enter valid JSON',
  specialchars: 'Special characters are not allowed',
  letters: 'Only letters are allowed',
};

const isRuleName = (name: string): name is ValidationRuleName =>
  (VALIDATION_RULES as readonly string[]).includes(name);

function boundOf(raw: string | number | undefined): number | string | undefined {
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : raw;
}

function fromString(names: string, messages: string | undefined): ParsedRule[] {
  const texts = (messages ?? '').split('|');
  // Names are pipe-joined (or joined by another separator); the messages stay pipe-joined.
  return names.split(/[|,;]/).flatMap((entry, index) => {
    const [rawName = '', rawValue] = entry.split(/[:=]/, 2);
    const name = rawName.trim().toLowerCase();
    if (!isRuleName(name)) return [];
    const message = texts[index]?.trim() || DEFAULT_RULE_MESSAGES[name];
    return [{ name, message, value: boundOf(rawValue?.trim()) }];
  });
}

export function parseRules(
  spec: Pick<FormFieldSpec, 'validations' | 'validationMessages' | 'inputProps'>,
): ParsedRule[] {
  const { validations } = spec;
  const rules = Array.isArray(validations)
    ? validations.map((rule) => ({
        name: rule.name,
        message: rule.message?.trim() || DEFAULT_RULE_MESSAGES[rule.name],
        value: boundOf(rule.value),
      }))
    : typeof validations === 'string'
      ? fromString(validations, spec.validationMessages)
      : [];
  // A bound rule without a value takes the input's own limit, when the preset gives one.
  return rules.map((rule) => {
    if (rule.value !== undefined) return rule;
    if (rule.name === 'maxlength')
      return { ...rule, value: boundOf(numberProp(spec.inputProps, 'maxLength')) };
    if (rule.name === 'minlength')
      return { ...rule, value: boundOf(numberProp(spec.inputProps, 'minLength')) };
    return rule;
  });
}

function numberProp(props: Record<string, unknown> | undefined, key: string): number | undefined {
  const value = props?.[key];
  return typeof value === 'number' ? value : undefined;
}
