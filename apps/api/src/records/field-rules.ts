/**
 * Checks one submitted value against its form field: the type of its widget, then the field's
 * rules through the rule engine of `@bm/contracts` (the one the browser runs), stopping at the
 * first failure. Returns the value to store (HTML sanitised, empty non-text values as null) or the
 * message for `errors[mapKey]`. The server-only rules (`SERVER_RULES` of `@bm/contracts`, such as
 * `openapi`), which the browser's engine skips, are read here and run by check-values.ts.
 */
import {
  checkRules,
  type FieldRule,
  type FormFieldSpec,
  parseFieldRules,
  SERVER_RULES,
  type ServerRuleName,
} from '@bm/contracts';
import { sanitizeHtml } from './sanitize-html.ts';

export type Checked = { ok: true; value: unknown } | { ok: false; message: string };

const DATE_TIME = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const TEXT_TYPES = new Set([
  'text',
  'link',
  'autocomplete',
  'htmleditor',
  'keygenerator',
  'uploadsingleselect',
  'cscode',
  'jscode',
  'jsoncode',
  'csscode',
  'htmlcode',
  'xmlcode',
  'yamlcode',
  'jsonview',
]);
const MAX_TEXT = 1_000_000;

const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function typed(type: string, value: unknown): Checked {
  if (isEmpty(value)) return { ok: true, value: TEXT_TYPES.has(type) && value === '' ? '' : null };
  switch (type) {
    case 'boolean':
      if (typeof value === 'boolean') return { ok: true, value };
      if (value === 'true' || value === 'false') return { ok: true, value: value === 'true' };
      return { ok: false, message: 'Must be true or false' };
    case 'number': {
      const n = typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value;
      return Number.isSafeInteger(n)
        ? { ok: true, value: n }
        : { ok: false, message: 'Must be a whole number' };
    }
    case 'decimal': {
      const n = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
      return typeof n === 'number' && Number.isFinite(n)
        ? { ok: true, value: n }
        : { ok: false, message: 'Must be a number' };
    }
    case 'date':
    case 'datetime':
    case 'datetime2':
      return typeof value === 'string' &&
        DATE_TIME.test(value) &&
        !Number.isNaN(Date.parse(value.replace(' ', 'T')))
        ? { ok: true, value }
        : { ok: false, message: 'Must be a date (YYYY-MM-DD HH:mm)' };
    case 'multiselect': {
      const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null;
      return list?.every((v) => typeof v === 'string' || typeof v === 'number')
        ? { ok: true, value: list }
        : { ok: false, message: 'Must be a list of values' };
    }
    case 'autocomplete':
      // An autocomplete sends text, or the suggestion's id when the field has a mapKeyId.
      if (typeof value === 'number' && Number.isSafeInteger(value)) return { ok: true, value };
      if (typeof value !== 'string' || value.length > 1000 || value.includes('\u0000')) {
        return { ok: false, message: 'Must be text' };
      }
      return { ok: true, value };
    case 'combobox':
    case 'singleselect':
      return typeof value === 'string' || typeof value === 'number'
        ? { ok: true, value }
        : { ok: false, message: 'Must be one value' };
    case 'spacer':
      return { ok: false, message: 'Takes no value' };
    case 'menutree':
      // A menu tree, or its JSON text; its items are checked by check-values (src/menu/check-menu.ts).
      return Array.isArray(value) || typeof value === 'string'
        ? { ok: true, value }
        : { ok: false, message: 'The menu must be a list of items' };
    default:
      if (typeof value !== 'string') return { ok: false, message: 'Must be text' };
      if (value.length > MAX_TEXT || value.includes('\u0000'))
        return { ok: false, message: 'Is not acceptable text' };
      return { ok: true, value: type === 'htmleditor' ? sanitizeHtml(value) : value };
  }
}

/** Types whose value is chosen from a list of options. */
export const isListType = (type: string): boolean =>
  type === 'combobox' || type === 'singleselect' || type === 'multiselect';

/**
 * A field's fixed options, as the form shows them: `options`, or `inputProps.options` (each a
 * value/label pair or a bare value). Undefined when the options come from a source.
 */
export function fixedOptionsOf(spec: FormFieldSpec): unknown[] | undefined {
  const list = spec.options ?? spec.inputProps?.options;
  if (!Array.isArray(list)) return undefined;
  return list.map((o: unknown) =>
    typeof o === 'object' && o !== null && Object.hasOwn(o, 'value') ? (o as { value: unknown }).value : o,
  );
}

/**
 * The server-only rules a spec names, with their messages: in a list of `{name, message}` or in the
 * pipe format (`required|openapi` with `validationMessages`), names read as the rule engine reads them.
 */
export function serverRulesOf(spec: FormFieldSpec): { name: ServerRuleName; message: string }[] {
  const { validations } = spec;
  const entries: { name: unknown; message: unknown }[] = Array.isArray(validations)
    ? validations.map((rule) => ({ name: rule.name, message: rule.message }))
    : typeof validations === 'string'
      ? validations.split('|').map((name, i) => ({
          name: name.split(/[:=]/)[0],
          message: spec.validationMessages?.split('|')[i],
        }))
      : [];
  return entries.flatMap(({ name, message }) => {
    const known = SERVER_RULES.find((r) => typeof name === 'string' && name.trim().toLowerCase() === r);
    return known ? [{ name: known, message: typeof message === 'string' ? message.trim() : '' }] : [];
  });
}

/** `rules`: the ones that apply in this form (rulesInForm), by default the spec's own. */
export function checkField(
  spec: FormFieldSpec,
  fallbackType: string,
  value: unknown,
  rules: readonly FieldRule[] = parseFieldRules(spec),
): Checked {
  const result = typed(spec.type ?? fallbackType, value);
  if (!result.ok) return result;
  // The browser runs the same rules on the same value before it sends it.
  const message = checkRules(rules, result.value);
  if (message) return { ok: false, message };
  const options = fixedOptionsOf(spec);
  if (options && !isEmpty(result.value)) {
    const allowed = new Set(options.map(String));
    const values = Array.isArray(result.value) ? result.value : [result.value];
    if (!values.every((v) => allowed.has(String(v))))
      return { ok: false, message: 'Is not one of the options' };
  }
  return result;
}
