/**
 * The one form rule engine, run by the browser before a save and by the server on it, so both give
 * the same verdict and message. A field's rules come from its spec's `validations`: either
 * pipe-joined rule names (`required|minlength:3|email`, a bound after ':' or '=', also ',' or ';'
 * between names) with pipe-joined `validationMessages`, or a list of `{name, message, value}`.
 * Names ignore case and surrounding spaces. Rules run in order and the first failure's message is
 * the field's error. The readings behind each rule are in docs/adr/0004-form-engine.md.
 *
 * Pure TypeScript over plain values: no DOM, no Node.
 */
import { VALIDATION_RULES, type ValidationRuleName } from './form.ts';
import { type CompiledPattern, compilePattern } from './pattern-matcher.ts';
import { isPresetPart, type PresetPart, presetPartProblem } from './preset-parts.ts';

export interface FieldRule {
  name: ValidationRuleName;
  message: string;
  /** minlength and maxlength only: the number of characters (or items of a list). */
  bound?: number;
  /** min and max only: the smallest or largest number allowed. */
  limit?: number;
  /**
   * min and max only, for a bound written `{key}`: the form's value (or a related record's,
   * `payment.amount`) the bound is read from. rulesInForm (form-conditions.ts) turns it into `limit`
   * for the values at hand, and drops the rule while that value is not known.
   */
  limitFrom?: string;
  /** pattern only: the expression the whole value must match, run in linear time (safePattern). */
  pattern?: CompiledPattern;
  /** presetpart only: which part of a preset definition the JSON text is (preset-parts.ts). */
  part?: PresetPart;
}

/** A rule's message when the preset gives none. */
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
  min: 'The number is too small',
  max: 'The number is too large',
  pattern: 'The value does not have the required format',
  url: 'Please enter a full web address starting with http:// or https://',
  presetpart: 'Not a valid part of a preset definition',
};

/** What a field spec holds of its rules; read defensively, since the server gets presets as JSON. */
export interface RuleSource {
  validations?: unknown;
  validationMessages?: unknown;
  inputProps?: unknown;
}

const SPECIAL_CHARACTERS = /["<>()'%;+&\\*?~|#@!]/;
const LETTERS = /^[\p{L}\s]+$/u;
const DIGITS = /^\d+$/;
// The usual pragmatic address check: something@something.tld, no spaces anywhere.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const ruleNameOf = (raw: unknown): ValidationRuleName | undefined => {
  const name = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  return (VALIDATION_RULES as readonly string[]).includes(name) ? (name as ValidationRuleName) : undefined;
};

/** A bound is a whole number of characters, written as a number or as digits. */
function boundOf(raw: unknown): number | undefined {
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

function inputBound(inputProps: unknown, key: 'minLength' | 'maxLength'): number | undefined {
  if (typeof inputProps !== 'object' || inputProps === null || !Object.hasOwn(inputProps, key))
    return undefined;
  return boundOf((inputProps as Record<string, unknown>)[key]);
}

function entriesOf(source: RuleSource): Array<{ name: unknown; message: unknown; value: unknown }> {
  const { validations } = source;
  if (Array.isArray(validations)) {
    return validations.map((rule: unknown) => {
      const r = typeof rule === 'object' && rule !== null ? (rule as Record<string, unknown>) : {};
      return { name: r.name, message: r.message, value: r.value };
    });
  }
  if (typeof validations !== 'string') return [];
  const messages = typeof source.validationMessages === 'string' ? source.validationMessages.split('|') : [];
  // Names may be joined by '|', ',' or ';'; the messages stay '|'-joined, one per name by position.
  return validations.split(/[|,;]/).map((entry, index) => {
    const at = entry.search(/[:=]/);
    return {
      name: at < 0 ? entry : entry.slice(0, at),
      value: at < 0 ? undefined : entry.slice(at + 1),
      message: messages[index],
    };
  });
}

/** A bound that names where it is read from: `{paymentAmount}`, `{payment.amount}`. */
const BOUND_FROM = /^\{([^{}]+)\}$/;

/** A number as a preset (or a lookup's numeric column) writes it: a finite number, or its digits (sign and decimals allowed). */
const NUMBER_TEXT = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/;
export function ruleNumber(raw: unknown): number | undefined {
  const n =
    typeof raw === 'number' ? raw : typeof raw === 'string' && NUMBER_TEXT.test(raw) ? Number(raw) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

function inputLimit(inputProps: unknown, key: 'min' | 'max'): number | undefined {
  if (typeof inputProps !== 'object' || inputProps === null || !Object.hasOwn(inputProps, key))
    return undefined;
  return ruleNumber((inputProps as Record<string, unknown>)[key]);
}

/** The longest pattern a preset may give, and the longest value a pattern is tried on. */
export const MAX_PATTERN_LENGTH = 200;
const MAX_PATTERN_INPUT = 1000;

/**
 * A preset's pattern, compiled, or undefined when it is not one we run. Presets are edited by
 * administrators and the server runs the pattern on every save, so JavaScript's backtracking
 * RegExp, where `(a|a)*b` takes seconds, is never used for it: the pattern runs on our own
 * linear-time matcher (pattern-matcher.ts), which refuses backreferences, lookaround and automata
 * of more than 1,000 states. Refused as well: more than 200 characters. Anchored: the whole value
 * must match.
 */
export function safePattern(source: unknown): CompiledPattern | undefined {
  if (typeof source !== 'string' || source.length > MAX_PATTERN_LENGTH) return undefined;
  return compilePattern(source);
}

/**
 * The rules of a field, in order. Unknown names are dropped; a rule without a message gets the
 * default one; a length rule without a bound takes the input's own `minLength`/`maxLength`, and
 * min/max their input's `min`/`max`, and is dropped when there is none (a limit of nothing limits
 * nothing). A pattern that is missing, invalid or unsafe (safePattern) is dropped the same way, on
 * the browser and the server alike; the database's own checks still hold.
 */
export function parseFieldRules(source: RuleSource): FieldRule[] {
  return entriesOf(source).flatMap<FieldRule>(({ name: rawName, message: rawMessage, value }) => {
    const name = ruleNameOf(rawName);
    if (!name) return [];
    const message = (typeof rawMessage === 'string' && rawMessage.trim()) || DEFAULT_RULE_MESSAGES[name];
    if (name === 'min' || name === 'max') {
      const from = typeof value === 'string' ? BOUND_FROM.exec(value.trim())?.[1]?.trim() : undefined;
      if (from) return [{ name, message, limitFrom: from }];
      const limit = ruleNumber(value) ?? inputLimit(source.inputProps, name);
      return limit === undefined ? [] : [{ name, message, limit }];
    }
    if (name === 'presetpart') return isPresetPart(value) ? [{ name, message, part: value }] : [];
    if (name === 'pattern') {
      const pattern = safePattern(value);
      return pattern ? [{ name, message, pattern }] : [];
    }
    if (name !== 'minlength' && name !== 'maxlength') return [{ name, message }];
    const bound =
      boundOf(value) ?? inputBound(source.inputProps, name === 'minlength' ? 'minLength' : 'maxLength');
    return bound === undefined ? [] : [{ name, message, bound }];
  });
}

/** An absolute http(s) address with a host and no spaces. */
function isWebAddress(text: string): boolean {
  if (/\s/.test(text) || !URL.canParse(text)) return false;
  const url = new URL(text);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** Empty for every rule: nothing, text of only spaces, or an empty list. `0` and `false` are values. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const textOf = (value: unknown): string => (typeof value === 'string' ? value : String(value));

/** Characters (code points, so an emoji is one), or the items of a list. */
const lengthOf = (value: unknown): number =>
  Array.isArray(value) ? value.length : value === null || value === undefined ? 0 : [...textOf(value)].length;

function parsesAsJson(value: unknown): boolean {
  if (typeof value !== 'string') return true;
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a value passes one rule. Every rule but required, checked and maxlength lets an empty
 * value pass (an optional field may stay empty); maxlength counts whatever is there, spaces too.
 */
export function ruleAccepts(rule: FieldRule, value: unknown): boolean {
  const { name, bound } = rule;
  if (name === 'required') return !isEmptyValue(value);
  if (name === 'checked') return value === true;
  if (name === 'maxlength') return bound === undefined || lengthOf(value) <= bound;
  if (isEmptyValue(value)) return true;
  const text = textOf(value);
  switch (name) {
    case 'minlength':
      return bound === undefined || lengthOf(value) >= bound;
    case 'number':
      return DIGITS.test(text);
    case 'email':
      return EMAIL.test(text);
    case 'json':
      return parsesAsJson(value);
    case 'specialchars':
      return !SPECIAL_CHARACTERS.test(text);
    case 'letters':
      return LETTERS.test(text);
    // A value that is not a number is outside every numeric range.
    case 'min': {
      const n = ruleNumber(value);
      return n !== undefined && (rule.limit === undefined || n >= rule.limit);
    }
    case 'max': {
      const n = ruleNumber(value);
      return n !== undefined && (rule.limit === undefined || n <= rule.limit);
    }
    case 'pattern':
      return text.length <= MAX_PATTERN_INPUT && (rule.pattern?.test(text) ?? true);
    case 'url':
      return isWebAddress(text);
    case 'presetpart':
      return rule.part === undefined || presetPartProblem(rule.part, value) === undefined;
  }
}

/** The message of the first rule the value fails, or undefined when it passes them all. */
export function checkRules(rules: readonly FieldRule[], value: unknown): string | undefined {
  const failed = rules.find((rule) => !ruleAccepts(rule, value));
  // A preset part says what is wrong with it, and where.
  if (failed?.name === 'presetpart' && failed.part !== undefined)
    return presetPartProblem(failed.part, value) ?? failed.message;
  return failed?.message;
}
